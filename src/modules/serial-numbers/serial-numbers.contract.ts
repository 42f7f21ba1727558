// Serial numbers ('Серійні номери', sales.md §4): one identity per unit of a serial-tracked item, its timeline, the
// templates that generate them and the parsing of typed lists and ranges. Shared by the server and the page (the
// template form renders its live preview with the same function the server generates with).
import { labelTemplates } from '@/modules/labels/labels.contract.ts';
import { reasonText } from '@/shared/contract-fields.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

// Kept with the endpoints, which may not load zod; here for the pages that already import the contract.
export { SERIALS_ROUTE } from './serial-numbers.endpoints.ts';

export const serialStatuses = ['allocated', 'available', 'reserved', 'sold', 'in_repair', 'defective', 'void'] as const;
export type SerialStatus = (typeof serialStatuses)[number];
export const serialStatusLabels: Record<SerialStatus, string> = {
  allocated: 'Виділено',
  available: 'На складі',
  reserved: 'Зарезервовано',
  sold: 'Продано',
  in_repair: 'У ремонті',
  defective: 'Брак / списано',
  void: 'Анульовано',
};

export const resetPeriods = ['never', 'yearly', 'monthly', 'daily'] as const;
export type ResetPeriod = (typeof resetPeriods)[number];
export const resetPeriodLabels: Record<ResetPeriod, string> = {
  never: 'Ніколи',
  yearly: 'Щороку',
  monthly: 'Щомісяця',
  daily: 'Щодня',
};

/** The timeline's words for the events other modules and this one write (sales.md §4 state table). */
export const serialEventLabels: Record<string, string> = {
  generated: 'Згенеровано',
  allocated: 'Виділено під виробництво',
  registered: 'Зареєстровано наявний',
  received: 'Оприбутковано',
  output: 'Випущено з виробництва',
  reserved: 'Додано до відвантаження',
  unreserved: 'Знято з відвантаження',
  sold: 'Продано',
  returned: 'Повернуто на склад',
  transferred: 'Переміщено',
  repair_in: 'Прийнято в ремонт',
  repair_out: 'Повернуто з ремонту',
  written_off: 'Списано',
  defective: 'Брак',
  voided: 'Анульовано',
  surplus: 'Знайдено при інвентаризації',
  shortage: 'Нестача при інвентаризації',
};

/** The documents a timeline names (the ledger's types and the other records that move serials). */
export const serialDocumentLabels: Record<string, string> = {
  supplier_receipt: 'Прихід',
  shipment: 'Відвантаження',
  transfer: 'Переміщення',
  inventory_audit: 'Інвентаризація',
  adjustment: 'Коригування залишків',
  manufacturing_order: 'Замовлення на виробництво',
  mo_output: 'Випуск продукції',
  assembly: 'Збірка',
  disassembly: 'Розбірка',
  repair: 'Ремонт',
  repair_parts: 'Запчастини на ремонт',
};

export const DEFAULT_TEMPLATE = { name: 'Стандартний', pattern: '{YY}{MM}-{N:5}', resetPeriod: 'monthly' } as const;
export const MAX_GENERATE = 1000;
export const MAX_REGISTER = 5000;
export const MAX_SERIAL_LENGTH = 64;
export const MAX_PATTERN_LENGTH = 100;
/** The most serials one answer of `available` carries (a document's picker asks for what its line needs). */
export const MAX_AVAILABLE = 1000;

