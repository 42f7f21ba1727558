// The form side of a document's draft (receipts, transfers, and any document of item lines edited in one form): the
// resolver that checks the body the form would send with the contract's own schema, what a PATCH sends, the server's
// field errors put back under the inputs, the failure a refused save leaves, and the rules of the lines' array
// (re-checked once the form was submitted; a picked item drops what was known of the one before).
import {
  useFieldArray,
  useWatch,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SetValueConfig,
  type UseFormReturn,
} from 'react-hook-form';
import type { RecordFailure } from '@/web/components/record-dialog.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput } from '@/web/lib/document-format.ts';

/** A document form's values: a header and its lines. */
export type DocumentFormValues = FieldValues & { lines: readonly object[] };

/**
 * What a line of items keeps besides what it sends: the picked item's id, its name for the picker and, when known,
 * its SKU and stock unit (pickLineItem drops them when another item is picked); the quantity as typed.
 */
export interface ItemLineBase {
  itemId: number | null;
  itemLabel: string | null;
  sku: string | null;
  unit: string | null;
  qty: string;
}

/** The values of a form whose lines are items. */
export type ItemLinesFormValues = FieldValues & { lines: readonly ItemLineBase[] };

/** A new line: no item yet, no quantity. */
export const emptyItemLine = (): ItemLineBase => ({ itemId: null, itemLabel: null, sku: null, unit: null, qty: '' });

/** A stored line's item and quantity as the form keeps them ('41.500000' → '41,5'). */
export function itemLineOf(line: {
  itemId: number;
  itemName: string;
  sku: string;
  unitShortName: string | null;
  qty: string;
}): ItemLineBase {
  return {
    itemId: line.itemId,
    itemLabel: line.itemName,
    sku: line.sku,
    unit: line.unitShortName,
    qty: decimalInput(line.qty),
  };
}

type ErrorTree = Record<string, { message?: string } | undefined>;

/**
 * The resolver of a document's form: `check` (the contract schema's zodResolver) checks the body the form would send
 * (`toInput`), with the same paths as the form's inputs (`lines.0.qty`). A number left empty — the header's `header`
 * fields, each line's `lines` fields — is named as missing (`required`) rather than as a malformed number.
 */
export function documentResolver<V extends DocumentFormValues, I extends FieldValues, B extends FieldValues>(
  check: Resolver<I, unknown, B>,
  toInput: (values: V) => I,
  empty: { required: string; header?: readonly (keyof V & string)[]; lines?: readonly string[] },
): Resolver<V, unknown, B> {
  return async (values, context, options) => {
    const result = await check(toInput(values), context, options as unknown as Parameters<typeof check>[2]);
    const errors = result.errors as Record<string, unknown>;
    const markMissing = (tree: ErrorTree | undefined, name: string, text: unknown) => {
      const error = tree?.[name];
      if (tree && error && typeof text === 'string' && text.trim() === '') {
        tree[name] = { ...error, message: empty.required };
      }
    };
    for (const name of empty.header ?? []) markMissing(errors as ErrorTree, name, values[name]);
    const lineErrors = errors.lines as Record<number, ErrorTree | undefined> | undefined;
    values.lines.forEach((line, index) => {
      for (const name of empty.lines ?? []) {
        markMissing(lineErrors?.[index], name, (line as Record<string, unknown>)[name]);
      }
    });
    return result as unknown as Awaited<ReturnType<Resolver<V, unknown, B>>>;
  };
}

/** The fields of `body` that differ from the stored document's (all of them when it cannot be compared). */
export function changedFields<B extends object>(body: B, stored: B | null): Partial<B> {
  if (!stored) return body;
  const changed: Partial<B> = {};
  for (const key of Object.keys(body) as (keyof B)[]) {
    if (JSON.stringify(body[key]) !== JSON.stringify(stored[key])) changed[key] = body[key];
  }
  return changed;
}

/** The inputs the server's `fields` may name: the header's, and each line's. */
export interface DocumentFieldNames {
  header: readonly string[];
  line: readonly string[];
}

/**
 * Puts the server's `fields` under the inputs they name (`toWarehouseId`, `lines.0.qty`, `lines.3` for the line's
 * item, `lines` for the whole grid); true when at least one landed, otherwise the caller shows the message itself.
 */
