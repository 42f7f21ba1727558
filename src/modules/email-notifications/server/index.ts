// The e-mail rules' server side (reports-admin.md §14): other modules raise an event's e-mail with
// emailEvent(tx, eventKey, data) inside their own transaction; the digest job and the routes.
export { emailEvent, emailRuleEnabled, type EmailEventData } from './email-event.ts';
export { connectLowStockDigest, sendDueDigests, startEmailDigestJob, type LowStockLine } from './email-digest.ts';
export { emailNotificationsRoutes } from './email-notifications.routes.ts';
export { emailDigestEntries, emailRules } from './email-rules.table.ts';
export { afterIntegrationRun, FAILURES_TO_NOTIFY, integrationFailedKey } from './integration-failures.ts';
