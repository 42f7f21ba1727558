// Notifications (spec §3, §7; reports-admin.md §9).
import { z } from '@/shared/zod-uk.ts';

export const notificationTypeValues = ['info', 'warning', 'error', 'success', 'payment', 'system'] as const;
export const notificationPriorityValues = ['low', 'medium', 'high', 'critical'] as const;
export const notificationStatusValues = ['read', 'unread', 'resolved', 'unresolved'] as const;
export const NOTIFICATIONS_DEFAULT_LIMIT = 50;
/**
 * What a notification is about (reports-admin.md §9, the 'related' column): one singular name per kind of record,
 * everywhere. Stored as `relatedEntityType`; migration 0028 renamed the plural names written before.
 */
export const notificationRelatedTypes = [
  'item',
  'payment',
  'bank_transaction',
  'order',
  'shipment',
  'manufacturing_order',
  'integration',
  'client',
] as const;
export type NotificationRelatedType = (typeof notificationRelatedTypes)[number];
export const BULK_DELETE_MAX = 500;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypeValues),
  priority: z.enum(notificationPriorityValues),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  isResolved: z.boolean(),
  actionRequired: z.boolean(),
  actionUrl: z.string().nullable(),
  relatedEntityType: z.string().nullable(),
  relatedEntityId: z.string().nullable(),
  /** How a person names the related record; null for events raised before it was kept. */
  relatedLabel: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

// Spec §5: a filter whose value is 'all' or empty is no filter.
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === 'all' || v === '' ? undefined : v), z.enum(values).optional());

export const notificationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(500).optional().default(NOTIFICATIONS_DEFAULT_LIMIT),
  type: optionalFilter(notificationTypeValues),
  priority: optionalFilter(notificationPriorityValues),
  status: optionalFilter(notificationStatusValues),
  searchQuery: z.string().trim().max(200).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationStatsSchema = z.object({
  unreadNotifications: z.number().int(),
  totalNotifications: z.number().int(),
  unreadCount: z.number().int(),
  criticalCount: z.number().int(),
  unresolvedCount: z.number().int(),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

export const notificationIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'Некоректний ідентифікатор повідомлення' }).int().positive().max(2_147_483_647),
});

export const bulkDeleteBodySchema = z.strictObject({
  ids: z
    .array(z.number({ error: 'Некоректний ідентифікатор повідомлення' }).int().positive().max(2_147_483_647), {
      error: 'Не вибрано жодного повідомлення',
    })
    .min(1, 'Не вибрано жодного повідомлення')
    .max(BULK_DELETE_MAX, `Можна видалити щонайбільше ${BULK_DELETE_MAX} повідомлень за раз`),
});

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export const updatedCountSchema = z.object({ updated: z.number().int() });

export const okSchema = z.object({ ok: z.literal(true) });

/** The shapes of every endpoint of the module (its paths are in notifications.endpoints.ts, decision 0016). */
export const notificationsSchemas = {
  list: { query: notificationListQuerySchema, response: z.array(notificationSchema) },
  stats: { response: notificationStatsSchema },
  markRead: { params: notificationIdParamsSchema, response: okSchema },
  resolve: { params: notificationIdParamsSchema, response: okSchema },
  resetBadges: { response: updatedCountSchema },
  bulkDelete: { body: bulkDeleteBodySchema, response: deletedCountSchema },
  remove: { params: notificationIdParamsSchema, response: deletedCountSchema },
  sendTest: { response: z.object({ created: z.number().int() }) },
};
