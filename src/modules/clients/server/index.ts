export { clientsRoutes } from './clients.routes.ts';
export { withDefaults as bankAccountsWithDefaults } from './clients.service.ts';
export { clientDeliveryPresets, clientNpSettings } from './clients.table.ts';
