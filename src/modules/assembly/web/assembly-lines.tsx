// The component lines of an assembly draft's form (production.md §8): an item (the items module's ItemPicker, with
// the free stock in the document's warehouse) and its quantity — the document toolkit's lines editor
// (src/web/components/document-lines.tsx). The lines may be pre-filled from the kit's BOM and stay editable.
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AssemblyCreateBody } from '@/modules/assembly/assembly.contract.ts';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { useDocumentLine, useDocumentLines } from '@/web/components/document-form.ts';
import {
  DocumentLineRow,
  DocumentLinesEditor,
  LineDecimalInput,
  LineField,
  LineItemField,
  RemoveLineButton,
} from '@/web/components/document-lines.tsx';
import { cn } from '@/web/lib/utils.ts';
import { emptyLine, MAX_LINES, type AssemblyFormValues, type AssemblyLineRow } from './assembly-form.ts';
import { assemblyWebMessages } from './assembly.messages.ts';

const m = assemblyWebMessages.dialog;

type AssemblyForm = UseFormReturn<AssemblyFormValues, unknown, AssemblyCreateBody>;
const GRID = 'sm:grid-cols-[minmax(0,1fr)_9rem_2.5rem]';

export function AssemblyLines({
  form,
  formId,
  title,
  warehouseId,
  action,
}: {
  form: AssemblyForm;
  formId: string;
  title: string;
  warehouseId: number | null;
  /** 'Заповнити зі специфікації', beside the title. */
  action: ReactNode;
}) {
  const lines = useDocumentLines<AssemblyFormValues, AssemblyCreateBody, AssemblyLineRow>(form, () => emptyLine());
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-end gap-2">{action}</div>
      <DocumentLinesEditor
        formId={formId}
        lines={lines}
        max={MAX_LINES}
        grid={GRID}
        texts={{ title }}
        columns={[{ label: m.item }, { label: m.qty, numeric: true }]}
      >
        {lines.fields.map((field, index) => (
          <LineFields
            key={field.id}
            form={form}
            formId={formId}
            index={index}
            warehouseId={warehouseId}
            onRemove={() => lines.remove(index)}
          />
        ))}
      </DocumentLinesEditor>
    </div>
  );
}

function LineFields({
  form,
  formId,
  index,
  warehouseId,
  onRemove,
}: {
  form: AssemblyForm;
  formId: string;
  index: number;
  warehouseId: number | null;
  onRemove: () => void;
}) {
  const { number, line, idOf, errorOf } = useDocumentLine<AssemblyFormValues, AssemblyCreateBody, AssemblyLineRow>(
    form,
    formId,
    index,
  );
  const qtyId = idOf('qty');
  const qtyError = errorOf('qty');
  return (
    <DocumentLineRow number={number} className={cn('grid-cols-[minmax(0,1fr)_auto]', GRID)}>
      <LineItemField
        form={form}
        index={index}
        id={idOf('itemId')}
        label={m.item}
        error={errorOf('itemId')}
        hint={line.sku ? m.sku(line.sku) : undefined}
        picker={(picker) => (
          <ItemPicker
            ref={picker.pickerRef}
            id={picker.id}
            value={picker.value}
            valueLabel={line.itemLabel}
            warehouseId={warehouseId}
            price="purchase"
            className="min-w-0"
            onPick={(item) => {
              picker.onChange(item.id, item.name);
              form.setValue(`lines.${index}.sku`, item.sku);
              form.setValue(`lines.${index}.unit`, item.unitShortName ?? null);
            }}
            onBlur={picker.onBlur}
            aria-invalid={picker.error ? true : undefined}
            aria-describedby={`${picker.id}-message`}
            aria-required
          />
        )}
      />
      <LineField id={qtyId} label={m.qty} error={qtyError} hint={line.unit ?? undefined}>
        <LineDecimalInput
          id={qtyId}
          placeholder="0"
          aria-invalid={qtyError ? true : undefined}
          aria-describedby={`${qtyId}-message`}
          {...form.register(`lines.${index}.qty`)}
        />
      </LineField>
      <RemoveLineButton number={number} onRemove={onRemove} />
    </DocumentLineRow>
  );
}
