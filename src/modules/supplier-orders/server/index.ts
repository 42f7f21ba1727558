// The supplier-orders module's public surface (warehouse.md §5): the routes, the progress the receipts sync after
// they post, the services, and the port the supplier-receipts module implements for 'Отримати' (connected in the
// composition root).
export { supplierOrdersRoutes } from './supplier-orders.routes.ts';
export { kyivToday, onOrderByItem, syncSupplierOrderStatus } from './supplier-orders.progress.ts';
export { getOrder, listOrders } from './supplier-orders.read.ts';
export { createOrder } from './supplier-orders.write.ts';
export { defaultReceivingWarehouse } from './supplier-orders.defaults.ts';
export { receiveOrder, transitionOrder } from './supplier-orders.actions.ts';
export {
  connectSupplierOrderReceipts,
  type ReceiptDraftInput,
  type SupplierOrderReceipts,
} from './supplier-order-receipts.ts';
