export { itemsRoutes } from './items.routes.ts';
