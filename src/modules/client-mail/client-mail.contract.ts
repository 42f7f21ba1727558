// Client mail ('Листування', sales.md §5): outgoing paper letters to counterparties (MAIL), the post office registers
// they leave in (MREG) and the envelope layout per company and format. Shared by the server and the page.
import { booleanFilter, optionalText as sharedOptionalText, refId } from '@/shared/contract-fields.ts';
import { documentDate, versionStamp } from '@/shared/document-date.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const mailKinds = ['simple', 'registered', 'valuable', 'parcel'] as const;
export type MailKind = (typeof mailKinds)[number];
export const mailKindLabels: Record<MailKind, string> = {
  simple: 'Простий',
  registered: 'Рекомендований',
  valuable: 'Цінний з описом',
  parcel: 'Бандероль',
};

export const envelopeFormats = ['DL', 'C6', 'C5', 'C4'] as const;
export type EnvelopeFormat = (typeof envelopeFormats)[number];
/** The envelope's page, landscape, in millimetres. */
export const envelopeSizes: Record<EnvelopeFormat, { widthMm: number; heightMm: number }> = {
  DL: { widthMm: 220, heightMm: 110 },
  C6: { widthMm: 162, heightMm: 114 },
  C5: { widthMm: 229, heightMm: 162 },
  C4: { widthMm: 324, heightMm: 229 },
};
export const envelopeFormatLabels: Record<EnvelopeFormat, string> = {
  DL: 'DL (220×110 мм)',
  C6: 'C6 (162×114 мм)',
  C5: 'C5 (229×162 мм)',
  C4: 'C4 (324×229 мм)',
};

