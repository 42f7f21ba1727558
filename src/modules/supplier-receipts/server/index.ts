export { supplierReceiptsRoutes } from './supplier-receipts.routes.ts';
export { supplierReceiptsDemoSeeder } from './supplier-receipts.demo.ts';
export { createReceipt, getReceipt, postReceipt, updateReceipt } from './supplier-receipts.service.ts';
