// The production core every production module shares (production.md §0): the spec resolution, effective
// operations, BOM effective quantities, planned minutes and conversion costs, and the production settings.
export {
  applyModification,
  bomMaterials,
  bomMaterialsOf,
  costOperations,
  effectiveOperations,
  effectiveOperationsOf,
  effectivePerUnit,
  leadTimeDays,
  operationCosts,
  operationRates,
  plannedMinutes,
  requireProductionSpec,
  resolveProductionSpec,
  resolveProductionSpecs,
  specMessages,
  type BomMaterial,
  type EffectiveOperation,
  type OperationCost,
  type OperationCosts,
  type OperationTimeInput,
  type ResolvedSpec,
} from './spec.ts';
export {
  getProductionSettings,
  productionSettingDefaults,
  productionSettingKeys,
  type ProductionSettings,
  type ProductionSettingsPatch,
  updateProductionSettings,
} from './production-settings.ts';