export const serialMessages = {
  reference: 'Оберіть запис зі списку',
  item: 'Оберіть товар',
  warehouse: 'Оберіть склад',
  notFound: 'Серійний номер не знайдено',
  itemNotFound: 'Товар не знайдено',
  warehouseNotFound: 'Склад не знайдено',
  notTracked: (sku: string) => `Товар «${sku}» не веде облік серійних номерів — увімкніть його в картці товару`,
  count: `Кількість — ціле число від 1 до ${MAX_GENERATE}`,
  noSerials: 'Вкажіть хоча б один серійний номер',
  tooMany: (n: number) => `Забагато серійних номерів (${n}) — не більше ${MAX_REGISTER} за раз`,
  serialLength: `Серійний номер не довший за ${MAX_SERIAL_LENGTH} символів`,
  serialSpaces: (value: string) => `Серійний номер не може містити пробілів: «${value}»`,
  rangeTooLarge: (value: string) => `Діапазон «${value}» завеликий — не більше ${MAX_REGISTER} номерів`,
  rangeAmbiguous: (value: string) => `Не зрозуміло, де межа діапазону «${value}» — розділіть номери комою`,
  repeated: (values: readonly string[]) => `Повторюються у списку: ${values.join(', ')}`,
  duplicates: (sku: string, values: readonly string[]) =>
    `Ці серійні номери вже є у товару «${sku}»: ${values.join(', ')}`,
  overStock: (warehouse: string, onHand: string, existing: number, free: string, asked: number) =>
    `На складі «${warehouse}» залишок ${onHand}, серійні номери вже мають ${existing} — ` +
    `можна додати ще ${free}, а вказано ${asked}`,
  generateExhausted: 'Не вдалося підібрати вільні номери — змініть шаблон',
  writeOffStatus: (serial: string, status: string) => `Списати можна лише номер на складі, а ${serial} — «${status}»`,
  reason: 'Вкажіть причину списання',
  templateNotFound: 'Шаблон не знайдено',
  templateName: 'Вкажіть назву шаблону',
  templateNameTaken: 'Шаблон з такою назвою вже є',
  patternRequired: 'Вкажіть шаблон номера',
  patternLength: `Шаблон не довший за ${MAX_PATTERN_LENGTH} символів`,
  patternCounter: 'Лічильник {N} або {N:k} має бути в шаблоні рівно один раз',
  patternPad: 'Ширина лічильника {N:k} — від 1 до 12 цифр',
  patternUnknown: (token: string) =>
    `Невідомий заповнювач ${token} — можна {YYYY}, {YY}, {MM}, {DD}, {SKU}, {N}, {N:k}`,
  patternBraces: 'Незакрита фігурна дужка в шаблоні',
  patternChars: 'Шаблон не може містити пробілів, коми чи крапки з комою',
  patternPeriod: (period: ResetPeriod) =>
    ({
      never: '',
      yearly: 'Лічильник скидається щороку — додайте до шаблону рік ({YYYY} або {YY}), інакше номери повторяться',
      monthly: 'Лічильник скидається щомісяця — додайте до шаблону рік і місяць ({YY}{MM}), інакше номери повторяться',
      daily: 'Лічильник скидається щодня — додайте до шаблону рік, місяць і день, інакше номери повторяться',
    })[period],
  defaultRequired: 'Має бути один шаблон за замовчуванням — зробіть основним інший шаблон',
  deleteDefault: 'Шаблон за замовчуванням не можна видалити — спершу зробіть основним інший',
  templateInUse: (items: number, categories: number) =>
    `Шаблон призначено товарам (${items}) і категоріям (${categories}) — спершу призначте їм інший`,
  previewCount: 'Кількість — від 1 до 20',
  labels: 'Оберіть серійні номери для друку',
} as const;

// ---- patterns ---------------------------------------------------------------------------------------------------

const TOKEN = /\{([^{}]*)\}/g;
const DATE_TOKENS = ['YYYY', 'YY', 'MM', 'DD'] as const;

