// Costing ('Калькуляція собівартості', production.md §9): the routes and what other modules may use.
export { costingRoutes } from './costing.routes.ts';
export { costingBreakdown, costingRowsOf, listCosting } from './costing.read.ts';
export { applyPrice, createSnapshot, listSnapshots } from './costing.write.ts';
export { getCostingSettings, updateCostingSettings } from './costing-settings.ts';
