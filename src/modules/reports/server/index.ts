// The reports module's server side (reports-admin.md §0, §2): its routes, and the fact layer other reports read.
export { reportsRoutes } from './reports.routes.ts';
export { saleFigures } from './profitability.read.ts';
export { consumptionFacts } from './facts-components.ts';
export {
  bookingFacts,
  bookingsByOrder,
  bookingTotals,
  cashFacts,
  filtersBeyondCash,
  filtersBeyondStock,
  lastSaleDay,
  stockFactsAt,
  productionVariancesOf,
  saleFacts,
  warrantyCostOf,
  writeOffsOf,
  type SalesFilter,
} from './facts.ts';
export { itemStockFacts, stockItemFilter, type StockFilter } from './facts-adv.ts';
export { outputFacts } from './facts-production.ts';
export { orderLeadTimes, stockValueAt, stockValueAtMonthEnds } from './facts-analytics.ts';
export { rankedGroups, type RankedGroups } from './ranked.ts';
