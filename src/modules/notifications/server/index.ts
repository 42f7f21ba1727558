// Other modules raise events with notify(tx, event) inside their own transaction, and end them with
// resolveByKey(tx, key) when the condition is over.
export { keyedId, notify, purgeOldNotifications, resolveByKey, type NotifyEvent } from './notifications.service.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { notifications } from './notifications.table.ts';
