// The numbering of documents as the company sets it (domain README §6, reports-admin §12 'Нумерація'): each document
// type's prefix, this year's counter (read-only) and the next number. Served under /api/companies/numbering.
import { z } from '@/shared/zod-uk.ts';

export const numberedDocuments = [
  'order',
  'payment',
  'shipment',
  'supplier_order',
  'supplier_receipt',
  'transfer',
  'inventory_audit',
  'adjustment',
  'manufacturing_order',
  'mo_issue',
  'mo_output',
  'assembly',
  'disassembly',
  'repair',
  'repair_parts',
  'mail',
  'mail_register',
] as const;
export type NumberedDocument = (typeof numberedDocuments)[number];

/** 1–6 letters (Latin or Cyrillic) or digits, upper case as stored. */
export const PREFIX_PATTERN = /^[\p{Lu}\d]{1,6}$/u;

export const numberingMessages = {
  labels: {
    order: 'Замовлення клієнтів',
    payment: 'Платежі',
    shipment: 'Відвантаження',
    supplier_order: 'Замовлення постачальникам',
    supplier_receipt: 'Приходи від постачальників',
    transfer: 'Переміщення між складами',
    inventory_audit: 'Інвентаризації',
    adjustment: 'Коригування залишків',
    manufacturing_order: 'Виробничі замовлення',
    mo_issue: 'Видача матеріалів у виробництво',
    mo_output: 'Випуск продукції',
    assembly: 'Збірка',
    disassembly: 'Розбірка',
    repair: 'Ремонти',
    repair_parts: 'Запчастини для ремонтів',
    mail: 'Листи',
    mail_register: 'Реєстри відправлень',
  } satisfies Record<NumberedDocument, string>,
  prefixFormat: 'Префікс — від 1 до 6 літер або цифр',
  prefixTaken: (prefix: string, other: string) => `Префікс ${prefix} уже має тип «${other}»`,
} as const;

const prefixSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(PREFIX_PATTERN, numberingMessages.prefixFormat));

export const numberingRowSchema = z.object({
  docType: z.enum(numberedDocuments),
  label: z.string(),
  prefix: z.string(),
  defaultPrefix: z.string(),
  /** This year's last number taken (0 when none yet). */
  counter: z.number().int(),
  /** The number the next document of this type takes this year. */
  next: z.string(),
});
export type NumberingRow = z.infer<typeof numberingRowSchema>;

/** Only the types whose prefix changes. */
export const numberingPatchSchema = z.strictObject(
  Object.fromEntries(numberedDocuments.map((t) => [t, prefixSchema.optional()])) as Record<
    NumberedDocument,
    z.ZodOptional<typeof prefixSchema>
  >,
);
