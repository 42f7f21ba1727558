export { shipmentsRoutes } from './shipments.routes.ts';