/** What is wrong with a pattern for its reset period, or null when it generates unique serials. */
export function patternProblem(pattern: string, resetPeriod: ResetPeriod): string | null {
  const text = pattern.trim();
  if (!text) return serialMessages.patternRequired;
  if (text.length > MAX_PATTERN_LENGTH) return serialMessages.patternLength;
  if (/[\s,;]/.test(text)) return serialMessages.patternChars;
  let counters = 0;
  const used = new Set<string>();
  for (const [token, inner] of text.matchAll(TOKEN)) {
    const name = inner!.trim().toUpperCase();
    const counter = /^N(?::(\d+))?$/.exec(name);
    if (counter) {
      counters += 1;
      const width = counter[1] === undefined ? 1 : Number(counter[1]);
      if (width < 1 || width > 12) return serialMessages.patternPad;
      continue;
    }
    if (!(DATE_TOKENS as readonly string[]).includes(name) && name !== 'SKU')
      return serialMessages.patternUnknown(token);
    used.add(name);
  }
  if (/[{}]/.test(text.replace(TOKEN, ''))) return serialMessages.patternBraces;
  if (counters !== 1) return serialMessages.patternCounter;
  const year = used.has('YYYY') || used.has('YY');
  const needs = {
    never: true,
    yearly: year,
    monthly: year && used.has('MM'),
    daily: year && used.has('MM') && used.has('DD'),
  };
  return needs[resetPeriod] ? null : serialMessages.patternPeriod(resetPeriod);
}

/** The counter's period for a date (YYYY-MM-DD): '', YYYY, YYYY-MM or YYYY-MM-DD (sales.md §4). */
export function periodOf(resetPeriod: ResetPeriod, date: string): string {
  switch (resetPeriod) {
    case 'never':
      return '';
    case 'yearly':
      return date.slice(0, 4);
    case 'monthly':
      return date.slice(0, 7);
    case 'daily':
      return date.slice(0, 10);
  }
}

/** The counter's key in serial_counters: `serial:<templateId>:<period>`. */
export const counterKey = (templateId: number, resetPeriod: ResetPeriod, date: string) =>
  `serial:${templateId}:${periodOf(resetPeriod, date)}`;

/** One serial of a pattern: the date parts, the SKU and the counter (zero-padded to k, longer unpadded); uppercased. */
export function renderPattern(pattern: string, values: { date: string; sku: string; n: number | bigint }): string {
  const [yyyy = '', mm = '', dd = ''] = values.date.split('-');
  return pattern
    .trim()
    .replace(TOKEN, (token, inner: string) => {
      const name = inner.trim().toUpperCase();
      if (name === 'YYYY') return yyyy;
      if (name === 'YY') return yyyy.slice(2);
      if (name === 'MM') return mm;
      if (name === 'DD') return dd;
      if (name === 'SKU') return values.sku.trim().replace(/[\s,;]+/g, '-');
      const counter = /^N(?::(\d+))?$/.exec(name);
      if (counter) return String(values.n).padStart(counter[1] === undefined ? 1 : Number(counter[1]), '0');
      return token;
    })
    .toUpperCase();
}

// ---- typed lists and ranges ---------------------------------------------------------------------------------------

/** A serial as it is stored: trimmed and uppercased. */
export const normaliseSerial = (value: string) => value.trim().toUpperCase();

const TAIL = /^(.*?)(\d+)$/;

/** The values of `from`–`to` when they form a range (same prefix, numeric tails, padding kept), else null. */
function rangeOf(from: string, to: string): { prefix: string; start: bigint; end: bigint; width: number } | null {
  const a = TAIL.exec(from);
  const b = TAIL.exec(to);
  if (!a || !b || a[1] !== b[1]) return null;
  const [da, db] = [a[2]!, b[2]!];
  const padded = da.length === db.length;
  // Unpadded tails of different lengths ('A9-A12') are a range only when neither is zero-padded.
  if (!padded && (da.startsWith('0') || db.startsWith('0'))) return null;
  const start = BigInt(da);
  const end = BigInt(db);
  if (end <= start) return null;
  return { prefix: a[1]!, start, end, width: padded ? da.length : 0 };
}

export interface ParsedSerials {
  values: string[];
  /** Problems with single entries (spaces, length, ranges too large or ambiguous). */
  errors: string[];
}

