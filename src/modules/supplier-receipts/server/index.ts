export { supplierReceiptsRoutes } from './supplier-receipts.routes.ts';
