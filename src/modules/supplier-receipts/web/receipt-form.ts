// The receipt's form: its values (texts as typed, picked labels kept beside the ids), how they become the contract's
// body, the resolver that checks them with the contract's own schema, and the inputs the server's field errors name
// (the rules themselves are the document toolkit's: src/web/components/document-form.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  receiptCreateSchema,
  receiptMessages,
  type extraCostsMethods,
  type Receipt,
  type ReceiptCreateInput,
  type vatRates,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import type { ItemSource } from '@/modules/items/web/index.ts';
import {
  documentResolver,
  emptyItemLine,
  itemLineOf,
  type DocumentFieldNames,
  type ItemLineBase,
} from '@/web/components/document-form.ts';
import type { UnitLineValues } from '@/web/components/document-unit-select.tsx';
import { decimalInput, todayIso } from '@/web/lib/document-format.ts';
import type { ReceiptBody } from './supplier-receipts.api.ts';

export const BASE_CURRENCY = 'UAH';
export const MAX_LINES = 500;

export type VatRate = (typeof vatRates)[number];
export type ExtraCostsMethod = (typeof extraCostsMethods)[number];

/** A line: its item (the picked item's name and, for saved lines, its SKU and stock unit; not sent) and the rest. */
export interface LineRow extends ItemLineBase, UnitLineValues {
  source: ItemSource;
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

/** The inputs the server's field errors may name. */
export const RECEIPT_FIELDS: DocumentFieldNames = {
  header: [
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
  ],
  line: ['itemId', 'qty', 'unitId', 'unitPrice', 'vatRate', 'supplierItemName'],
};

export function currencyOf(code: string): string {
  return code.trim().toUpperCase() || BASE_CURRENCY;
}

export const isBaseCurrency = (code: string) => currencyOf(code) === BASE_CURRENCY;

export function emptyLine(source: ItemSource = 'components', vatRate: VatRate = '20'): LineRow {
  return {
    ...emptyItemLine(),
    unitId: null,
    source,
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
      ...itemLineOf(line),
      // As entered: the quantity in the line's unit (null: the stock unit), the price per that unit.
      qty: decimalInput(line.enteredQty),
      unitId: line.enteredUnitId,
      source: 'components',
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
    // A foreign currency without a typed rate takes the NBU rate on the document date (the server's rateOn).
    ...(currencyCode === BASE_CURRENCY
      ? { fxRate: '1' }
      : values.fxRate.trim() === ''
        ? {}
        : { fxRate: values.fxRate }),
    pricesIncludeVat: values.pricesIncludeVat,
    extraCosts: values.extraCosts.trim() === '' ? '0' : values.extraCosts,
    extraCostsMethod: values.extraCostsMethod,
    notes: values.notes,
    ...(values.supplierOrderId ? { supplierOrderId: values.supplierOrderId } : {}),
    lines: values.lines.map((line) => ({
      itemId: line.itemId ?? 0,
      qty: line.qty,
      ...(line.unitId ? { unitId: line.unitId } : {}),
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      supplierItemName: line.supplierItemName,
      ...(line.supplierOrderLineId ? { supplierOrderLineId: line.supplierOrderLineId } : {}),
    })),
  };
}

/**
 * Checks the body the form would send, with the same paths as the form's inputs (`lines.0.qty`). A number left
 * empty is named as missing ('Обов'язкове поле') rather than as a malformed number.
 */
export const receiptResolver = documentResolver<ReceiptFormValues, ReceiptCreateInput, ReceiptBody>(
  zodResolver(receiptCreateSchema),
  toInput,
  { required: receiptMessages.required, header: [], lines: ['qty', 'unitPrice'] },
);

/** A stored receipt as the body that would recreate it; null when it does not pass the schema. */
export function bodyOf(receipt: Receipt): ReceiptBody | null {
  const parsed = receiptCreateSchema.safeParse(toInput(toForm(receipt)));
  return parsed.success ? parsed.data : null;
}
