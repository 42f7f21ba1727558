export { mesRoutes } from './mes.routes.ts';
export { performMesAction, shortQty, type MesActionAnswer, type MesActionOptions } from './mes.actions.ts';
export { identifyByBadge, mesContext, mesOperationDetail, mesQueue, mesWorkers } from './mes.read.ts';
export { purgeIdempotencyKeys } from './idempotency.ts';