export function applyFieldErrors<V extends DocumentFormValues, B>(
  error: unknown,
  form: UseFormReturn<V, unknown, B>,
  names: DocumentFieldNames,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const lineCount = (form.getValues('lines' as FieldPath<V>) as readonly unknown[]).length;
  let placed = false;
  for (const [key, message] of Object.entries(error.fields)) {
    let name: string | null = null;
    if (names.header.includes(key) || key === 'lines') {
      name = key;
    } else {
      const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(key);
      const field = match?.[2] ?? 'itemId';
      if (match && Number(match[1]) < lineCount && names.line.includes(field)) {
        name = `lines.${Number(match[1])}.${field}`;
      }
    }
    if (name === null) continue;
    form.setError(name as FieldPath<V>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * What a refused save or step leaves above the footer: nothing when its errors landed under the inputs (`placed`),
 * unless the version was stale (the server's `versionMessage`) — then the way out is to reload the document.
 */
export function failureOf(
  error: unknown,
  { placed, versionMessage, fallback }: { placed: boolean; versionMessage: string; fallback: string },
): RecordFailure | null {
  const stale = error instanceof ApiError && error.status === 409 && error.serverMessage === versionMessage;
  return placed && !stale ? null : { message: serverMessageOf(error) ?? fallback, stale };
}

/** The lines of a form as the array below sees them: rows of named fields. */
type LooseLines = { lines: Record<string, unknown>[] };

/**
 * The lines' array of a document's form: a line is added (`newLine` gets the last one, to carry its item source or
 * VAT rate on) or removed, and once the form was submitted the whole grid is checked again.
 */
export function useDocumentLines<V extends DocumentFormValues, B, L = V['lines'][number]>(
  form: UseFormReturn<V, unknown, B>,
  newLine: (last: L | undefined) => L,
) {
  const lines = form as unknown as UseFormReturn<LooseLines>;
  const { fields, append, remove } = useFieldArray({ control: lines.control, name: 'lines' });
  const linesError = lines.formState.errors.lines;
  const recheck = () => {
    if (form.formState.isSubmitted) void lines.trigger('lines');
  };
  return {
    fields,
    /** The error of the whole grid ('Додайте хоча б один рядок'). */
    rootError: linesError?.root?.message ?? linesError?.message,
    add() {
      append(newLine(lines.getValues('lines').at(-1) as L | undefined) as unknown as Record<string, unknown>);
      recheck();
    },
    remove(index: number) {
      remove(index);
      recheck();
    },
  };
}

/**
 * One line of the form, as its row shows it: its number, its values as typed (watched), its inputs' ids under the
 * form's ('<form>-line-2-qty') and their errors.
 */
export function useDocumentLine<V extends DocumentFormValues, B, L = V['lines'][number]>(
  form: UseFormReturn<V, unknown, B>,
  formId: string,
  index: number,
) {
  const line = useWatch({ control: form.control, name: `lines.${index}` as FieldPath<V> }) as L;
  const lineErrors = (form.formState.errors as { lines?: Record<number, ErrorTree | undefined> }).lines?.[index];
  return {
    number: index + 1,
    line,
    idOf: (name: keyof L & string) => `${formId}-line-${index}-${name}`,
    errorOf: (name: keyof L & string) => lineErrors?.[name]?.message,
  };
}

/**
 * A line's item is picked: its name is kept for the picker, what was known of the item before (`sku`, `unit` and the
 * line's own `alsoClear`) is dropped, then the id is set — checked at once when the form was submitted already.
 */
export function pickLineItem<V extends ItemLinesFormValues, B>(
  form: UseFormReturn<V, unknown, B>,
  index: number,
  item: { id: number | null; label: string | null },
  alsoClear: readonly string[] = [],
) {
  const setValue = form.setValue as unknown as (name: string, value: unknown, options?: SetValueConfig) => void;
  const path = (name: string) => `lines.${index}.${name}`;
  setValue(path('itemLabel'), item.label, { shouldDirty: true });
  for (const name of ['sku', 'unit', ...alsoClear]) setValue(path(name), null);
  setValue(path('itemId'), item.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
}
