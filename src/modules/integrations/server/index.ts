// The integrations module's server side (reports-admin.md §15): its routes and tables.
export { integrationsRoutes } from './integrations.routes.ts';
export { externalItemMappings, integrationWebhookEvents } from './webhooks.table.ts';
export { signBody } from './webhooks.service.ts';
export { commercemlExchangeFiles } from './commerceml-exchange.table.ts';
export { startBasPullJob } from './bas-pull.jobs.ts';
