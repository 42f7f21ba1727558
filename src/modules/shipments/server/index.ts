export { shipmentsRoutes } from './shipments.routes.ts';
export { shipmentsDemoSeeder } from './shipments.demo.ts';
export { runShipmentJobsOnce, startShipmentJobs, type ShipmentJobDeps } from './shipments.jobs.ts';
export { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';
export { postShipment } from './shipments.posting.ts';
export { createShipment, deleteDraftShipmentsOfOrder, updateShipment } from './shipments.write.ts';
