export { supplierOrdersRoutes } from './supplier-orders.routes.ts';
export { supplierOrdersDemoSeeder } from './supplier-orders.demo.ts';
export { kyivToday, onOrderByItem, syncSupplierOrderStatus } from './supplier-orders.progress.ts';
export { getOrder, listOrders } from './supplier-orders.read.ts';
export { createOrder } from './supplier-orders.write.ts';
export { receiveOrder, transitionOrder } from './supplier-orders.actions.ts';
