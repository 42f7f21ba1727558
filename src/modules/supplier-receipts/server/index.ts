// The supplier-receipts module's public surface (warehouse.md §6): the routes, the services, and its implementation
// of the supplier-orders module's SupplierOrderReceipts port (connected in the composition root).
export { supplierReceiptsRoutes } from './supplier-receipts.routes.ts';
export { getReceipt } from './supplier-receipts.read.ts';
export { createReceipt, updateReceipt } from './supplier-receipts.write.ts';
export { postReceipt } from './supplier-receipts.posting.ts';
export { receiptsOfSupplierOrders } from './supplier-receipts.for-orders.ts';
export { lastPurchaseByItem, type LastPurchase } from './supplier-receipts.last-purchase.ts';
