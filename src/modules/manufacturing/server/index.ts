// Manufacturing orders (production.md §4): the routes, the services other production modules call in their own
// transaction (kanban, MES, ordered products, forecasts), the jobs and the demo.
export { manufacturingRoutes } from './manufacturing.routes.ts';
export { buyShortages, demoPurchase, manufacturingDemoSeeder } from './manufacturing.demo.ts';
export { startManufacturingJobs, runManufacturingJobsOnce } from './manufacturing.jobs.ts';
export {
  cancelManufacturingOrder,
  closeOpenTimeEntries,
  completeManufacturingOrder,
  correctTimeEntry,
  createChildOrders,
  createManufacturingOrder,
  deleteManufacturingOrder,
  markInProgress,
  minutesBetween,
  openDemandsOf,
  refreshOperationReadiness,
  releaseManufacturingOrder,
  startManufacturingOrder,
  unreleaseManufacturingOrder,
  updateManufacturingOrder,
  type CreateManufacturingOrderInput,
  type UpdateManufacturingOrderPatch,
} from './manufacturing.service.ts';
export {
  cancelMoPosting,
  postMoIssue,
  postMoOutput,
  type MoIssueInput,
  type MoOutputInput,
  type MoPostingResult,
} from './manufacturing.postings.ts';
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
export {
  getManufacturingOrder,
  listManufacturingOrders,
  manufacturingStats,
  moTimeEntries,
} from './manufacturing.read.ts';
export {
  manufacturingOrders,
  moDemands,
  moMaterials,
  moOperations,
  moPostingLines,
  moPostings,
  timeEntries,
} from './manufacturing.table.ts';
