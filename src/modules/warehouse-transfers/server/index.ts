export { warehouseTransfersRoutes } from './warehouse-transfers.routes.ts';
