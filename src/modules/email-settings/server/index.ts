export { createMailer, RETRY_DELAYS_MIN, type Mailer, type MailMessage } from './mailer.ts';
export { emailOutbox } from './email-outbox.table.ts';
