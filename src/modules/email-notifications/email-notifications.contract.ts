// The e-mail rules (reports-admin.md §14) shared by the server and the page: one rule per event, its recipients,
// templates with the event's placeholders, the delivery (at once or the daily digest), the preview and the test.
import { z } from '@/shared/zod-uk.ts';
import {
  emailDeliveries,
  emailEventKeys,
  emailNotificationsMessages as m,
  placeholderLabels,
  type Placeholder,
} from './email-notifications.messages.ts';

const emailText = z.string().trim().max(254).email(m.email);
const placeholderNames = Object.keys(placeholderLabels) as [Placeholder, ...Placeholder[]];

export const emailRecipientsSchema = z.object({
  roles: z.array(z.number().int()),
  userIds: z.array(z.number().int()),
  extraEmails: z.array(z.string()),
  /** The client's contacts marked 'Отримує рахунки та накладні', else the client's own e-mail. */
  toClientContacts: z.boolean(),
  /** The order's manager (events about an order). */
  toManager: z.boolean(),
});
export type EmailRecipients = z.infer<typeof emailRecipientsSchema>;

export const emailRuleSchema = z.object({
  eventKey: z.enum(emailEventKeys),
  label: z.string(),
  group: z.enum(['staff', 'client']),
  isEnabled: z.boolean(),
  recipients: emailRecipientsSchema,
  subjectTemplate: z.string(),
  bodyTemplate: z.string(),
  delivery: z.enum(emailDeliveries),
  digestTime: z.string(),
  placeholders: z.array(z.object({ name: z.enum(placeholderNames), label: z.string() })),
  updatedAt: z.string().nullable(),
});
export type EmailRule = z.infer<typeof emailRuleSchema>;

const ids = (message: string) => z.array(z.number({ error: message }).int(message).positive(message)).max(200);

export const emailRuleBodySchema = z.strictObject({
  isEnabled: z.boolean(),
  recipients: z.strictObject({
    roles: ids(m.unknownRole),
    userIds: ids(m.unknownUser),
    extraEmails: z.array(emailText).max(50),
    toClientContacts: z.boolean(),
    toManager: z.boolean(),
  }),
  subjectTemplate: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(300),
  bodyTemplate: z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(10_000),
  delivery: z.enum(emailDeliveries),
  digestTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.digestTime),
});
export type EmailRuleInput = z.input<typeof emailRuleBodySchema>;

export const eventKeyParams = z.strictObject({ eventKey: z.enum(emailEventKeys, { error: m.notFound }) });

/** Preview: the templates as typed (unsaved) or, without a body, the stored ones. */
export const emailPreviewBodySchema = z.strictObject({
  subjectTemplate: z.string().max(300).optional(),
  bodyTemplate: z.string().max(10_000).optional(),
});
export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const emailRuleTestBodySchema = z.strictObject({ to: emailText });
export const emailRuleTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  outboxId: z.number().int(),
});
export type EmailRuleTestResult = z.infer<typeof emailRuleTestResultSchema>;

/** What the recipients pickers offer: every role and every active user with an e-mail. */
export const recipientOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type RecipientOptions = z.infer<typeof recipientOptionsSchema>;

export const emailNotificationsSchemas = {
  list: { response: z.array(emailRuleSchema) },
  recipientOptions: { response: recipientOptionsSchema },
  update: { params: eventKeyParams, body: emailRuleBodySchema, response: emailRuleSchema },
  preview: { params: eventKeyParams, body: emailPreviewBodySchema, response: emailPreviewSchema },
  test: { params: eventKeyParams, body: emailRuleTestBodySchema, response: emailRuleTestResultSchema },
};
