export { supplierReceiptsRoutes } from './supplier-receipts.routes.ts';
export { supplierReceiptsDemoSeeder } from './supplier-receipts.demo.ts';
