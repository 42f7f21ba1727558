// The assembly document's form: its values (texts as typed, picked labels kept beside the ids), how they become the
// contract's body, the resolver that checks them with the contract's own schema, and the inputs the server's field
// errors name (the rules themselves are the document toolkit's: src/web/components/document-form.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  assemblyCreateSchema,
  assemblyMessages,
  type Assembly,
  type AssemblyCreateBody,
  type AssemblyCreateInput,
  type AssemblyPrefill,
  type AssemblyType,
} from '@/modules/assembly/assembly.contract.ts';
import {
  documentResolver,
  emptyItemLine,
  itemLineOf,
  type DocumentFieldNames,
  type ItemLineBase,
} from '@/web/components/document-form.ts';
import { decimalInput, todayIso } from '@/web/lib/document-format.ts';

export const MAX_LINES = 500;

export type AssemblyLineRow = ItemLineBase;

export interface AssemblyFormValues {
  type: AssemblyType;
  documentDate: string;
  itemId: number | null;
  itemLabel: string | null;
  itemSku: string | null;
  qty: string;
  warehouseId: number | null;
  warehouseLabel: string | null;
  notes: string;
  lines: AssemblyLineRow[];
}

/** The inputs the server's field errors may name. */
export const ASSEMBLY_FIELDS: DocumentFieldNames = {
  header: ['documentDate', 'itemId', 'qty', 'warehouseId', 'notes'],
  line: ['itemId', 'qty'],
};

export const emptyLine = (): AssemblyLineRow => emptyItemLine();

/** The form of a stored document, or of a new one of a type (today's date, no lines yet). */
export function toForm(doc: Assembly | undefined, type: AssemblyType = 'assembly'): AssemblyFormValues {
  if (!doc) {
    return {
      type,
      documentDate: todayIso(),
      itemId: null,
      itemLabel: null,
      itemSku: null,
      qty: '1',
      warehouseId: null,
      warehouseLabel: null,
      notes: '',
      lines: [],
    };
  }
  return {
    type: doc.type,
    documentDate: doc.documentDate,
    itemId: doc.itemId,
    itemLabel: doc.itemName,
    itemSku: doc.sku,
    qty: decimalInput(doc.qty),
    warehouseId: doc.warehouseId,
    warehouseLabel: doc.warehouseName,
    notes: doc.notes ?? '',
    lines: doc.lines.map((line) => itemLineOf(line)),
  };
}

/** The lines of a pre-fill from the kit's specification, as the form keeps them. */
export const prefilledLines = (prefill: AssemblyPrefill): AssemblyLineRow[] =>
  prefill.lines.map((line) =>
    itemLineOf({
      itemId: line.itemId,
      itemName: line.name,
      sku: line.sku,
      unitShortName: line.unitShortName,
      qty: line.qty,
    }),
  );

/** What the contract's schema checks: ids (0 when none is picked: 'Оберіть запис зі списку'), texts as typed. */
export function toInput(values: AssemblyFormValues): AssemblyCreateInput {
  return {
    type: values.type,
    documentDate: values.documentDate,
    itemId: values.itemId ?? 0,
    qty: values.qty,
    warehouseId: values.warehouseId ?? 0,
    notes: values.notes,
    lines: values.lines.map((line) => ({ itemId: line.itemId ?? 0, qty: line.qty })),
  };
}

/** Checks the body the form would send, with the same paths as the form's inputs (`lines.0.qty`). */
export const assemblyResolver = documentResolver<AssemblyFormValues, AssemblyCreateInput, AssemblyCreateBody>(
  zodResolver(assemblyCreateSchema),
  toInput,
  { required: assemblyMessages.required, header: ['qty'], lines: ['qty'] },
);

/** A stored document as the body that would recreate it; null when it does not pass the schema. */
export function bodyOf(doc: Assembly): AssemblyCreateBody | null {
  const parsed = assemblyCreateSchema.safeParse(toInput(toForm(doc)));
  return parsed.success ? parsed.data : null;
}
