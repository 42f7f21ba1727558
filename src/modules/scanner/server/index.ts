export { scannerRoutes } from './scanner.routes.ts';
export { lookupCode, type CanView } from './scanner.service.ts';
