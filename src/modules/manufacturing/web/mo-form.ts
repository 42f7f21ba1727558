// The manufacturing order form's values and their mapping to the API body (production.md §4): checked by the
// contract's own schema, with the page's clearer words for an empty item or quantity and a due date before the start.
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  moCreateSchema,
  type MoDetail,
  type MoPriority,
  type MoUpdateInput,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import type { z } from '@/shared/zod-uk.ts';
import { decimalInput } from './manufacturing-parts.tsx';
import { moWebMessages } from './manufacturing.messages.ts';

const m = moWebMessages.form;
export const NONE = 'none';

export interface MoFormValues {
  itemId: number | null;
  itemLabel: string | null;
  /** A recipe id, or NONE for the item's default specification. */
  recipeId: string;
  qty: string;
  plannedStart: string;
  dueDate: string;
  priority: MoPriority;
  responsibleWorkerId: number | null;
  responsibleLabel: string | null;
  outputWarehouseId: number | null;
  outputWarehouseLabel: string | null;
  materialsWarehouseId: number | null;
  materialsWarehouseLabel: string | null;
  notes: string;
}

/** What POST sends: the schema's output (decimal points, nulls). */
export type MoFormBody = z.output<typeof moCreateSchema>;

export const FORM_FIELDS = [
  'itemId',
  'recipeId',
  'qty',
  'plannedStart',
  'dueDate',
  'priority',
  'responsibleWorkerId',
  'outputWarehouseId',
  'materialsWarehouseId',
  'notes',
] as const;

export function toForm(mo?: MoDetail): MoFormValues {
  if (!mo) {
    return {
      itemId: null,
      itemLabel: null,
      recipeId: NONE,
      qty: '1',
      plannedStart: '',
      dueDate: '',
      priority: 'normal',
      responsibleWorkerId: null,
      responsibleLabel: null,
      outputWarehouseId: null,
      outputWarehouseLabel: null,
      materialsWarehouseId: null,
      materialsWarehouseLabel: null,
      notes: '',
    };
  }
  return {
    itemId: mo.itemId,
    itemLabel: `${mo.sku} · ${mo.itemName}`,
    recipeId: mo.recipeId ? String(mo.recipeId) : NONE,
    qty: decimalInput(mo.qty),
    plannedStart: mo.plannedStart ?? '',
    dueDate: mo.dueDate ?? '',
    priority: mo.priority,
    responsibleWorkerId: mo.responsibleWorkerId,
    responsibleLabel: mo.responsibleName,
    outputWarehouseId: mo.outputWarehouseId,
    outputWarehouseLabel: mo.outputWarehouseName,
    materialsWarehouseId: mo.materialsWarehouseId,
    materialsWarehouseLabel: mo.materialsWarehouseName,
    notes: mo.notes ?? '',
  };
}

export function toInput(values: MoFormValues) {
  return {
    itemId: values.itemId ?? 0,
    qty: values.qty,
    recipeId: values.recipeId === NONE ? null : Number(values.recipeId),
    plannedStart: values.plannedStart || null,
    dueDate: values.dueDate || null,
    priority: values.priority,
    responsibleWorkerId: values.responsibleWorkerId,
    outputWarehouseId: values.outputWarehouseId,
    materialsWarehouseId: values.materialsWarehouseId,
    notes: values.notes,
  };
}

type Errors = Record<string, { type: string; message: string }>;

/** The contract's schema over the body the form would send; its messages land on the inputs. */
export const moResolver: Resolver<MoFormValues, unknown, MoFormBody> = async (values) => {
  const errors: Errors = {};
  const put = (name: string, message: string) => {
    if (!errors[name]) errors[name] = { type: 'validate', message };
  };
  if (values.itemId === null) put('itemId', m.itemRequired);
  if (!values.qty.trim()) put('qty', m.qtyRequired);
  const parsed = moCreateSchema.safeParse(toInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(String(issue.path[0] ?? 'qty'), issue.message);
  }
  if (values.plannedStart && values.dueDate && values.dueDate < values.plannedStart) put('dueDate', m.dueBeforeStart);
  if (Object.keys(errors).length || !parsed.success) {
    return { values: {}, errors: errors as unknown as FieldErrors<MoFormValues> };
  }
  return { values: parsed.data, errors: {} };
};

/** PATCH: the version read and only what changed (the server refuses some fields once the order is released). */
export function toPatch(mo: MoDetail, body: MoFormBody): MoUpdateInput {
  const before = moCreateSchema.parse({
    itemId: mo.itemId,
    qty: mo.qty,
    recipeId: mo.recipeId,
    plannedStart: mo.plannedStart,
    dueDate: mo.dueDate,
    priority: mo.priority,
    responsibleWorkerId: mo.responsibleWorkerId,
    outputWarehouseId: mo.outputWarehouseId,
    materialsWarehouseId: mo.materialsWarehouseId,
    notes: mo.notes ?? '',
  });
  const patch: MoUpdateInput = { version: mo.version };
  if (cmp(dec(body.qty), dec(before.qty)) !== 0) patch.qty = body.qty;
  if ((body.recipeId ?? null) !== (before.recipeId ?? null)) patch.recipeId = body.recipeId ?? null;
  if ((body.plannedStart ?? null) !== (before.plannedStart ?? null)) patch.plannedStart = body.plannedStart ?? null;
  if ((body.dueDate ?? null) !== (before.dueDate ?? null)) patch.dueDate = body.dueDate ?? null;
  if (body.priority !== before.priority) patch.priority = body.priority;
  if ((body.responsibleWorkerId ?? null) !== (before.responsibleWorkerId ?? null)) {
    patch.responsibleWorkerId = body.responsibleWorkerId ?? null;
  }
  if ((body.notes ?? null) !== (before.notes ?? null)) patch.notes = body.notes ?? null;
  if (body.outputWarehouseId && body.outputWarehouseId !== before.outputWarehouseId) {
    patch.outputWarehouseId = body.outputWarehouseId;
  }
  if (body.materialsWarehouseId && body.materialsWarehouseId !== before.materialsWarehouseId) {
    patch.materialsWarehouseId = body.materialsWarehouseId;
  }
  return patch;
}
