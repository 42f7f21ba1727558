export { supplierReceiptsRoutes } from './supplier-receipts.routes.ts';
export { supplierReceiptsDemoSeeder } from './supplier-receipts.demo.ts';
export { getReceipt } from './supplier-receipts.read.ts';
export { createReceipt, updateReceipt } from './supplier-receipts.write.ts';
export { postReceipt } from './supplier-receipts.posting.ts';
