// The transfer's form: its values (texts as typed, picked labels kept beside the ids), how they become the contract's
// body, the resolver that checks them with the contract's own schema, and the server's field errors put back on them.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver, UseFormReturn } from 'react-hook-form';
import {
  transferCreateSchema,
  transferMessages,
  type Transfer,
  type TransferCreateBody,
  type TransferCreateInput,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { decimalInput, todayIso } from './transfer-parts.tsx';
import { ApiError } from '@/web/lib/api.ts';

export const MAX_LINES = 500;

/** Which lookup a line's item picker searches. */
export type ItemSource = 'components' | 'products';

export interface TransferLineRow {
  itemId: number | null;
  /** The picked item's name and, when known, its SKU and stock unit; not sent. */
  itemLabel: string | null;
  sku: string | null;
  unit: string | null;
  source: ItemSource;
  qty: string;
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

export const HEADER_FIELDS = ['documentDate', 'fromWarehouseId', 'toWarehouseId', 'reason', 'notes'] as const;
export const LINE_FIELDS = ['itemId', 'qty'] as const;

export function emptyLine(source: ItemSource = 'components'): TransferLineRow {
  return { itemId: null, itemLabel: null, sku: null, unit: null, source, qty: '', notes: null };
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
      itemId: line.itemId,
      itemLabel: line.itemName,
      sku: line.sku,
      unit: line.unitShortName,
      source: 'components',
      qty: decimalInput(line.qty),
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
    lines: values.lines.map((line) => ({ itemId: line.itemId ?? 0, qty: line.qty, notes: line.notes })),
  };
}

const schemaResolver = zodResolver(transferCreateSchema);

type ErrorTree = Record<string, { message?: string } | undefined>;

/**
 * Checks the body the form would send, with the same paths as the form's inputs (`lines.0.qty`). A quantity left
 * empty is named as missing ('Обов'язкове поле') rather than as a malformed number.
 */
export const transferResolver: Resolver<TransferFormValues, unknown, TransferCreateBody> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  const errors = result.errors as Record<string, unknown>;
  const lineErrors = errors.lines as Record<number, ErrorTree | undefined> | undefined;
  values.lines.forEach((line, index) => {
    const tree = lineErrors?.[index];
    const error = tree?.qty;
    if (tree && error && line.qty.trim() === '') tree.qty = { ...error, message: transferMessages.required };
  });
  return result as Awaited<ReturnType<Resolver<TransferFormValues, unknown, TransferCreateBody>>>;
};

/** A stored transfer as the body that would recreate it; null when it does not pass the schema. */
export function bodyOf(transfer: Transfer): TransferCreateBody | null {
  const parsed = transferCreateSchema.safeParse(toInput(toForm(transfer)));
  return parsed.success ? parsed.data : null;
}

/** The fields of `body` that differ from the stored transfer's (all of them when it cannot be compared). */
export function changedFields(
  body: TransferCreateBody,
  stored: TransferCreateBody | null,
): Partial<TransferCreateBody> {
  if (!stored) return body;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (JSON.stringify(value) !== JSON.stringify(stored[key as keyof TransferCreateBody])) changed[key] = value;
  }
  return changed as Partial<TransferCreateBody>;
}

/**
 * Puts the server's `fields` under the inputs they name (`toWarehouseId`, `lines.0.qty`, `lines` for the whole
 * grid); true when at least one landed, otherwise the caller shows the message itself.
 */
export function applyTransferFieldErrors(
  error: unknown,
  form: UseFormReturn<TransferFormValues, unknown, TransferCreateBody>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const lineCount = form.getValues('lines').length;
  let placed = false;
  for (const [key, message] of Object.entries(error.fields)) {
    let name: FieldPath<TransferFormValues> | null = null;
    if ((HEADER_FIELDS as readonly string[]).includes(key) || key === 'lines') {
      name = key as FieldPath<TransferFormValues>;
    } else {
      const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(key);
      const field = match?.[2] ?? 'itemId';
      if (match && Number(match[1]) < lineCount && (LINE_FIELDS as readonly string[]).includes(field)) {
        name = `lines.${Number(match[1])}.${field}` as FieldPath<TransferFormValues>;
      }
    }
    if (name === null) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
