export { createMailer, enqueueMail, RETRY_DELAYS_MIN, type Mailer, type MailMessage } from './mailer.ts';
export { emailOutbox, emailOutboxAttachments } from './email-outbox.table.ts';
export { emailSettingsRoutes } from './email-settings.routes.ts';
