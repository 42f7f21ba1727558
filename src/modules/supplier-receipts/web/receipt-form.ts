// The receipt's form: its values (texts as typed, picked labels kept beside the ids), how they become the contract's
// body, the resolver that checks them with the contract's own schema, and the server's field errors put back on them.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver, UseFormReturn } from 'react-hook-form';
import {
  receiptCreateSchema,
  receiptMessages,
  type extraCostsMethods,
  type Receipt,
  type ReceiptCreateInput,
  type vatRates,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { ApiError } from '@/web/lib/api.ts';
import { decimalInput, todayIso } from './receipt-format.ts';
import type { ReceiptBody } from './supplier-receipts.api.ts';

export const BASE_CURRENCY = 'UAH';
export const MAX_LINES = 500;

export type VatRate = (typeof vatRates)[number];
export type ExtraCostsMethod = (typeof extraCostsMethods)[number];
/** Which lookup a line's item picker searches. */
export type ItemSource = 'components' | 'products';

export interface LineRow {
  itemId: number | null;
  /** The picked item's name and, for saved lines, its SKU and stock unit; not sent. */
  itemLabel: string | null;
  sku: string | null;
  unit: string | null;
  source: ItemSource;
  qty: string;
  unitPrice: string;
  vatRate: VatRate;
  supplierItemName: string;
  /** The supplier order line it receives against (kept as it is; not edited here). */
  supplierOrderLineId: number | null;
  /** The supplier's last price of the item and its currency, for the 20 % warning; cleared when the item changes. */
  lastPrice: string | null;
  lastPriceCurrency: string | null;
}

export interface ReceiptFormValues {
  supplierId: number | null;
  supplierLabel: string | null;
  warehouseId: number | null;
  warehouseLabel: string | null;
  documentTypeId: number | null;
  documentTypeLabel: string | null;
  companyId: number | null;
  companyLabel: string | null;
  supplierDocNumber: string;
  supplierDocDate: string;
  documentDate: string;
  currencyCode: string;
  /** Shown and sent only when the currency is not UAH (UAH is always at 1). */
  fxRate: string;
  pricesIncludeVat: boolean;
  extraCosts: string;
  extraCostsMethod: ExtraCostsMethod;
  notes: string;
  /** The supplier order the receipt is against ('Отримати'); kept as it is. */
  supplierOrderId: number | null;
  supplierOrderNumber: string | null;
  lines: LineRow[];
}

export const HEADER_FIELDS = [
  'supplierId',
  'companyId',
  'warehouseId',
  'documentTypeId',
  'supplierDocNumber',
  'supplierDocDate',
  'documentDate',
  'currencyCode',
  'fxRate',
  'pricesIncludeVat',
  'extraCosts',
  'extraCostsMethod',
  'notes',
] as const;
export const LINE_FIELDS = ['itemId', 'qty', 'unitPrice', 'vatRate', 'supplierItemName'] as const;

export function currencyOf(code: string): string {
  return code.trim().toUpperCase() || BASE_CURRENCY;
}

export const isBaseCurrency = (code: string) => currencyOf(code) === BASE_CURRENCY;

export function emptyLine(source: ItemSource = 'components', vatRate: VatRate = '20'): LineRow {
  return {
    itemId: null,
    itemLabel: null,
    sku: null,
    unit: null,
    source,
    qty: '',
    unitPrice: '',
    vatRate,
    supplierItemName: '',
    supplierOrderLineId: null,
    lastPrice: null,
    lastPriceCurrency: null,
  };
}

/** The form of a stored receipt, or of a new one (today's date, UAH, no lines). */
export function toForm(receipt?: Receipt): ReceiptFormValues {
  if (!receipt) {
    return {
      supplierId: null,
      supplierLabel: null,
      warehouseId: null,
      warehouseLabel: null,
      documentTypeId: null,
      documentTypeLabel: null,
      companyId: null,
      companyLabel: null,
      supplierDocNumber: '',
      supplierDocDate: '',
      documentDate: todayIso(),
      currencyCode: BASE_CURRENCY,
      fxRate: '',
      pricesIncludeVat: false,
      extraCosts: '',
      extraCostsMethod: 'by_value',
      notes: '',
      supplierOrderId: null,
      supplierOrderNumber: null,
      lines: [],
    };
  }
  return {
    supplierId: receipt.supplierId,
    supplierLabel: receipt.supplierName,
    warehouseId: receipt.warehouseId,
    warehouseLabel: receipt.warehouseName,
    documentTypeId: receipt.documentTypeId,
    documentTypeLabel: receipt.documentTypeName,
    companyId: receipt.companyId,
    companyLabel: null,
    supplierDocNumber: receipt.supplierDocNumber,
    supplierDocDate: receipt.supplierDocDate,
    documentDate: receipt.documentDate,
    currencyCode: receipt.currencyCode,
    fxRate: isBaseCurrency(receipt.currencyCode) ? '' : decimalInput(receipt.fxRate),
    pricesIncludeVat: receipt.pricesIncludeVat,
    extraCosts: /^0*(\.0*)?$/.test(receipt.extraCosts) ? '' : decimalInput(receipt.extraCosts),
    extraCostsMethod: receipt.extraCostsMethod,
    notes: receipt.notes ?? '',
    supplierOrderId: receipt.supplierOrderId,
    supplierOrderNumber: receipt.supplierOrderNumber,
    lines: receipt.lines.map((line) => ({
      itemId: line.itemId,
      itemLabel: line.itemName,
      sku: line.sku,
      unit: line.unitShortName,
      source: 'components',
      qty: decimalInput(line.qty),
      unitPrice: decimalInput(line.unitPrice),
      vatRate: line.vatRate,
      supplierItemName: line.supplierItemName ?? '',
      supplierOrderLineId: line.supplierOrderLineId,
      lastPrice: line.lastPrice,
      lastPriceCurrency: line.lastPriceCurrency,
    })),
  };
}

/** What the contract's schema checks: ids (0 when none is picked: 'Оберіть запис зі списку'), texts as typed. */
export function toInput(values: ReceiptFormValues): ReceiptCreateInput {
  const currencyCode = currencyOf(values.currencyCode);
  return {
    supplierId: values.supplierId ?? 0,
    companyId: values.companyId,
    warehouseId: values.warehouseId ?? 0,
    documentTypeId: values.documentTypeId ?? 0,
    supplierDocNumber: values.supplierDocNumber,
    supplierDocDate: values.supplierDocDate,
    documentDate: values.documentDate,
    currencyCode,
    fxRate: currencyCode === BASE_CURRENCY ? '1' : values.fxRate,
    pricesIncludeVat: values.pricesIncludeVat,
    extraCosts: values.extraCosts.trim() === '' ? '0' : values.extraCosts,
    extraCostsMethod: values.extraCostsMethod,
    notes: values.notes,
    ...(values.supplierOrderId ? { supplierOrderId: values.supplierOrderId } : {}),
    lines: values.lines.map((line) => ({
      itemId: line.itemId ?? 0,
      qty: line.qty,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      supplierItemName: line.supplierItemName,
      ...(line.supplierOrderLineId ? { supplierOrderLineId: line.supplierOrderLineId } : {}),
    })),
  };
}

const schemaResolver = zodResolver(receiptCreateSchema);

type ErrorTree = Record<string, { message?: string } | undefined>;

/**
 * Checks the body the form would send, with the same paths as the form's inputs (`lines.0.qty`). A number left
 * empty is named as missing ('Обов'язкове поле') rather than as a malformed number.
 */
export const receiptResolver: Resolver<ReceiptFormValues, unknown, ReceiptBody> = async (values, context, options) => {
  const result = await schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  const errors = result.errors as Record<string, unknown>;
  const markMissing = (tree: ErrorTree | undefined, name: string, text: string) => {
    const error = tree?.[name];
    if (tree && error && text.trim() === '') tree[name] = { ...error, message: receiptMessages.required };
  };
  markMissing(errors as ErrorTree, 'fxRate', values.fxRate);
  const lineErrors = errors.lines as Record<number, ErrorTree | undefined> | undefined;
  values.lines.forEach((line, index) => {
    markMissing(lineErrors?.[index], 'qty', line.qty);
    markMissing(lineErrors?.[index], 'unitPrice', line.unitPrice);
  });
  return result as Awaited<ReturnType<Resolver<ReceiptFormValues, unknown, ReceiptBody>>>;
};

/** A stored receipt as the body that would recreate it; null when it does not pass the schema. */
export function bodyOf(receipt: Receipt): ReceiptBody | null {
  const parsed = receiptCreateSchema.safeParse(toInput(toForm(receipt)));
  return parsed.success ? parsed.data : null;
}

/** The fields of `body` that differ from the stored receipt's (all of them when it cannot be compared). */
export function changedFields(body: ReceiptBody, stored: ReceiptBody | null): Partial<ReceiptBody> {
  if (!stored) return body;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (JSON.stringify(value) !== JSON.stringify(stored[key as keyof ReceiptBody])) changed[key] = value;
  }
  return changed as Partial<ReceiptBody>;
}

/**
 * Puts the server's `fields` under the inputs they name (`supplierDocNumber`, `lines.0.qty`, `lines` for the whole
 * grid); true when at least one landed, otherwise the caller shows the message itself.
 */
export function applyReceiptFieldErrors(
  error: unknown,
  form: UseFormReturn<ReceiptFormValues, unknown, ReceiptBody>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const lineCount = form.getValues('lines').length;
  let placed = false;
  for (const [key, message] of Object.entries(error.fields)) {
    let name: FieldPath<ReceiptFormValues> | null = null;
    if ((HEADER_FIELDS as readonly string[]).includes(key) || key === 'lines') {
      name = key as FieldPath<ReceiptFormValues>;
    } else {
      const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(key);
      const field = match?.[2] ?? 'itemId';
      if (match && Number(match[1]) < lineCount && (LINE_FIELDS as readonly string[]).includes(field)) {
        name = `lines.${Number(match[1])}.${field}` as FieldPath<ReceiptFormValues>;
      }
    }
    if (name === null) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