/**
 * Typed input (sales.md §4): values separated by comma, semicolon or newline; `A00012-A00015` is the range
 * A00012, A00013, A00014, A00015 (same prefix, numeric tail, padding kept). A value with a hyphen that is no
 * ascending range of one prefix ('2501-00001') is a single serial. Values come back normalised, in input order.
 */
export function parseSerialList(text: string, max = MAX_REGISTER): ParsedSerials {
  const values: string[] = [];
  const errors: string[] = [];
  for (const raw of text.split(/[,;\r\n]+/)) {
    const token = normaliseSerial(raw);
    if (!token) continue;
    const spaced = /^(\S+)\s+[-–]\s+(\S+)$/.exec(token);
    const candidates: Array<{ prefix: string; start: bigint; end: bigint; width: number }> = [];
    if (spaced) {
      const range = rangeOf(spaced[1]!, spaced[2]!);
      if (range) candidates.push(range);
      else {
        errors.push(serialMessages.serialSpaces(token));
        continue;
      }
    } else if (/\s/.test(token)) {
      errors.push(serialMessages.serialSpaces(token));
      continue;
    } else {
      for (let i = 1; i < token.length - 1; i++) {
        if (token[i] !== '-' && token[i] !== '–') continue;
        const range = rangeOf(token.slice(0, i), token.slice(i + 1));
        if (range) candidates.push(range);
      }
    }
    if (candidates.length > 1) {
      errors.push(serialMessages.rangeAmbiguous(token));
      continue;
    }
    if (candidates.length === 0) {
      if (token.length > MAX_SERIAL_LENGTH) errors.push(serialMessages.serialLength);
      else values.push(token);
      continue;
    }
    const { prefix, start, end, width } = candidates[0]!;
    if (end - start + 1n > BigInt(max)) {
      errors.push(serialMessages.rangeTooLarge(token));
      continue;
    }
    for (let n = start; n <= end; n++) {
      const value = prefix + n.toString().padStart(width, '0');
      if (value.length > MAX_SERIAL_LENGTH) {
        errors.push(serialMessages.serialLength);
        break;
      }
      values.push(value);
    }
  }
  return { values, errors };
}

/** The values that occur more than once, each named once. */
export function repeatedValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) repeated.add(v);
    seen.add(v);
  }
  return [...repeated];
}

// ---- requests -----------------------------------------------------------------------------------------------------

const id = z
  .number({ error: serialMessages.reference })
  .int(serialMessages.reference)
  .positive(serialMessages.reference)
  .max(2_147_483_647, serialMessages.reference);

export const serialListQuerySchema = z.strictObject({
  ...listQueryShape,
  itemId: idFilter(),
  status: z.enum(serialStatuses).optional(),
  warehouseId: idFilter(),
  clientId: idFilter(),
});
/**
 * `GET /available`: the serials of one item on hand in one warehouse (status 'available'), oldest first — what a
 * document that takes units out (a shipment, a transfer) may choose from.
 */
export const availableSerialsQuerySchema = z.strictObject({
  itemId: dbId(serialMessages.item),
  warehouseId: dbId(serialMessages.warehouse),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(MAX_AVAILABLE).optional().default(50),
});
export type AvailableSerialsQuery = z.input<typeof availableSerialsQuerySchema>;

export const serialSortFields = [
  'serial',
  'itemName',
  'sku',
  'status',
  'warehouseName',
  'clientName',
  'soldAt',
  'createdAt',
] as const;

const serialText = z
  .string({ error: serialMessages.noSerials })
  .transform(normaliseSerial)
  .superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue({ code: 'custom', message: serialMessages.noSerials });
    else if (v.length > MAX_SERIAL_LENGTH) ctx.addIssue({ code: 'custom', message: serialMessages.serialLength });
    else if (/\s/.test(v)) ctx.addIssue({ code: 'custom', message: serialMessages.serialSpaces(v) });
  });

