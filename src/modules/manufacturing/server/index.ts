// Manufacturing orders (production.md §4): the routes, the services other production modules call in their own
// transaction (kanban, MES, ordered products, forecasts) and the jobs.
export { manufacturingRoutes } from './manufacturing.routes.ts';
export { startManufacturingJobs, runManufacturingJobsOnce } from './manufacturing.jobs.ts';
export {
  createChildOrders,
  createManufacturingOrder,
  deleteManufacturingOrder,
  openDemandsOf,
  updateManufacturingOrder,
  type CreateManufacturingOrderInput,
  type UpdateManufacturingOrderPatch,
} from './manufacturing.write.ts';
export {
  cancelManufacturingOrder,
  completeManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
  unreleaseManufacturingOrder,
} from './manufacturing.lifecycle.ts';
export { markInProgress, refreshOperationReadiness } from './manufacturing.status.ts';
export { closeOpenTimeEntries, correctTimeEntry, minutesBetween } from './manufacturing.time.ts';
export {
  cancelMoPosting,
  postMoIssue,
  type MoIssueInput,
  type MoOutputInput,
  type MoPostingResult,
} from './manufacturing.postings.ts';
export { postMoOutput } from './manufacturing.output.ts';
export { completeIfFinished, isReadyToComplete } from './manufacturing.completion.ts';
export { materialAvailability, shortMaterialsText, type MoShortMaterial } from './manufacturing.availability.ts';
export {
  MO_ENTITY,
  MO_MATERIAL,
  actualCosts,
  allocatedSerials,
  lockManufacturingOrder,
  materialStates,
  moProducedQty,
  type MoRow,
} from './manufacturing.common.ts';
export { listManufacturingOrders, manufacturingStats, moTimeEntries } from './manufacturing.read.ts';
export { getManufacturingOrder } from './manufacturing.detail.ts';
export { manufacturingOfOrder, manufacturingRelatedDocuments } from './manufacturing.related.ts';
export { manufacturingForOrders } from './manufacturing.order-links.ts';
export {
  manufacturingOrders,
  moDemands,
  moMaterials,
  moOperations,
  moPostingLines,
  moPostings,
  timeEntries,
} from './manufacturing.table.ts';
export { openMaterialNeedsByItem } from './manufacturing.material-needs.ts';
export { inProductionByItem } from './manufacturing.in-production.ts';
export { manufacturingOrderByNumber } from './manufacturing.by-number.ts';
export { moPostedOutputs, type MoPostedOutputs } from './manufacturing.outputs.ts';
