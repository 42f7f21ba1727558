export { scannerRoutes } from './scanner.routes.ts';
export { lookupCode } from './scanner.service.ts';