export const serialGenerateSchema = z.strictObject({
  itemId: id,
  count: z
    .number({ error: serialMessages.count })
    .int(serialMessages.count)
    .min(1, serialMessages.count)
    .max(MAX_GENERATE, serialMessages.count),
  templateId: id.nullable().optional(),
  /** The manufacturing order the serials are allocated to (sales.md §4: MO released → allocated). */
  moId: id.nullable().optional(),
  /** Serials for units already in this warehouse: they are 'available' at once, within its on hand. */
  warehouseId: id.nullable().optional(),
});
export type SerialGenerateInput = z.input<typeof serialGenerateSchema>;

export const serialRegisterSchema = z
  .strictObject({
    itemId: id,
    warehouseId: id,
    /** Single values, taken as they are. */
    serials: z.array(serialText).max(MAX_REGISTER).optional(),
    /** Typed text: values separated by comma, semicolon or newline; `A00012-A00015` is a range. */
    ranges: z.string().max(200_000).optional(),
  })
  .refine((b) => (b.serials?.length ?? 0) > 0 || (b.ranges ?? '').trim() !== '', {
    message: serialMessages.noSerials,
    path: ['ranges'],
  });
export type SerialRegisterInput = z.input<typeof serialRegisterSchema>;

export const serialCheckSchema = z.strictObject({
  itemId: id,
  serials: z.array(z.string().max(200)).min(1, serialMessages.noSerials).max(MAX_REGISTER),
});

export const serialWriteOffSchema = z.strictObject({
  reason: reasonText(serialMessages.reason),
});

export const serialLabelsSchema = z.strictObject({
  ids: z.array(id).min(1, serialMessages.labels).max(2000),
  template: z.enum(labelTemplates, { error: 'Оберіть шаблон етикетки' }).default('58x40'),
  showPrice: z.boolean().default(false),
});
export type SerialLabelsInput = z.input<typeof serialLabelsSchema>;

const templateShape = {
  name: z
    .string({ error: serialMessages.templateName })
    .trim()
    .min(1, serialMessages.templateName)
    .max(100, 'Не довше 100 символів'),
  pattern: z
    .string({ error: serialMessages.patternRequired })
    .trim()
    .min(1, serialMessages.patternRequired)
    .max(MAX_PATTERN_LENGTH, serialMessages.patternLength),
  resetPeriod: z.enum(resetPeriods, { error: 'Оберіть період скидання лічильника' }),
  isDefault: z.boolean(),
};

export const templateCreateSchema = z
  .strictObject({
    ...templateShape,
    resetPeriod: templateShape.resetPeriod.default('yearly'),
    isDefault: templateShape.isDefault.default(false),
  })
  .superRefine((t, ctx) => {
    const problem = patternProblem(t.pattern, t.resetPeriod);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pattern'] });
  });
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

/** A change; the pattern is checked against its (new or kept) reset period by the server. */
export const templateUpdateSchema = z.strictObject({
  name: templateShape.name.optional(),
  pattern: templateShape.pattern.optional(),
  resetPeriod: templateShape.resetPeriod.optional(),
  isDefault: templateShape.isDefault.optional(),
});
export type TemplateUpdateInput = z.input<typeof templateUpdateSchema>;

export const templateListQuerySchema = z.strictObject({ ...listQueryShape });

export const previewQuerySchema = z.strictObject({
  count: z.coerce
    .number<string | number>({ error: serialMessages.previewCount })
    .int(serialMessages.previewCount)
    .min(1, serialMessages.previewCount)
    .max(20, serialMessages.previewCount)
    .default(3),
  itemId: idFilter(),
});

// ---- answers ------------------------------------------------------------------------------------------------------

