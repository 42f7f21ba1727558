export { workersRoutes } from './workers.routes.ts';
