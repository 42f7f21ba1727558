// Repairs ('Ремонти', production.md §7): after-sales repair of sold units — intake by serial, warranty decision,
// diagnosis, parts from stock (RPP), labour, billing and return. Shared by the server and the page.
import { booleanFilter, decimalTextOf, optionalText, periodFilterShape, refId } from '@/shared/contract-fields.ts';
import { documentDate, documentDateTime } from '@/shared/document-date.ts';
import { dbId, idFilter, idParams, messageSchema } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import {
  REPAIR_ATTACHMENT_MAX_BYTES,
  REPAIR_ATTACHMENT_TYPES,
  repairMessages,
  repairStatusLabelsUk,
} from './repairs.messages.ts';

export { REPAIR_ATTACHMENT_MAX_BYTES, REPAIR_ATTACHMENT_TYPES, repairMessages };

export const repairStatuses = ['received', 'diagnosed', 'in_repair', 'ready', 'returned', 'cancelled'] as const;
export type RepairStatus = (typeof repairStatuses)[number];
export const repairStatusLabels: Record<RepairStatus, string> = repairStatusLabelsUk;

/** The state table (§7): where each status may go. cancelled ('Відмова') only from received or diagnosed. */
export const repairTransitions: Record<RepairStatus, readonly RepairStatus[]> = {
  received: ['diagnosed', 'cancelled'],
  diagnosed: ['in_repair', 'cancelled', 'received'],
  in_repair: ['ready', 'diagnosed'],
  ready: ['returned', 'in_repair'],
  returned: [],
  cancelled: [],
};
/** Statuses of a repair still in the workshop (the 'В роботі' card). */
export const repairOpenStatuses: readonly RepairStatus[] = ['received', 'diagnosed', 'in_repair'];

export const warrantyLabels = { true: repairMessages.warranty, false: repairMessages.paid } as const;
export const warrantyLabel = (isWarranty: boolean) => (isWarranty ? repairMessages.warranty : repairMessages.paid);

export const repairPostingStatuses = ['posted', 'cancelled'] as const;
export type RepairPostingStatus = (typeof repairPostingStatuses)[number];
export const repairPostingStatusLabels: Record<RepairPostingStatus, string> = {
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

/** Button names of the page. */
export const repairActionLabels = {
  invoice: 'Виставити рахунок',
  returnWithoutPayment: 'Видати без оплати',
  postParts: 'Провести списання',
  cancelPosting: 'Скасувати проведення',
  printIntake: repairMessages.intakeTitle,
  printAct: repairMessages.actTitle,
} as const;

// ---------- input schemas ----------

const decimalText = decimalTextOf(repairMessages);
const id = refId(repairMessages.reference);
const isoDate = documentDate(repairMessages.date);
const money = decimalText(2);

export const repairListQuerySchema = z.strictObject({
  ...listQueryShape,
  ...periodFilterShape(repairMessages.date),
  _t: z.string().optional(),
  /** One status or a comma-separated list. */
  status: z.string().trim().max(100).optional(),
  /** 'true': warranty only, 'false': paid only. */
  warranty: booleanFilter(),
  /** 'true': open repairs older than repairOverdueDays. */
  overdue: booleanFilter(),
  clientId: idFilter(),
  itemId: idFilter(),
  serialNumberId: idFilter(),
  assignedWorkerId: idFilter(),
});
export const repairSortFields = ['number', 'intakeDate', 'status', 'clientName', 'itemName', 'createdAt'] as const;

export const repairGetQuerySchema = z.object({ _t: z.string().optional() });

const warrantyOverrideShape = {
  /** null: computed from the serial (intakeDate ≤ warrantyUntil); true/false: overridden, with a reason. */
  warrantyOverride: z.boolean().nullable().optional(),
  warrantyOverrideReason: optionalText(500),
};

export const repairCreateSchema = z.strictObject({
  serialNumberId: id.nullable().optional(),
  itemId: id,
  clientId: id,
  contactId: id.nullable().optional(),
  /** Default today. */
  intakeDate: isoDate.optional(),
  problemDescription: z.string({ error: repairMessages.problem }).trim().min(1, repairMessages.problem).max(4000),
  accessories: optionalText(1000),
  visualDamage: optionalText(1000),
  assignedWorkerId: id.nullable().optional(),
  estimatedCost: money.nullable().optional(),
  notes: optionalText(4000),
  ...warrantyOverrideShape,
});
export type RepairCreateInput = z.input<typeof repairCreateSchema>;

export const repairUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  contactId: id.nullable().optional(),
  intakeDate: isoDate.optional(),
  problemDescription: z.string().trim().min(1, repairMessages.problem).max(4000).optional(),
  accessories: optionalText(1000),
  visualDamage: optionalText(1000),
  diagnosis: optionalText(4000),
  workDone: optionalText(4000),
  assignedWorkerId: id.nullable().optional(),
  estimatedCost: money.nullable().optional(),
  /** The client agreed to the paid repair (sets clientApprovedAt). */
  clientApproved: z.boolean().optional(),
  notes: optionalText(4000),
  ...warrantyOverrideShape,
});
export type RepairUpdateInput = z.input<typeof repairUpdateSchema>;

