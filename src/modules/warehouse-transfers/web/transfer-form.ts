// The transfer's form: its values (texts as typed, picked labels kept beside the ids), how they become the contract's
// body, the resolver that checks them with the contract's own schema, and the inputs the server's field errors name
// (the rules themselves are the document toolkit's: src/web/components/document-form.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  transferCreateSchema,
  transferMessages,
  type Transfer,
  type TransferCreateBody,
  type TransferCreateInput,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
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

export const MAX_LINES = 500;

/**
 * A line: its item (the picked item's name and, when known, its SKU and stock unit; not sent), its quantity and the
 * unit it is typed in (null: the stock unit).
 */
export interface TransferLineRow extends ItemLineBase, UnitLineValues {
  source: ItemSource;
  /** Kept as stored; the form does not edit it. */
  notes: string | null;
}

export interface TransferFormValues {
  documentDate: string;
  fromWarehouseId: number | null;
  fromWarehouseLabel: string | null;
  toWarehouseId: number | null;
  toWarehouseLabel: string | null;
  reason: string;
  notes: string;
  lines: TransferLineRow[];
}

/** What a link may pre-fill (/inventory's 'Переміщення': `?new=1&itemId=&fromWarehouseId=`). */
export interface TransferPrefill {
  itemId: number | null;
  fromWarehouseId: number | null;
}

/** The inputs the server's field errors may name. */
export const TRANSFER_FIELDS: DocumentFieldNames = {
  header: ['documentDate', 'fromWarehouseId', 'toWarehouseId', 'reason', 'notes'],
  line: ['itemId', 'qty', 'unitId'],
};

export function emptyLine(source: ItemSource = 'components'): TransferLineRow {
  return { ...emptyItemLine(), unitId: null, source, notes: null };
}

/** The form of a stored transfer, or of a new one (today's date, the pre-filled item and source). */
export function toForm(transfer?: Transfer, prefill?: TransferPrefill): TransferFormValues {
  if (!transfer) {
    return {
      documentDate: todayIso(),
      fromWarehouseId: prefill?.fromWarehouseId ?? null,
      fromWarehouseLabel: null,
      toWarehouseId: null,
      toWarehouseLabel: null,
      reason: '',
      notes: '',
      lines: prefill?.itemId ? [{ ...emptyLine(), itemId: prefill.itemId }] : [],
    };
  }
  return {
    documentDate: transfer.documentDate,
    fromWarehouseId: transfer.fromWarehouseId,
    fromWarehouseLabel: transfer.fromWarehouseName,
    toWarehouseId: transfer.toWarehouseId,
    toWarehouseLabel: transfer.toWarehouseName,
    reason: transfer.reason ?? '',
    notes: transfer.notes ?? '',
    lines: transfer.lines.map((line) => ({
      ...itemLineOf(line),
      // As entered: the quantity in the line's unit (null: the stock unit).
      qty: decimalInput(line.enteredUnitId === null ? line.qty : line.enteredQty),
      unitId: line.enteredUnitId ?? null,
      source: 'components',
      notes: line.notes,
    })),
  };
}

/** What the contract's schema checks: ids (0 when none is picked: 'Оберіть запис зі списку'), texts as typed. */
export function toInput(values: TransferFormValues): TransferCreateInput {
  return {
    documentDate: values.documentDate,
    fromWarehouseId: values.fromWarehouseId ?? 0,
    toWarehouseId: values.toWarehouseId ?? 0,
    reason: values.reason,
    notes: values.notes,
    lines: values.lines.map((line) => ({
      itemId: line.itemId ?? 0,
      qty: line.qty,
      ...(line.unitId ? { unitId: line.unitId } : {}),
      notes: line.notes,
    })),
  };
}

/**
 * Checks the body the form would send, with the same paths as the form's inputs (`lines.0.qty`). A quantity left
 * empty is named as missing ('Обов'язкове поле') rather than as a malformed number.
 */
export const transferResolver = documentResolver<TransferFormValues, TransferCreateInput, TransferCreateBody>(
  zodResolver(transferCreateSchema),
  toInput,
  { required: transferMessages.required, lines: ['qty'] },
);

/** A stored transfer as the body that would recreate it; null when it does not pass the schema. */
export function bodyOf(transfer: Transfer): TransferCreateBody | null {
  const parsed = transferCreateSchema.safeParse(toInput(toForm(transfer)));
  return parsed.success ? parsed.data : null;
}
