// The dashboard module's server contract (DESIGN §1.4): its routes and the figures' service.
export { dashboardRoutes } from './dashboard.routes.ts';
export { dashboardStats } from './dashboard.service.ts';
