// The integrations' shapes (reports-admin.md §15) shared by the server and the page: the inbound webhooks (their
// settings with the secret write-only, the signed order payload, the log of accepted events) and the name mappings
// of external item codes. Nova Poshta's own settings are in the nova-poshta module's contract.
import { booleanFilter, decimalTextOf, optionalText, refId } from '@/shared/contract-fields.ts';
import { documentDate } from '@/shared/document-date.ts';
import { idParams, messageSchema } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { integrationsMessages as m, webhookSystems } from './integrations.messages.ts';

const systemParams = z.strictObject({ system: z.enum(webhookSystems) });

// ---- webhook settings ---------------------------------------------------------------------------------------------

export const webhookSystemSchema = z.object({
  system: z.enum(webhookSystems),
  label: z.string(),
  enabled: z.boolean(),
  /** The shared secret is stored (sealed); it is never answered. */
  hasSecret: z.boolean(),
  /** The path the external system posts to. */
  path: z.string(),
  lastEventAt: z.string().nullable(),
  events: z.number().int(),
});
export type WebhookSystemSettings = z.infer<typeof webhookSystemSchema>;

/** `PUT /api/integrations/webhooks/:system/settings`: absent keeps a value; `secret: null` removes the secret. */
export const webhookSettingsBodySchema = z.strictObject({
  enabled: z.boolean().optional(),
  secret: z.string().trim().min(32, m.secretFormat).max(200, m.secretFormat).nullable().optional(),
});
export type WebhookSettingsInput = z.input<typeof webhookSettingsBodySchema>;

// ---- the signed payload ---------------------------------------------------------------------------------------------

const decimalText = decimalTextOf({
  decimal: (scale: number) => `Число з не більше ніж ${scale} знаками після коми`,
  positive: 'Має бути більше нуля',
});

export const webhookLineSchema = z.strictObject({
  code: z.string().trim().min(1, m.codeRequired).max(100),
  name: z.string().trim().max(300).optional(),
  qty: decimalText(4, { positive: true }),
  price: decimalText(6),
});

/** The body an external system posts (module README): one order, identified by its own id and version. */
export const webhookPayloadSchema = z.strictObject({
  event: z.literal('order'),
  externalId: z.string().trim().min(1).max(100),
  version: z.number().int().min(1).max(2_000_000_000),
  order: z.strictObject({
    date: documentDate('Дата замовлення — у форматі РРРР-ММ-ДД'),
    number: optionalText(60),
    client: z.strictObject({ taxId: z.string().trim().min(8).max(12), name: optionalText(300) }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/)
      .default('UAH'),
    pricesIncludeVat: z.boolean().default(false),
    notes: optionalText(2000),
    lines: z.array(webhookLineSchema).min(1).max(500),
  }),
});
export type WebhookPayload = z.output<typeof webhookPayloadSchema>;

export const webhookAnswerSchema = z.object({
  status: z.enum(['created', 'updated', 'duplicate', 'stale']),
  orderId: z.number().int(),
  orderNumber: z.string(),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

export const webhookEventSchema = z.object({
  id: z.number().int(),
  system: z.enum(webhookSystems),
  externalId: z.string(),
  version: z.number().int(),
  documentId: z.number().int(),
  documentNumber: z.string().nullable(),
  receivedAt: z.string(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

// ---- name mappings --------------------------------------------------------------------------------------------------

export const mappingListQuerySchema = z.strictObject({
  ...listQueryShape,
  system: z.enum(webhookSystems).optional(),
  unmapped: booleanFilter(),
});
export type MappingListQuery = z.output<typeof mappingListQuerySchema>;

export const mappingSchema = z.object({
  id: z.number().int(),
  system: z.enum(webhookSystems),
  externalCode: z.string(),
  externalName: z.string().nullable(),
  itemId: z.number().int().nullable(),
  itemSku: z.string().nullable(),
  itemName: z.string().nullable(),
  updatedAt: z.string(),
});
export type Mapping = z.infer<typeof mappingSchema>;

export const mappingCreateSchema = z.strictObject({
  system: z.enum(webhookSystems),
  externalCode: z.string().trim().min(1, m.codeRequired).max(100),
  externalName: optionalText(300),
  itemId: refId(m.itemNotFound, { maxDbId: true }),
});
export const mappingUpdateSchema = z.strictObject({
  itemId: refId(m.itemNotFound, { maxDbId: true }).nullable(),
  externalName: optionalText(300),
});
export type MappingCreateInput = z.input<typeof mappingCreateSchema>;
export type MappingUpdateInput = z.input<typeof mappingUpdateSchema>;

export const integrationRunsQuerySchema = z.strictObject({
  key: z.enum(['nbu', 'bank-mailbox', 'bas-pull', 'nova-poshta'], { error: 'Невідома інтеграція' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const integrationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  ok: z.boolean(),
  message: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
});

export const integrationsSchemas = {
  runs: { query: integrationRunsQuerySchema, response: z.array(integrationRunSchema) },
  webhookSettings: { response: z.array(webhookSystemSchema) },
  saveWebhookSettings: { params: systemParams, body: webhookSettingsBodySchema, response: webhookSystemSchema },
  // Nothing is validated before the signature (access.byHandler): the handler reads the system and the raw body,
  // answers 401 for an unknown system like for a bad signature, and validates the body afterwards.
  webhook: { params: z.strictObject({ system: z.string() }), response: webhookAnswerSchema },
  webhookEvents: {
    query: z.strictObject({ system: z.enum(webhookSystems).optional() }),
    response: z.array(webhookEventSchema),
  },
  // 1C's exchange (mode=checkauth|init|file|import) reads its own query and answers text lines; nothing is validated
  // before its login (access.byHandler).
  commercemlGet: {},
  commercemlPost: {},
  mappings: { query: mappingListQuerySchema, response: z.array(mappingSchema) },
  createMapping: { body: mappingCreateSchema, response: mappingSchema },
  updateMapping: { params: idParams, body: mappingUpdateSchema, response: mappingSchema },
  deleteMapping: { params: idParams, response: messageSchema },
};
