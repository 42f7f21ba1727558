// The shapes of /api/system-logs (reports-admin.md §16): the audit journal and the system events, their filters,
// the stats by level, the cleanup of old events and the retention settings.
import { z } from '@/shared/zod-uk.ts';
import { idParams } from '@/shared/contract.ts';
import { idFilter } from '@/shared/contract.ts';
import { periodFilterShape } from '@/shared/contract-fields.ts';
import { listQueryShape } from '@/shared/list.ts';
import {
  eventCategories,
  eventLevels,
  MIN_AUDIT_RETENTION_YEARS,
  MIN_CLEANUP_DAYS,
  systemLogsMessages,
} from './system-logs.messages.ts';

export { eventCategories, eventLevels, type EventCategory, type EventLevel } from './system-logs.messages.ts';

const msg = systemLogsMessages.server;
const exportFormatShape = { format: z.enum(['csv', 'xlsx']).optional().default('xlsx') };
/** A list answered as a file instead of a page (`?format=csv|xlsx`, the same as its /export). */
const listFormatShape = { format: z.enum(['csv', 'xlsx']).optional() };

export const auditQuerySchema = z.strictObject({
  ...listQueryShape,
  ...periodFilterShape(),
  userId: idFilter(),
  action: z.string().trim().max(40).optional(),
  entityType: z.string().trim().max(80).optional(),
  entityId: z.string().trim().max(80).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  actor: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditDetailSchema = auditRowSchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  /** The top-level keys whose values differ between before and after. */
  changedKeys: z.array(z.string()),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const eventQuerySchema = z.strictObject({
  ...listQueryShape,
  ...periodFilterShape(),
  level: z.enum(eventLevels).optional(),
  category: z.enum(eventCategories).optional(),
});
export type EventQuery = z.infer<typeof eventQuerySchema>;

export const eventRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(eventLevels),
  category: z.enum(eventCategories),
  message: z.string(),
  details: z.unknown(),
  requestId: z.string().nullable(),
});
export type EventRow = z.infer<typeof eventRowSchema>;

const levelCounts = z.object({ info: z.number().int(), warn: z.number().int(), error: z.number().int() });
export const logStatsSchema = z.object({ day: levelCounts, week: levelCounts });
export type LogStats = z.infer<typeof logStatsSchema>;

const cleanupDays = z
  .number({ error: msg.cleanupDays })
  .int(msg.cleanupDays)
  .min(MIN_CLEANUP_DAYS, msg.cleanupDays)
  .max(36_500, msg.cleanupDays);
export const cleanupSchema = z.strictObject({ olderThanDays: cleanupDays });
export const cleanupResultSchema = z.object({ deleted: z.number().int(), message: z.string() });

export const logSettingsSchema = z.object({
  eventRetentionDays: z.number().int(),
  auditRetentionYears: z.number().int(),
});
export type LogSettings = z.infer<typeof logSettingsSchema>;
export const logSettingsPatchSchema = z.strictObject({
  eventRetentionDays: z
    .number({ error: msg.eventRetention })
    .int(msg.eventRetention)
    .min(MIN_CLEANUP_DAYS, msg.eventRetention)
    .max(36_500)
    .optional(),
  auditRetentionYears: z
    .number({ error: msg.auditRetention })
    .int(msg.auditRetention)
    .min(MIN_AUDIT_RETENTION_YEARS, msg.auditRetention)
    .max(100)
    .optional(),
});
export type LogSettingsPatch = z.infer<typeof logSettingsPatchSchema>;

/** The shapes of every endpoint of the module (their paths are in system-logs.endpoints.ts, decision 0016). */
export const systemLogsSchemas = {
  auditList: { query: auditQuerySchema.extend(listFormatShape), response: z.array(auditRowSchema) },
  auditExport: { query: auditQuerySchema.extend(exportFormatShape) },
  auditGet: { params: idParams, response: auditDetailSchema },
  eventList: { query: eventQuerySchema.extend(listFormatShape), response: z.array(eventRowSchema) },
  eventExport: { query: eventQuerySchema.extend(exportFormatShape) },
  stats: { response: logStatsSchema },
  cleanup: { body: cleanupSchema, response: cleanupResultSchema },
  settings: { response: logSettingsSchema },
  updateSettings: { body: logSettingsPatchSchema, response: logSettingsSchema },
};