export const mailStatuses = ['draft', 'printed', 'sent', 'delivered', 'returned', 'cancelled'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailStatusLabels: Record<MailStatus, string> = {
  draft: 'Чернетка',
  printed: 'Конверт надруковано',
  sent: 'Відправлено',
  delivered: 'Вручено',
  returned: 'Повернуто',
  cancelled: 'Скасовано',
};
/**
 * The state machine (sales.md §5): draft → printed → sent → delivered; sent → returned; draft | printed → cancelled.
 * 'sent' by hand only for a simple letter — others leave with a register.
 */
export const mailTransitions: Record<MailStatus, readonly MailStatus[]> = {
  draft: ['printed', 'cancelled'],
  printed: ['sent', 'cancelled'],
  sent: ['delivered', 'returned'],
  delivered: [],
  returned: [],
  cancelled: [],
};
/** A letter's address and content change only while it is a draft; postage and tracking until it is sent. */
export const editableStatuses: readonly MailStatus[] = ['draft', 'printed'];

export const postalServices = ['ukrposhta', 'nova_poshta'] as const;
export type PostalService = (typeof postalServices)[number];
export const postalServiceLabels: Record<PostalService, string> = { ukrposhta: 'Укрпошта', nova_poshta: 'Нова пошта' };

export const registerStatuses = ['draft', 'sent'] as const;
export type RegisterStatus = (typeof registerStatuses)[number];
export const registerStatusLabels: Record<RegisterStatus, string> = { draft: 'Чернетка', sent: 'Відправлено' };

export const envelopeBlockNames = ['sender', 'recipient', 'logo', 'advertising'] as const;
export type EnvelopeBlockName = (typeof envelopeBlockNames)[number];
export const envelopeBlockLabels: Record<EnvelopeBlockName, string> = {
  sender: 'Відправник',
  recipient: 'Одержувач',
  logo: 'Логотип',
  advertising: 'Рекламний блок',
};

/** A tracking number: two Latin letters, 9 digits, two Latin letters (RR123456789UA), or 13 digits. */
export const TRACKING_PATTERN = /^(?:[A-Z]{2}\d{9}[A-Z]{2}|\d{13})$/;

export const mailMessages = {
  required: "Обов'язкове поле",
  reference: 'Оберіть запис зі списку',
  date: 'Вкажіть дату у форматі РРРР-ММ-ДД',
  futureDate: 'Дата не може бути в майбутньому',
  decimal: 'Вкажіть суму числом (не більше 2 знаків після коми)',
  tracking:
    'Трек-номер має 13 символів: дві латинські літери, 9 цифр і дві латинські літери (наприклад, RR123456789UA) або 13 цифр',
  declaredValue: 'Для цінного листа з описом вкажіть оголошену цінність більше нуля',
  tooLong: (max: number) => `Не довше ${max} символів`,
  notFound: 'Лист не знайдено',
  registerNotFound: 'Реєстр не знайдено',
  counterpartyNotFound: 'Контрагента не знайдено',
  contactOther: 'Контактна особа не належить обраному контрагенту',
  companyNotFound: 'Компанію не знайдено',
  noCompany: 'Додайте власну компанію на сторінці «Компанії» — вона буде відправником',
  noAddress: 'У контрагента немає поштової чи юридичної адреси — вкажіть адресу одержувача',
  notEditable: (status: string) => `Лист у статусі «${status}» змінити не можна`,
  addressLocked: 'Одержувача, адресу й зміст можна змінити лише в чернетці',
  lockedInRegister: (register: string) => `Лист у відправленому реєстрі ${register} — його змінити не можна`,
  version: 'Лист змінено іншим користувачем — оновіть сторінку',
  notDeletable: 'Видалити можна лише чернетку',
  transition: (from: string, to: string) => `Лист у статусі «${from}» не можна перевести в статус «${to}»`,
  sentByRegister: 'Відправити вручну можна лише простий лист — інші відправляються через реєстр',
  sentInRegister: (register: string) => `Лист у реєстрі ${register} — відправте реєстр`,
  dateBeforeSent: 'Дата не може бути раніше дати відправлення',
  noLetters: 'Оберіть хоча б один лист',
  noCounterparties: 'Оберіть хоча б одного клієнта або вкажіть умову відбору',
  nobodyMatched: 'Жоден активний клієнт не відповідає умові відбору',
  cannotPrint: (numbers: string) => `Скасовані листи не друкуються: ${numbers}`,
  lettersNotFound: (ids: string) => `Листи не знайдено: ${ids}`,
  inOtherRegister: (letter: string, register: string) => `Лист ${letter} уже в реєстрі ${register}`,
  notForRegister: (letter: string, status: string) => `Лист ${letter} у статусі «${status}» не можна додати до реєстру`,
  otherCompany: (letter: string) => `Лист ${letter} відправляє інша компанія`,
  registerSent: 'Реєстр уже відправлено',
  registerEmpty: 'У реєстрі немає листів',
  printFirst: (numbers: string) => `Спершу надрукуйте конверти: ${numbers}`,
  notInRegister: 'Лист не входить до цього реєстру',
  blockOutside: (format: string) => `Блок виходить за межі конверта ${format}`,
  fontSize: 'Розмір шрифту — від 6 до 36 пт',
  positive: 'Має бути більше нуля',
  notNegative: 'Не може бути від’ємним',
} as const;

const id = refId(mailMessages.reference, { maxDbId: true });
const isoDate = documentDate(mailMessages.date);
const optionalText = (max: number) => sharedOptionalText(max, mailMessages.tooLong);
const money = z
  .string({ error: mailMessages.decimal })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^\d{1,16}(\.\d{1,2})?$/.test(v), mailMessages.decimal);
/** An amount, '' or null meaning none. */
const optionalMoney = z.union([money, z.literal('').transform(() => null), z.null()]).optional();

/** A tracking number as typed: spaces dropped, upper case; '' or null clears it. */
export const trackingNumberSchema = z
  .string({ error: mailMessages.tracking })
  .trim()
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine((v) => v === '' || TRACKING_PATTERN.test(v), mailMessages.tracking)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const letterShape = {
  counterpartyId: id,
  contactId: id.nullable().optional(),
  /** The sender; the default company when absent. */
  companyId: id.nullable().optional(),
  /** Absent: a snapshot of the counterparty's (or contact's) name and postal address. */
  recipientName: optionalText(300),
  recipientAddress: optionalText(1000),
  subject: optionalText(300),
  body: optionalText(20000),
  kind: z.enum(mailKinds).optional(),
  declaredValue: optionalMoney,
  /** Absent: the company's default envelope format, else DL. */
  envelopeFormat: z.enum(envelopeFormats).optional(),
  trackingNumber: trackingNumberSchema,
  postageCost: optionalMoney,
  notes: optionalText(2000),
};

