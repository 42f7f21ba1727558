// Composition root of the database schema: every module's tables, for drizzle-kit and the DB client.
export * from '../../modules/users/server/users.table.ts';
export * from '../../modules/auth/server/auth.table.ts';
export * from '../../modules/system-logs/server/audit.table.ts';
export * from '../../modules/email-settings/server/email-outbox.table.ts';
export * from './platform.table.ts';
export * from '../../modules/roles/server/roles.table.ts';
export * from '../../modules/profile/server/profile.table.ts';
export * from '../../modules/notifications/server/notifications.table.ts';