export const serialSummarySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  serial: z.string(),
  status: z.enum(serialStatuses),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  moId: z.number().int().nullable(),
  receiptId: z.number().int().nullable(),
  shipmentId: z.number().int().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  soldAt: z.string().nullable(),
  /** The item's warranty (12 months when not set). */
  warrantyMonths: z.number().int(),
  /** soldAt (Kyiv date) + warrantyMonths, 'YYYY-MM-DD'; null while unsold. */
  warrantyUntil: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type SerialSummary = z.infer<typeof serialSummarySchema>;

/** One serial a document may choose (`GET /available`). */
export const availableSerialSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  createdAt: z.string(),
});
export type AvailableSerial = z.infer<typeof availableSerialSchema>;

export const serialEventSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  documentType: z.string().nullable(),
  documentId: z.number().int().nullable(),
  documentNumber: z.string().nullable(),
  /** The client of the event's document (a shipment's order client). */
  clientName: z.string().nullable(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type SerialEvent = z.infer<typeof serialEventSchema>;

export const serialDetailSchema = serialSummarySchema.extend({
  shipmentNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  events: z.array(serialEventSchema),
});
export type SerialDetail = z.infer<typeof serialDetailSchema>;

export const serialStatsSchema = z.object(
  Object.fromEntries(serialStatuses.map((s) => [s, z.number().int()])) as Record<SerialStatus, z.ZodNumber>,
);
export type SerialStats = z.infer<typeof serialStatsSchema>;

export const serialCheckResultSchema = z.object({
  serial: z.string(),
  exists: z.boolean(),
  id: z.number().int().nullable(),
  status: z.enum(serialStatuses).nullable(),
  warehouseId: z.number().int().nullable(),
});
export type SerialCheckResult = z.infer<typeof serialCheckResultSchema>;

export const serialWriteOffResultSchema = z.object({
  serial: serialDetailSchema,
  adjustmentId: z.number().int(),
  adjustmentNumber: z.string(),
});
export type SerialWriteOffResult = z.infer<typeof serialWriteOffResultSchema>;

export const serialTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pattern: z.string(),
  resetPeriod: z.enum(resetPeriods),
  isDefault: z.boolean(),
  /** How many items and categories name this template. */
  itemCount: z.number().int(),
  categoryCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SerialTemplate = z.infer<typeof serialTemplateSchema>;

export const templatePreviewSchema = z.object({
  templateId: z.number().int(),
  /** The counter key the next serials would take, e.g. `serial:1:2026-03`. */
  key: z.string(),
  /** The counter's value the first of `values` carries. */
  nextValue: z.number().int(),
  values: z.array(z.string()),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

// ---- endpoints ----------------------------------------------------------------------------------------------------

/** The shapes of every endpoint of the module (its paths are in serial-numbers.endpoints.ts, decision 0016). */
export const serialNumbersSchemas = {
  list: { query: serialListQuerySchema, response: z.array(serialSummarySchema) },
  stats: { response: serialStatsSchema },
  available: { query: availableSerialsQuerySchema, response: z.array(availableSerialSchema) },
  get: { params: idParams, response: serialDetailSchema },
  generate: { body: serialGenerateSchema, response: z.array(serialSummarySchema) },
  register: { body: serialRegisterSchema, response: z.array(serialSummarySchema) },
  check: { body: serialCheckSchema, response: z.array(serialCheckResultSchema) },
  writeOff: { params: idParams, body: serialWriteOffSchema, response: serialWriteOffResultSchema },
  // A PDF: no response schema.
  printLabels: { body: serialLabelsSchema },
  templates: { query: templateListQuerySchema, response: z.array(serialTemplateSchema) },
  createTemplate: { body: templateCreateSchema, response: serialTemplateSchema },
  updateTemplate: { params: idParams, body: templateUpdateSchema, response: serialTemplateSchema },
  removeTemplate: { params: idParams },
  previewTemplate: { params: idParams, query: previewQuerySchema, response: templatePreviewSchema },
};
