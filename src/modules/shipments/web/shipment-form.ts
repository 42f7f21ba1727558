// The editable part of a shipment as the drawer holds it (sales.md §3): line quantities (draft only) and the delivery
// and parcel fields; what PATCH sends is only what changed, with the version read. Validation is the contract's.
import {
  shipmentUpdateSchema,
  type DeliveryStatus,
  type Shipment,
  type ShipmentUpdateInput,
} from '@/modules/shipments/shipments.contract.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { ApiError } from '@/web/lib/api.ts';

export interface SeatForm {
  weightKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
}

export interface ShipmentForm {
  /** Line id → the quantity as typed, in the line's unit. */
  lines: Record<number, string>;
  /** Line id → the unit its quantity is typed in: the line's (its order line's) unit, null: the stock unit. */
  lineUnits: Record<number, number | null>;
  carrierId: number | null;
  carrierLabel: string | null;
  senderProfile: 'own' | 'client';
  recipientName: string;
  recipientPhone: string;
  deliveryType: '' | 'branch' | 'postomat' | 'address';
  npCityRef: string | null;
  npCityName: string | null;
  npWarehouseRef: string | null;
  npWarehouseNumber: string | null;
  npWarehouseAddress: string | null;
  address: string;
  serviceType: string;
  payerType: string;
  paymentMethod: string;
  declaredValue: string;
  codAmount: string;
  weightKg: string;
  description: string;
  seats: SeatForm[];
  notes: string;
  trackingNumber: string;
  deliveryStatus: DeliveryStatus;
}

const text = (v: string | null | undefined) => v ?? '';
const number = (v: string | null | undefined) => (v ? decimalInput(v) : '');

export function formOf(s: Shipment): ShipmentForm {
  return {
    lines: Object.fromEntries(s.lines.map((l) => [l.id, decimalInput(l.enteredQty)])),
    lineUnits: Object.fromEntries(s.lines.map((l) => [l.id, l.enteredUnitId])),
    carrierId: s.carrierId,
    carrierLabel: s.carrierName,
    senderProfile: s.senderProfile,
    recipientName: text(s.recipientName),
    recipientPhone: text(s.recipientPhone),
    deliveryType: (s.deliveryType ?? '') as ShipmentForm['deliveryType'],
    npCityRef: s.npCityRef,
    npCityName: s.npCityName,
    npWarehouseRef: s.npWarehouseRef,
    npWarehouseNumber: s.npWarehouseNumber,
    npWarehouseAddress: s.npWarehouseAddress,
    address: text(s.address),
    serviceType: text(s.serviceType),
    payerType: text(s.payerType),
    paymentMethod: text(s.paymentMethod),
    declaredValue: number(s.declaredValue),
    codAmount: number(s.codAmount),
    weightKg: number(s.weightKg),
    description: text(s.description),
    seats: s.seats.map((seat) => ({
      weightKg: decimalInput(seat.weightKg),
      lengthCm: decimalInput(seat.lengthCm),
      widthCm: decimalInput(seat.widthCm),
      heightCm: decimalInput(seat.heightCm),
    })),
    notes: text(s.notes),
    trackingNumber: text(s.trackingNumber),
    deliveryStatus: s.deliveryStatus,
  };
}

const deliveryFields = [
  'carrierId',
  'senderProfile',
  'recipientName',
  'recipientPhone',
  'deliveryType',
  'npCityRef',
  'npCityName',
  'npWarehouseRef',
  'npWarehouseNumber',
  'npWarehouseAddress',
  'address',
  'serviceType',
  'payerType',
  'paymentMethod',
  'declaredValue',
  'codAmount',
  'weightKg',
  'description',
] as const;

/** The PATCH body of the changes, and for each line in it the line's id (to place a message at `lines.<i>.*`). */
export function patchOf(
  form: ShipmentForm,
  before: ShipmentForm,
  version: number,
  opts: { lines: boolean; manualTracking: boolean },
): { body: ShipmentUpdateInput; lineIds: number[] } {
  const body: Record<string, unknown> = { version };
  for (const key of deliveryFields) {
    if (form[key] !== before[key]) {
      const value = form[key];
      body[key] = value === '' ? null : value;
    }
  }
  if (JSON.stringify(form.seats) !== JSON.stringify(before.seats)) body.seats = form.seats;
  if (form.notes !== before.notes) body.notes = form.notes;
  if (opts.manualTracking) {
    if (form.trackingNumber !== before.trackingNumber) body.trackingNumber = form.trackingNumber;
    if (form.deliveryStatus !== before.deliveryStatus) body.deliveryStatus = form.deliveryStatus;
  }
  const lineIds: number[] = [];
  if (opts.lines) {
    const lines = Object.entries(form.lines)
      .filter(([id, qty]) => before.lines[Number(id)] !== qty)
      .map(([id, qty]) => {
        lineIds.push(Number(id));
        const unitId = form.lineUnits[Number(id)];
        return { id: Number(id), qty: qty.trim() === '' ? '' : qty, ...(unitId ? { unitId } : {}) };
      });
    if (lines.length) body.lines = lines;
  }
  return { body: body as ShipmentUpdateInput, lineIds };
}

/** True when the body changes anything beyond the version. */
export const changesAnything = (body: ShipmentUpdateInput) => Object.keys(body).length > 1;

/**
 * The form's messages by field: `lines.<i>.qty` of the body become `line:<id>`, `seats.<i>.<field>` stay as they
 * are, the rest are the field names.
 */
export function messagesOf(fields: Record<string, string>, lineIds: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\./.exec(path);
    if (line) {
      const id = lineIds[Number(line[1])];
      if (id !== undefined) out[`line:${id}`] ??= message;
      continue;
    }
    out[path] ??= message;
  }
  return out;
}

/** The contract's own check of a PATCH, as field messages (empty when it is valid). */
export function validatePatch(body: ShipmentUpdateInput, lineIds: readonly number[]): Record<string, string> {
  const parsed = shipmentUpdateSchema.safeParse(body);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return messagesOf(fields, lineIds);
}

/** A failed request's field messages for the form, or null when it had none. */
export function serverMessagesOf(error: unknown, lineIds: readonly number[]): Record<string, string> | null {
  return error instanceof ApiError && error.fields ? messagesOf(error.fields, lineIds) : null;
}
