// The supplier order's form: its values (texts as typed, picked labels kept beside the ids), how they become the
// contract's body, the resolver that checks them with the contract's own schema, and the inputs the server's field
// errors name (the rules themselves are the document toolkit's: src/web/components/document-form.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  orderCreateSchema,
  orderMessages,
  type Order,
  type OrderBody,
  type OrderCreateInput,
  type vatRates,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import {
  documentResolver,
  emptyItemLine,
  type DocumentFieldNames,
  type ItemLineBase,
} from '@/web/components/document-form.ts';
import type { UnitLineValues } from '@/web/components/document-unit-select.tsx';
import { decimalInput, todayIso } from './order-format.ts';

export const BASE_CURRENCY = 'UAH';
export const MAX_LINES = 500;

export type VatRate = (typeof vatRates)[number];

/** A line: its item (the picked item's label; not sent) and the rest. Stored lines keep their ids. */
export interface LineRow extends ItemLineBase, UnitLineValues {
  id: number | undefined;
  /** What has arrived against the stored line (a hint; the server keeps the line at least at it). */
  received: string | null;
  /** The item is looked for among products rather than components. */
  products: boolean;
  unitPrice: string;
  vatRate: VatRate;
  expectedDate: string;
}

export interface OrderFormValues {
  supplierId: number | null;
  supplierLabel: string | null;
  warehouseId: number | null;
  warehouseLabel: string | null;
  orderDate: string;
  expectedDate: string;
  currencyCode: string;
  fxRate: string;
  pricesIncludeVat: boolean;
  supplierReference: string;
  notes: string;
  lines: LineRow[];
}

/** The inputs the server's field errors may name. */
export const ORDER_FIELDS: DocumentFieldNames = {
  header: ['supplierId', 'warehouseId', 'orderDate', 'expectedDate', 'currencyCode', 'fxRate'],
  line: ['itemId', 'qty', 'unitId', 'unitPrice', 'vatRate', 'expectedDate'],
};

export const currencyOf = (code: string) => code.trim().toUpperCase() || BASE_CURRENCY;

export const emptyLine = (vatRate: VatRate = '20'): LineRow => ({
  ...emptyItemLine(),
  unitId: null,
  id: undefined,
  received: null,
  products: false,
  unitPrice: '',
  vatRate,
  expectedDate: '',
});

/** The form of a stored order, or of a new one (today's date, UAH, one empty line). */
export function toForm(order?: Order): OrderFormValues {
  if (!order) {
    return {
      supplierId: null,
      supplierLabel: null,
      warehouseId: null,
      warehouseLabel: null,
      orderDate: todayIso(),
      expectedDate: '',
      currencyCode: BASE_CURRENCY,
      fxRate: '',
      pricesIncludeVat: false,
      supplierReference: '',
      notes: '',
      lines: [emptyLine()],
    };
  }
  return {
    supplierId: order.supplierId,
    supplierLabel: order.supplierName,
    warehouseId: order.warehouseId,
    warehouseLabel: order.warehouseName,
    orderDate: order.orderDate,
    expectedDate: order.expectedDate ?? '',
    currencyCode: order.currencyCode,
    fxRate: order.currencyCode === BASE_CURRENCY ? '' : decimalInput(order.fxRate),
    pricesIncludeVat: order.pricesIncludeVat,
    supplierReference: order.supplierReference ?? '',
    notes: order.notes ?? '',
    lines: order.lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      itemLabel: `${l.sku} · ${l.itemName}`,
      sku: l.sku,
      unit: l.unitShortName,
      received: /^0*(\.0*)?$/.test(l.receivedQty) ? null : l.receivedQty,
      products: false,
      // As entered: the quantity in the line's unit (null: the stock unit), the price per that unit.
      qty: decimalInput(l.enteredQty),
      unitId: l.enteredUnitId,
      unitPrice: decimalInput(l.unitPrice),
      vatRate: l.vatRate,
      expectedDate: l.expectedDate ?? '',
    })),
  };
}

/** What the contract's schema checks: ids (0 when none is picked), texts as typed. */
export function toInput(values: OrderFormValues): OrderCreateInput {
  const currencyCode = currencyOf(values.currencyCode);
  return {
    supplierId: values.supplierId ?? 0,
    warehouseId: values.warehouseId,
    orderDate: values.orderDate,
    expectedDate: values.expectedDate,
    currencyCode,
    fxRate: currencyCode === BASE_CURRENCY ? '1' : values.fxRate,
    pricesIncludeVat: values.pricesIncludeVat,
    supplierReference: values.supplierReference,
    notes: values.notes,
    lines: values.lines.map((l) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      itemId: l.itemId ?? 0,
      qty: l.qty,
      ...(l.unitId ? { unitId: l.unitId } : {}),
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      expectedDate: l.expectedDate,
    })),
  };
}

/** The contract's schema over the body the form would send, its errors at the inputs' paths (`lines.0.qty`). */
export const orderResolver = documentResolver<OrderFormValues, OrderCreateInput, OrderBody>(
  zodResolver(orderCreateSchema),
  toInput,
  { required: orderMessages.required },
);
