// Specifications ('Специфікації', production.md §1): the routes and what other production modules use —
// the explosion, the full planned unit cost (material roll-up + conversion) and the cycle check.
export { bomRoutes } from './bom.routes.ts';
export { CostRoll, plannedUnitCost, type ItemCost, type PlannedUnitCost } from './bom.rollup.ts';
export { availableByItem, bomCycleCheck, explodeBom, explodeItem, whereUsed } from './bom.structure.ts';
export { getBom, listBoms } from './bom.read.ts';
export { createBom, createBomIn, makeDefaultBom, updateBom } from './bom.write.ts';
export { flattenLeaves } from './bom.calc.ts';
export type { ExplosionNode, FlatLeaf, WhereUsedRow } from '../bom.contract.ts';
