export { inventoryAuditsRoutes } from './inventory-audits.routes.ts';
