// The shipments module's public surface (sales.md §3): the routes, the jobs, the services the production demo ships
// through, and its implementation of the orders module's OrderShipments port (connected in the composition root).
export { shipmentsRoutes } from './shipments.routes.ts';
export { runShipmentJobsOnce, startShipmentJobs, type ShipmentJobDeps } from './shipments.jobs.ts';
export { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';
export { postShipment } from './shipments.posting.ts';
export { checkSaleFacts, recordSaleFacts } from './shipments.sale-facts.ts';
export { createShipment, updateShipment } from './shipments.write.ts';
export { shipmentsOfOrders } from './shipments.for-orders.ts';
export { shipmentRelatedDocuments, shipmentsOfOrder } from './shipments.related.ts';