export const repairStatusChangeSchema = z.strictObject({
  to: z.enum(repairStatuses),
  comment: optionalText(500),
  /** 'Видати без оплати' (returned on a paid repair whose order is unpaid): the comment is then the reason. */
  withoutPayment: z.boolean().optional(),
  /** The version read (optional: a stale one gives 409). */
  version: z.number().int().min(1).optional(),
});
export type RepairStatusChangeInput = z.input<typeof repairStatusChangeSchema>;

export const repairPartLineInputSchema = z.strictObject({
  itemId: id,
  qty: decimalText(4, { positive: true }),
  /** The price for the client per unit (paid repairs: the 'Запчастини' invoice line is Σ qty × price). */
  priceForClient: money.optional(),
});
/** PUT …/parts: the whole list of unposted (draft) lines. */
export const repairPartsPutSchema = z.strictObject({
  lines: z.array(repairPartLineInputSchema).max(200),
  version: z.number().int().min(1).optional(),
});
export type RepairPartsPutInput = z.input<typeof repairPartsPutSchema>;

/** POST …/parts/post: posts every draft line as one RPP. */
export const repairPartsPostSchema = z
  .strictObject({ warehouseId: id.optional(), documentDate: isoDate.optional() })
  .nullish();
export const repairPostingCancelSchema = z.strictObject({ reason: optionalText(500) }).nullish();

/** A time entry at the worker's rate: minutes, or a start and an end. */
export const repairTimeEntrySchema = z
  .strictObject({
    workerId: id,
    minutes: z
      .number()
      .int()
      .positive(repairMessages.positive)
      .max(24 * 60)
      .optional(),
    startedAt: documentDateTime().optional(),
    endedAt: documentDateTime().optional(),
    /** Default today (used with minutes). */
    date: isoDate.optional(),
    note: optionalText(500),
  })
  .refine((v) => v.minutes !== undefined || (v.startedAt && v.endedAt), repairMessages.minutesOrPeriod)
  .refine((v) => !v.startedAt || !v.endedAt || v.endedAt > v.startedAt, repairMessages.periodOrder);
export type RepairTimeEntryInput = z.input<typeof repairTimeEntrySchema>;

export const repairLookupQuerySchema = z.strictObject({
  serial: z.string().trim().min(1, repairMessages.required).max(200),
  _t: z.string().optional(),
});

export const repairAttachmentParams = z.strictObject({ id: dbId(), attachmentId: dbId() });
/** The upload is the raw image body (decision 0014); its file name goes in `?name=`. */
export const repairAttachmentUploadQuerySchema = z.strictObject({ name: z.string().trim().max(200).optional() });

export const repairNoBodySchema = z.strictObject({}).nullish();

/** The gear dialog of /repairs: after how many days an unreturned repair counts as overdue (default 14). */
export const repairSettingsSchema = z.object({ repairOverdueDays: z.number().int() });
export type RepairSettings = z.infer<typeof repairSettingsSchema>;
export const repairSettingsPatchSchema = z.strictObject({
  repairOverdueDays: z
    .number({ error: repairMessages.overdueDays })
    .int(repairMessages.overdueDays)
    .min(1, repairMessages.overdueDays)
    .max(365, repairMessages.overdueDays),
});

// ---------- response schemas ----------

