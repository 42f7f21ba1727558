export { supplierOrdersRoutes } from './supplier-orders.routes.ts';
export { supplierOrdersDemoSeeder } from './supplier-orders.demo.ts';
export { kyivToday, onOrderByItem, syncSupplierOrderStatus } from './supplier-orders.progress.ts';
export { createOrder, getOrder, listOrders, receiveOrder, transitionOrder } from './supplier-orders.service.ts';
