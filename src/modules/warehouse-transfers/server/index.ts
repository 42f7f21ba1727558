export { warehouseTransfersRoutes } from './warehouse-transfers.routes.ts';
export { warehouseTransfersDemoSeeder } from './warehouse-transfers.demo.ts';