export const repairSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  intakeDate: z.string(),
  status: z.enum(repairStatuses),
  statusLabel: z.string(),
  serialNumberId: z.number().int().nullable(),
  serial: z.string().nullable(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  problemDescription: z.string(),
  isWarranty: z.boolean(),
  /** 'Гарантійний' | 'Платний'. */
  warrantyLabel: z.string(),
  warrantyUntil: z.string().nullable(),
  assignedWorkerId: z.number().int().nullable(),
  assignedWorkerName: z.string().nullable(),
  estimatedCost: z.string().nullable(),
  daysInRepair: z.number().int(),
  /** Open and older than repairOverdueDays. */
  overdue: z.boolean(),
  billingOrderId: z.number().int().nullable(),
  returnedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RepairSummary = z.infer<typeof repairSummarySchema>;

export const repairPartLineSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  unitShortName: z.string().nullable(),
  qty: z.string(),
  priceForClient: z.string(),
  /** qty × priceForClient. */
  amount: z.string(),
  /** The RPP it was posted by (null: draft). */
  postingId: z.number().int().nullable(),
});
export type RepairPartLine = z.infer<typeof repairPartLineSchema>;

export const repairPostingLineSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  qty: z.string(),
  /** AVCO unit cost at posting. */
  unitCost: z.string(),
  value: z.string(),
});
export const repairPostingSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  documentDate: z.string(),
  status: z.enum(repairPostingStatuses),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  /** Σ line values at AVCO. */
  value: z.string(),
  lines: z.array(repairPostingLineSchema),
  cancelledAt: z.string().nullable(),
});
export type RepairPosting = z.infer<typeof repairPostingSchema>;

/** GET|PUT …/parts: draft lines and the RPP postings. */
export const repairPartsStateSchema = z.object({
  repairId: z.number().int(),
  version: z.number().int(),
  /** Draft (unposted) lines. */
  lines: z.array(repairPartLineSchema),
  /** Posted lines (kept for the client price of the invoice). */
  postedLines: z.array(repairPartLineSchema),
  postings: z.array(repairPostingSchema),
});
export type RepairPartsState = z.infer<typeof repairPartsStateSchema>;

export const repairTimeEntryRowSchema = z.object({
  id: z.number().int(),
  workerId: z.number().int(),
  workerName: z.string(),
  date: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.string(),
  hourlyRate: z.string(),
  /** minutes / 60 × hourlyRate, 2 decimals. */
  cost: z.string(),
  note: z.string().nullable(),
});
export type RepairTimeEntryRow = z.infer<typeof repairTimeEntryRowSchema>;

export const repairCostsSchema = z.object({
  /** Σ posted RPP values at AVCO. */
  partsCost: z.string(),
  /** Σ minutes / 60 × rate. */
  labourCost: z.string(),
  total: z.string(),
  /** Σ qty × priceForClient of every part line. */
  partsPriceForClient: z.string(),
  /** Σ minutes / 60. */
  hours: z.string(),
  /** The price per hour of the service item 'Ремонт'. */
  hourPrice: z.string(),
  /** What the invoice would bill: hours × hourPrice + partsPriceForClient. */
  billable: z.string(),
  /** partsCost + labourCost of a warranty repair (else '0.00'): the warranty cost in reports. */
  warrantyCost: z.string(),
});
export type RepairCosts = z.infer<typeof repairCostsSchema>;

