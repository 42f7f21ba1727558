export { ordersRoutes } from './orders.routes.ts';
