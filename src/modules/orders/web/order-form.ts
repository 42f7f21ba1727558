// The client order form's values and their mapping to the API body (sales.md §1): the header, the delivery snapshot
// and the lines (stored lines keep their ids). Validated by the contract's own schema over the body it would send.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import {
  orderCreateSchema,
  vatRates,
  type Order,
  type OrderBody,
  type OrderCreateInput,
} from '@/modules/orders/orders.contract.ts';
import type { UnitLineValues } from '@/web/components/document-unit-select.tsx';
import { decimalInput, todayIso } from './order-format.ts';

export const BASE_CURRENCY = 'UAH';
export const NONE = 'none';
export const MAX_LINES = 500;
export type VatRate = (typeof vatRates)[number];

/** A line; `unitId` (UnitLineValues) is the unit the qty and price are typed in, null: the item's stock unit. */
export interface LineRow extends UnitLineValues {
  id: number | undefined;
  itemId: number | null;
  itemLabel: string | null;
  qty: string;
  unitPrice: string;
  /** Empty: the client's discount. */
  discountPercent: string;
  vatRate: VatRate;
  notes: string;
  /** What has been shipped of the stored line (a hint; the server keeps qty at least at it). */
  shipped: string | null;
  /** A shipment points at the line: it keeps its item and cannot be removed. */
  locked: boolean;
  /** Available in the order's warehouse when the item was picked. */
  available: string | null;
  /** The item's stock unit (shipped and available are in it). */
  unit: string | null;
}

export interface OrderFormValues {
  clientId: number | null;
  clientLabel: string | null;
  contactId: string;
  companyId: number | null;
  companyLabel: string | null;
  warehouseId: number | null;
  warehouseLabel: string | null;
  managerUserId: number | null;
  managerLabel: string | null;
  orderDate: string;
  dueDate: string;
  paymentDueDate: string;
  currencyCode: string;
  fxRate: string;
  pricesIncludeVat: boolean;
  externalNumber: string;
  notes: string;
  clientNotes: string;
  deliveryPresetId: string;
  carrierId: number | null;
  carrierLabel: string | null;
  recipientName: string;
  recipientPhone: string;
  npCityRef: string;
  npCityName: string;
  deliveryType: string;
  npWarehouseRef: string;
  npWarehouseNumber: string;
  npWarehouseAddress: string;
  address: string;
  serviceType: string;
  payerType: string;
  paymentMethod: string;
  codEnabled: boolean;
  lines: LineRow[];
}

export const emptyLine = (vatRate: VatRate = '20'): LineRow => ({
  id: undefined,
  itemId: null,
  itemLabel: null,
  qty: '1',
  unitPrice: '',
  discountPercent: '',
  vatRate,
  notes: '',
  shipped: null,
  locked: false,
  available: null,
  unitId: null,
  unit: null,
});

const isZeroText = (v: string) => /^0*(\.0*)?$/.test(v);
const asVat = (v: string): VatRate => ((vatRates as readonly string[]).includes(v) ? (v as VatRate) : '20');

