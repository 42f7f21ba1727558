export { npCall, npErrorText, npMessages, type NpResult } from './np-client.ts';
export { novaPoshtaRoutes } from './nova-poshta.routes.ts';
