export { inventoryAuditsRoutes } from './inventory-audits.routes.ts';
export { inventoryAuditsDemoSeeder } from './inventory-audits.demo.ts';
