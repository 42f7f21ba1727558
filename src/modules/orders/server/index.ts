// The orders module's public surface: the routes, the order effects the payments and shipments modules call after
// they change (refreshOrder, paid sums, line progress), the creation and confirmation services, and the ports the
// shipments and manufacturing modules implement for the order actions (connected in the composition root).
export { ordersRoutes } from './orders.routes.ts';
export { notifyReservationCut, runOrderNoticesOnce, startOrderJobs } from './orders.notices.ts';
export {
  ORDER_LINE,
  ORDERS_ENTITY,
  lineProgress,
  paidByOrder,
  paidSql,
  paymentStatusOf,
  refreshOrder,
  refreshOrders,
  releaseOrder,
  reserveOrder,
  trimLineReservation,
  type LineProgress,
} from './order-effects.ts';
export { assertStatus, backdateConfirmation, confirmOrder, createOrder, lockOrder } from './orders.service.ts';
export { getOrder, shippedOfLine } from './orders.read.ts';
export { setProductionApproval } from './orders.actions.ts';
export { updateOrder } from './orders.write.ts';
export { connectOrderManufacturing, type OrderManufacturing } from './order-manufacturing.ts';
export { connectOrderShipments, type OrderShipmentFilter, type OrderShipments } from './order-shipments.ts';
export { orderLines, orders } from './orders.table.ts';
export {
  connectOrderRelatedDocuments,
  orderRelatedDocuments,
  ordersAsRelated,
  viewableOnly,
  type CanViewRoute,
  type OrderChildDocuments,
} from './order-related.ts';
