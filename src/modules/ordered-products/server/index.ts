// The ordered-products module's public surface (production.md §10, sales.md §7): the routes and the demand
// figures the kanban and the shortage read.
export { orderedProductsRoutes } from './ordered-products.routes.ts';
export {
  ACTIVE_ORDER_STATUSES,
  OPEN_MO_STATUSES,
  demandLines,
  freeByItem,
  inProductionByItem,
  makeableItems,
  orderedProducts,
  type DemandFilters,
  type DemandLine,
  type OrderedProductRow,
  type OrderedProductsFilters,
} from './ordered-products.read.ts';
export { createManufacturingOrders, reserveFree } from './ordered-products.service.ts';