const positive = (v: string | null | undefined) => v != null && /[1-9]/.test(v);

export const letterCreateSchema = z.strictObject(letterShape).superRefine((v, ctx) => {
  if (v.kind === 'valuable' && !positive(v.declaredValue)) {
    ctx.addIssue({ code: 'custom', path: ['declaredValue'], message: mailMessages.declaredValue });
  }
});
export type LetterCreateInput = z.input<typeof letterCreateSchema>;
export type LetterCreateBody = z.output<typeof letterCreateSchema>;

export const letterUpdateSchema = z.strictObject({
  ...Object.fromEntries(Object.entries(letterShape).map(([k, v]) => [k, (v as z.ZodType).optional()])),
  /** The letter's `updatedAt` as read; a later change by someone else is a 409. */
  updatedAt: versionStamp.optional(),
}) as unknown as z.ZodType<Partial<LetterCreateBody> & { updatedAt?: string }>;
export type LetterUpdateBody = Partial<LetterCreateBody> & { updatedAt?: string };

export const bulkFilterSchema = z.strictObject({
  legalForm: z.enum(['legal_entity', 'sole_proprietor', 'individual', 'foreign']).optional(),
  managerUserId: id.optional(),
  search: z.string().trim().max(200).optional(),
});

export const bulkCreateSchema = z
  .strictObject({
    counterpartyIds: z.array(id).max(500, 'Не більше 500 одержувачів за раз').optional(),
    /** Instead of ids: every active client matching this (sales.md §5: "all active clients of a category"). */
    filter: bulkFilterSchema.optional(),
    companyId: id.nullable().optional(),
    subject: z.string({ error: mailMessages.required }).trim().min(1, mailMessages.required).max(300),
    body: optionalText(20000),
    kind: z.enum(mailKinds).default('simple'),
    declaredValue: optionalMoney,
    envelopeFormat: z.enum(envelopeFormats).optional(),
    notes: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (!v.counterpartyIds?.length && !v.filter) {
      ctx.addIssue({ code: 'custom', path: ['counterpartyIds'], message: mailMessages.noCounterparties });
    }
    if (v.kind === 'valuable' && !positive(v.declaredValue)) {
      ctx.addIssue({ code: 'custom', path: ['declaredValue'], message: mailMessages.declaredValue });
    }
  });
export type BulkCreateInput = z.input<typeof bulkCreateSchema>;

export const printEnvelopesSchema = z.strictObject({
  ids: z.array(id).min(1, mailMessages.noLetters).max(500, 'Не більше 500 конвертів за раз'),
  /** Every envelope in this format; absent — each letter's own. */
  format: z.enum(envelopeFormats).optional(),
  /** Also print each letter's text (when it has one) as an A4 page after its envelope. */
  withLetters: z.boolean().optional(),
});

export const statusChangeSchema = z.strictObject({
  status: z.enum(mailStatuses),
  trackingNumber: trackingNumberSchema,
  /** When it happened (sent, delivered, returned); today when absent. */
  date: isoDate.optional(),
});

export const letterListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(mailStatuses).optional(),
  kind: z.enum(mailKinds).optional(),
  counterpartyId: idFilter(),
  registerId: idFilter(),
  /** 'true': only letters in no register (to add to one). */
  unregistered: booleanFilter(),
});
export const letterSortFields = [
  'number',
  'createdAt',
  'recipientName',
  'status',
  'kind',
  'envelopeFormat',
  'sentAt',
] as const;