export function toForm(order?: Order): OrderFormValues {
  const text = (v: string | null | undefined) => v ?? '';
  if (!order) {
    return {
      clientId: null,
      clientLabel: null,
      contactId: NONE,
      companyId: null,
      companyLabel: null,
      warehouseId: null,
      warehouseLabel: null,
      managerUserId: null,
      managerLabel: null,
      orderDate: todayIso(),
      dueDate: '',
      paymentDueDate: '',
      currencyCode: BASE_CURRENCY,
      fxRate: '',
      pricesIncludeVat: false,
      externalNumber: '',
      notes: '',
      clientNotes: '',
      deliveryPresetId: NONE,
      carrierId: null,
      carrierLabel: null,
      recipientName: '',
      recipientPhone: '',
      npCityRef: '',
      npCityName: '',
      deliveryType: NONE,
      npWarehouseRef: '',
      npWarehouseNumber: '',
      npWarehouseAddress: '',
      address: '',
      serviceType: NONE,
      payerType: NONE,
      paymentMethod: NONE,
      codEnabled: false,
      lines: [emptyLine()],
    };
  }
  return {
    clientId: order.clientId,
    clientLabel: order.clientName,
    contactId: order.contactId ? String(order.contactId) : NONE,
    companyId: order.companyId,
    companyLabel: order.companyName,
    warehouseId: order.warehouseId,
    warehouseLabel: order.warehouseName,
    managerUserId: order.managerUserId,
    managerLabel: order.managerName,
    orderDate: order.orderDate,
    dueDate: text(order.dueDate),
    paymentDueDate: text(order.paymentDueDate),
    currencyCode: order.currencyCode,
    fxRate: order.currencyCode === BASE_CURRENCY ? '' : decimalInput(order.fxRate),
    pricesIncludeVat: order.pricesIncludeVat,
    externalNumber: text(order.externalNumber),
    notes: text(order.notes),
    clientNotes: text(order.clientNotes),
    deliveryPresetId: order.deliveryPresetId ? String(order.deliveryPresetId) : NONE,
    carrierId: order.carrierId,
    carrierLabel: order.carrierName,
    recipientName: text(order.recipientName),
    recipientPhone: text(order.recipientPhone),
    npCityRef: text(order.npCityRef),
    npCityName: text(order.npCityName),
    deliveryType: order.deliveryType ?? NONE,
    npWarehouseRef: text(order.npWarehouseRef),
    npWarehouseNumber: text(order.npWarehouseNumber),
    npWarehouseAddress: text(order.npWarehouseAddress),
    address: text(order.address),
    serviceType: order.serviceType ?? NONE,
    payerType: order.payerType ?? NONE,
    paymentMethod: order.paymentMethod ?? NONE,
    codEnabled: order.codEnabled,
    lines: order.lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      itemLabel: l.sku ? `${l.sku} · ${l.itemName}` : l.itemName,
      // As entered: the quantity in the line's unit (null: the stock unit), the price per that unit.
      qty: decimalInput(l.enteredQty),
      unitId: l.enteredUnitId,
      unit: l.unitShortName,
      unitPrice: decimalInput(l.unitPrice),
      // A stored line keeps its own discount (0 included); only a new line takes the client's by default.
      discountPercent: decimalInput(l.discountPercent),
      vatRate: asVat(l.vatRate),
      notes: text(l.notes),
      shipped: isZeroText(l.shippedQty) ? null : l.shippedQty,
      locked: l.hasShipments,
      available: l.availableQty,
    })),
  };
}

const orNull = (v: string) => (v === NONE || v === '' ? null : v);

export function toInput(values: OrderFormValues): OrderCreateInput {
  const currencyCode = values.currencyCode.trim().toUpperCase() || BASE_CURRENCY;
  return {
    orderDate: values.orderDate,
    clientId: values.clientId ?? 0,
    contactId: orNull(values.contactId) ? Number(values.contactId) : null,
    companyId: values.companyId,
    warehouseId: values.warehouseId,
    managerUserId: values.managerUserId,
    currencyCode,
    fxRate: currencyCode === BASE_CURRENCY ? undefined : values.fxRate,
    pricesIncludeVat: values.pricesIncludeVat,
    dueDate: values.dueDate,
    paymentDueDate: values.paymentDueDate,
    deliveryPresetId: orNull(values.deliveryPresetId) ? Number(values.deliveryPresetId) : null,
    carrierId: values.carrierId,
    recipientName: values.recipientName,
    recipientPhone: values.recipientPhone,
    npCityRef: values.npCityRef,
    npCityName: values.npCityName,
    deliveryType: orNull(values.deliveryType) as OrderCreateInput['deliveryType'],
    npWarehouseRef: values.npWarehouseRef,
    npWarehouseNumber: values.npWarehouseNumber,
    npWarehouseAddress: values.npWarehouseAddress,
    address: values.address,
    serviceType: orNull(values.serviceType) as OrderCreateInput['serviceType'],
    payerType: orNull(values.payerType) as OrderCreateInput['payerType'],
    paymentMethod: orNull(values.paymentMethod) as OrderCreateInput['paymentMethod'],
    codEnabled: values.codEnabled,
    externalNumber: values.externalNumber,
    notes: values.notes,
    clientNotes: values.clientNotes,
    lines: values.lines.map((l) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      itemId: l.itemId ?? 0,
      qty: l.qty,
      ...(l.unitId ? { unitId: l.unitId } : {}),
      unitPrice: l.unitPrice,
      ...(l.discountPercent.trim() ? { discountPercent: l.discountPercent } : {}),
      vatRate: l.vatRate,
      notes: l.notes,
    })),
  };
}

const schemaResolver = zodResolver(orderCreateSchema);
/** The contract's schema over the body the form would send, its errors at the inputs' paths (`lines.0.qty`). */
export const orderResolver: Resolver<OrderFormValues, unknown, OrderBody> = async (values, context, options) =>
  (await schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  )) as Awaited<ReturnType<Resolver<OrderFormValues, unknown, OrderBody>>>;

export type OrderForm = UseFormReturn<OrderFormValues, unknown, OrderBody>;
