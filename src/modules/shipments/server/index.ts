export { shipmentsRoutes } from './shipments.routes.ts';
export { shipmentsDemoSeeder } from './shipments.demo.ts';
export { runShipmentJobsOnce, startShipmentJobs, type ShipmentJobDeps } from './shipments.jobs.ts';
export { shipmentLines, shipmentLineSerials, shipments } from './shipments.table.ts';
export { createShipment, deleteDraftShipmentsOfOrder, postShipment, updateShipment } from './shipments.service.ts';