export const letterSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  counterpartyId: z.number().int(),
  counterpartyName: z.string(),
  contactId: z.number().int().nullable(),
  contactName: z.string().nullable(),
  recipientName: z.string(),
  recipientAddress: z.string(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  kind: z.enum(mailKinds),
  declaredValue: z.string().nullable(),
  envelopeFormat: z.enum(envelopeFormats),
  companyId: z.number().int(),
  companyName: z.string(),
  status: z.enum(mailStatuses),
  registerId: z.number().int().nullable(),
  registerNumber: z.string().nullable(),
  registerStatus: z.enum(registerStatuses).nullable(),
  trackingNumber: z.string().nullable(),
  postageCost: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Letter = z.infer<typeof letterSchema>;

export const bulkResultSchema = z.object({
  created: z.array(letterSchema),
  /** Counterparties left out, with the reason (no address). */
  skipped: z.array(z.object({ counterpartyId: z.number().int(), name: z.string(), reason: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** What a new letter to this counterparty would carry: the snapshot and the counterparty's contacts. */
export const recipientPreviewSchema = z.object({
  counterpartyId: z.number().int(),
  recipientName: z.string(),
  recipientAddress: z.string().nullable(),
  contacts: z.array(
    z.object({
      id: z.number().int(),
      fullName: z.string(),
      position: z.string().nullable(),
      /** The envelope's name when the letter goes to this contact. */
      recipientName: z.string(),
    }),
  ),
});
export type RecipientPreview = z.infer<typeof recipientPreviewSchema>;

// ---- registers ------------------------------------------------------------------------------------------------

export const registerCreateSchema = z.strictObject({
  registerDate: isoDate.optional(),
  postalService: z.enum(postalServices).default('ukrposhta'),
  companyId: id.nullable().optional(),
  notes: optionalText(2000),
  letterIds: z.array(id).min(1, mailMessages.noLetters).max(500, 'Не більше 500 листів у реєстрі'),
});
export type RegisterCreateInput = z.input<typeof registerCreateSchema>;

export const registerItemsSchema = z.strictObject({
  letterIds: z.array(id).min(1, mailMessages.noLetters).max(500, 'Не більше 500 листів у реєстрі'),
});

export const registerListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(registerStatuses).optional(),
});
export const registerSortFields = ['number', 'registerDate', 'status', 'itemCount', 'sentAt'] as const;

export const registerSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  registerDate: z.string(),
  postalService: z.enum(postalServices),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(registerStatuses),
  sentAt: z.string().nullable(),
  notes: z.string().nullable(),
  itemCount: z.number().int(),
  totalDeclared: z.string(),
  totalPostage: z.string(),
  createdAt: z.string(),
});
export type RegisterSummary = z.infer<typeof registerSummarySchema>;

export const registerSchema = registerSummarySchema.extend({ items: z.array(letterSchema) });
export type Register = z.infer<typeof registerSchema>;

// ---- envelope templates ---------------------------------------------------------------------------------------

export const envelopeBlockSchema = z.strictObject({
  xMm: z.number().min(0, mailMessages.notNegative).max(400),
  yMm: z.number().min(0, mailMessages.notNegative).max(400),
  widthMm: z.number().min(5, 'Ширина — щонайменше 5 мм').max(400),
  fontSize: z.number().min(6, mailMessages.fontSize).max(36, mailMessages.fontSize),
  visible: z.boolean(),
});
export type EnvelopeBlockInput = z.infer<typeof envelopeBlockSchema>;
export type EnvelopeBlocks = Record<EnvelopeBlockName, EnvelopeBlockInput>;

export const envelopeBlocksSchema = z.strictObject({
  sender: envelopeBlockSchema,
  recipient: envelopeBlockSchema,
  logo: envelopeBlockSchema,
  advertising: envelopeBlockSchema,
});

/** Every block starts inside the envelope and ends within its width. */
export function blockProblems(format: EnvelopeFormat, blocks: EnvelopeBlocks): Record<string, string> {
  const { widthMm, heightMm } = envelopeSizes[format];
  const problems: Record<string, string> = {};
  for (const name of envelopeBlockNames) {
    const b = blocks[name];
    if (b.xMm + b.widthMm > widthMm) problems[`blocks.${name}.widthMm`] = mailMessages.blockOutside(format);
    if (b.yMm >= heightMm - 2) problems[`blocks.${name}.yMm`] = mailMessages.blockOutside(format);
  }
  return problems;
}

export const envelopeTemplatePutSchema = z
  .strictObject({
    companyId: id.nullable().optional(),
    format: z.enum(envelopeFormats),
    blocks: envelopeBlocksSchema,
    advertisingText: optionalText(500),
    /** The company's usual format: new letters take it. */
    isDefault: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(blockProblems(v.format, v.blocks))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  });
export type EnvelopeTemplatePutInput = z.input<typeof envelopeTemplatePutSchema>;

export const envelopeTemplateQuerySchema = z.strictObject({
  companyId: idFilter(),
});

export const envelopeTemplateSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  format: z.enum(envelopeFormats),
  widthMm: z.number(),
  heightMm: z.number(),
  blocks: envelopeBlocksSchema,
  advertisingText: z.string().nullable(),
  isDefault: z.boolean(),
  /** False: the built-in layout, not yet saved for this company. */
  stored: z.boolean(),
  /** What the preview prints in the sender block. */
  senderPreview: z.string(),
  hasLogo: z.boolean(),
});
export type EnvelopeTemplate = z.infer<typeof envelopeTemplateSchema>;

