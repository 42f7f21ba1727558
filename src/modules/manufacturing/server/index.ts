// Manufacturing orders (production.md §4): the routes, the services other production modules call in their own
// transaction (kanban, MES, ordered products, forecasts), the jobs and the demo.
export { manufacturingRoutes } from './manufacturing.routes.ts';
export { buyShortages, demoPurchase, manufacturingDemoSeeder } from './manufacturing.demo.ts';
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
  markInProgress,
  refreshOperationReadiness,
  releaseManufacturingOrder,
  startManufacturingOrder,
  unreleaseManufacturingOrder,
} from './manufacturing.lifecycle.ts';
export { closeOpenTimeEntries, correctTimeEntry, minutesBetween } from './manufacturing.time.ts';
export {
  cancelMoPosting,
  postMoIssue,
  type MoIssueInput,
  type MoOutputInput,
  type MoPostingResult,
} from './manufacturing.postings.ts';
export { postMoOutput } from './manufacturing.output.ts';
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
export {
  manufacturingOrders,
  moDemands,
  moMaterials,
  moOperations,
  moPostingLines,
  moPostings,
  timeEntries,
} from './manufacturing.table.ts';