export const repairSchema = repairSummarySchema.extend({
  version: z.number().int(),
  contactId: z.number().int().nullable(),
  contactName: z.string().nullable(),
  accessories: z.string().nullable(),
  visualDamage: z.string().nullable(),
  diagnosis: z.string().nullable(),
  workDone: z.string().nullable(),
  notes: z.string().nullable(),
  soldAt: z.string().nullable(),
  /** isWarranty as computed from the serial, before any override. */
  computedWarranty: z.boolean(),
  warrantyOverride: z.boolean().nullable(),
  warrantyOverrideReason: z.string().nullable(),
  clientApproved: z.boolean(),
  clientApprovedAt: z.string().nullable(),
  billingOrderNumber: z.string().nullable(),
  /** The billing order is fully paid. */
  billingOrderPaid: z.boolean(),
  returnedWithoutPayment: z.boolean(),
  returnedWithoutPaymentReason: z.string().nullable(),
  /** Statuses this one may go to (§7 state table, before guards). */
  allowedTransitions: z.array(z.enum(repairStatuses)),
  hasUnpostedParts: z.boolean(),
  canDelete: z.boolean(),
  canInvoice: z.boolean(),
  timeEntries: z.array(repairTimeEntryRowSchema),
  costs: repairCostsSchema,
  partsCost: z.string(),
  labourCost: z.string(),
  totalCost: z.string(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type Repair = z.infer<typeof repairSchema>;

export const repairHistoryRowSchema = z.object({
  id: z.number().int(),
  from: z.enum(repairStatuses).nullable(),
  fromLabel: z.string().nullable(),
  to: z.enum(repairStatuses),
  toLabel: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  comment: z.string().nullable(),
});
export type RepairHistoryRow = z.infer<typeof repairHistoryRowSchema>;

export const previousRepairSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  intakeDate: z.string(),
  status: z.enum(repairStatuses),
  statusLabel: z.string(),
  problemDescription: z.string(),
  isWarranty: z.boolean(),
});
export const serialLookupSchema = z.object({
  serialNumberId: z.number().int(),
  serial: z.string(),
  /** The serial's own status (sold, in_repair, …). */
  serialStatus: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  soldAt: z.string().nullable(),
  warrantyMonths: z.number().int().nullable(),
  warrantyUntil: z.string().nullable(),
  /** As of today. */
  isWarranty: z.boolean(),
  warrantyLabel: z.string(),
  /** An open repair of this serial already exists. */
  openRepairId: z.number().int().nullable(),
  previousRepairs: z.array(previousRepairSchema),
});
export type SerialLookup = z.infer<typeof serialLookupSchema>;

export const repairStatsSchema = z.object({
  /** received + diagnosed + in_repair. */
  inWork: z.number().int(),
  ready: z.number().int(),
  /** Open and older than overdueDays. */
  overdue: z.number().int(),
  overdueDays: z.number().int(),
  /** Received this month, and how many of them are warranty. */
  receivedThisMonth: z.number().int(),
  warrantyThisMonth: z.number().int(),
  /** 0–100, whole. */
  warrantySharePercent: z.number(),
});
export type RepairStats = z.infer<typeof repairStatsSchema>;

export const repairAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type RepairAttachment = z.infer<typeof repairAttachmentSchema>;

export const repairInvoiceResultSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  repair: repairSchema,
});
export type RepairInvoiceResult = z.infer<typeof repairInvoiceResultSchema>;

/** The shapes of every endpoint of /api/repairs (paths in repairs.endpoints.ts, decision 0016). */
export const repairsSchemas = {
  list: { query: repairListQuerySchema, response: z.array(repairSummarySchema) },
  stats: { query: repairGetQuerySchema, response: repairStatsSchema },
  settings: { query: repairGetQuerySchema, response: repairSettingsSchema },
  updateSettings: { body: repairSettingsPatchSchema, response: repairSettingsSchema },
  lookupSerial: { query: repairLookupQuerySchema, response: serialLookupSchema },
  get: { params: idParams, query: repairGetQuerySchema, response: repairSchema },
  create: { body: repairCreateSchema, response: repairSchema },
  update: { params: idParams, body: repairUpdateSchema, response: repairSchema },
  /** 204, no body. */
  remove: { params: idParams },
  changeStatus: { params: idParams, body: repairStatusChangeSchema, response: repairSchema },
  history: { params: idParams, query: repairGetQuerySchema, response: z.array(repairHistoryRowSchema) },
  parts: { params: idParams, query: repairGetQuerySchema, response: repairPartsStateSchema },
  saveParts: { params: idParams, body: repairPartsPutSchema, response: repairPartsStateSchema },
  postParts: { params: idParams, body: repairPartsPostSchema, response: repairPartsStateSchema },
  cancelPosting: { params: idParams, body: repairPostingCancelSchema, response: repairPartsStateSchema },
  addTimeEntry: { params: idParams, body: repairTimeEntrySchema, response: repairSchema },
  invoice: { params: idParams, body: repairNoBodySchema, response: repairInvoiceResultSchema },
  attachments: { params: idParams, query: repairGetQuerySchema, response: z.array(repairAttachmentSchema) },
  /** The raw image body (REPAIR_ATTACHMENT_TYPES, ≤ 5 MB). */
  uploadAttachment: { params: idParams, query: repairAttachmentUploadQuerySchema, response: repairAttachmentSchema },
  /** The file itself. */
  attachmentFile: { params: repairAttachmentParams, query: repairGetQuerySchema },
  removeAttachment: { params: repairAttachmentParams, response: messageSchema },
  /** PDF. */
  printIntake: { params: idParams, query: repairGetQuerySchema },
  /** PDF. */
  printAct: { params: idParams, query: repairGetQuerySchema },
};