// ---- endpoints --------------------------------------------------------------------------------------------------

export const registerItemParamsSchema = z.strictObject({ id: dbId(), letterId: dbId() });

/** The shapes of the module's endpoints by name; their paths are in client-mail.endpoints.ts (decision 0016). */
export const clientMailSchemas = {
  // letters
  list: { query: letterListQuerySchema, response: z.array(letterSchema) },
  create: { body: letterCreateSchema, response: letterSchema },
  bulkCreate: { body: bulkCreateSchema, response: bulkResultSchema },
  /** A PDF of the envelopes (and the letters' pages). */
  printEnvelopes: { body: printEnvelopesSchema },
  recipient: { params: idParams, response: recipientPreviewSchema },
  get: { params: idParams, response: letterSchema },
  update: { params: idParams, body: letterUpdateSchema, response: letterSchema },
  remove: { params: idParams },
  changeStatus: { params: idParams, body: statusChangeSchema, response: letterSchema },
  printLetter: { params: idParams },
  // registers
  registers: { query: registerListQuerySchema, response: z.array(registerSummarySchema) },
  createRegister: { body: registerCreateSchema, response: registerSchema },
  register: { params: idParams, response: registerSchema },
  removeRegister: { params: idParams },
  addToRegister: { params: idParams, body: registerItemsSchema, response: registerSchema },
  removeFromRegister: { params: registerItemParamsSchema, response: registerSchema },
  sendRegister: { params: idParams, body: z.strictObject({}).nullish(), response: registerSchema },
  printRegister: { params: idParams },
  // envelope templates
  templates: { query: envelopeTemplateQuerySchema, response: z.array(envelopeTemplateSchema) },
  saveTemplate: { body: envelopeTemplatePutSchema, response: envelopeTemplateSchema },
};

/** The built-in layout of each format (mm): logo and sender top left, recipient in the lower right quarter. */
export function defaultEnvelopeBlocks(format: EnvelopeFormat): EnvelopeBlocks {
  const { widthMm: w, heightMm: h } = envelopeSizes[format];
  const margin = format === 'C4' ? 15 : 10;
  const logoWidth = format === 'C4' ? 35 : format === 'C6' ? 18 : 24;
  const senderFont = format === 'C4' ? 10 : format === 'C6' ? 7 : 8;
  const recipientFont = format === 'C4' ? 14 : format === 'C6' ? 9 : 11;
  const recipientX = Math.round(w * (format === 'C6' ? 0.42 : 0.48));
  return {
    logo: { xMm: margin, yMm: margin, widthMm: logoWidth, fontSize: 8, visible: true },
    sender: {
      xMm: margin + logoWidth + 3,
      yMm: margin,
      widthMm: Math.round(w * 0.5) - logoWidth - margin,
      fontSize: senderFont,
      visible: true,
    },
    recipient: {
      xMm: recipientX,
      yMm: Math.round(h * 0.5),
      widthMm: w - recipientX - margin,
      fontSize: recipientFont,
      visible: true,
    },
    advertising: {
      xMm: margin,
      yMm: h - margin - 10,
      widthMm: Math.round(w * 0.4),
      fontSize: 7,
      visible: false,
    },
  };
}
