// A component's interchangeable components (reference-data.md §17): shown in BOMs and in the shortage as possible
// choices, never substituted by themselves. The list is edited as a whole and saved with one PUT that replaces the
// set; the contract's own schema checks the rows here before anything is sent, and the server checks them again.
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { itemAlternativesBodySchema, itemsMessages, type ItemAlternative } from '@/modules/items/items.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { componentLinksMessages } from './component-links.messages.ts';
import {
  LinkPicker,
  LinkRow,
  LinksDialog,
  LinksForm,
  LinkTextField,
  listResolver,
  RemoveRowButton,
  useLinksForm,
  type LinkDialogProps,
  type LinkFormProps,
  type ListValues,
} from './component-links.parts.tsx';

const ALTERNATIVE_FIELDS = ['itemId', 'note'] as const;

interface AlternativeRow {
  itemId: number | null;
  /** The picker's label of `itemId` and the SKU when the server named it; not sent. */
  label: string | null;
  sku: string | null;
  note: string;
}
type AlternativesFormValues = ListValues<'alternatives', AlternativeRow>;
type AlternativesBody = z.output<typeof itemAlternativesBodySchema>;

/** The contract's schema, and one rule only this dialog knows: a component is no alternative of itself. */
function alternativesResolver(componentId: number) {
  return listResolver({
    list: 'alternatives',
    schema: zodResolver(itemAlternativesBodySchema),
    // 0 is refused by the schema with 'Оберіть компонент або матеріал зі списку'.
    toInput: (row: AlternativeRow) => ({ itemId: row.itemId ?? 0, note: row.note }),
    rule: { field: 'itemId', message: itemsMessages.selfAlternative, refuses: (row) => row.itemId === componentId },
  });
}

const alternativeRow = (a: ItemAlternative): AlternativeRow => ({
  itemId: a.itemId,
  label: a.name,
  sku: a.sku,
  note: a.note ?? '',
});

export function AlternativesDialog(props: LinkDialogProps) {
  return (
    <LinksDialog
      {...props}
      queryKey={endpointKey(itemsEndpoints.alternatives, { params: { id: props.componentId } })}
      texts={componentLinksMessages.alternatives}
      className="sm:max-w-3xl"
      form={AlternativesForm}
    />
  );
}

function AlternativesForm({ componentId, rows, queryKey, onClose }: LinkFormProps<ItemAlternative>) {
  const m = componentLinksMessages.alternatives;
  const [resolver] = useState(() => alternativesResolver(componentId));
  const { form, fields, append, remove, state } = useLinksForm({
    list: 'alternatives',
    fields: ALTERNATIVE_FIELDS,
    loaded: rows,
    toRow: alternativeRow,
    resolver,
    queryKey,
    save: (body: AlternativesBody) =>
      callEndpoint(itemsEndpoints.saveAlternatives, { params: { id: componentId }, body }),
    texts: m,
  });

  /** The picker lists every component, this one too: choosing it is refused on the spot. */
  function pickComponent(index: number, id: number | null, label: string | null) {
    const name = `alternatives.${index}.itemId` as const;
    if (id === componentId) {
      form.setError(name, { type: 'validate', message: itemsMessages.selfAlternative });
      return;
    }
    form.setValue(`alternatives.${index}.label`, label, { shouldDirty: true });
    form.setValue(`alternatives.${index}.sku`, null);
    form.setValue(name, id, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('alternatives');
    else form.clearErrors(name);
  }

  return (
    <LinksForm
      state={state}
      texts={m}
      onAdd={() => append({ itemId: null, label: null, sku: null, note: '' })}
      onClose={onClose}
    >
      {fields.map((field, index) => (
        <AlternativeFields
          key={field.id}
          formId={state.formId}
          index={index}
          form={form}
          onPick={(id, label) => pickComponent(index, id, label)}
          onRemove={() => remove(index)}
        />
      ))}
    </LinksForm>
  );
}

function AlternativeFields({
  formId,
  index,
  form,
  onPick,
  onRemove,
}: {
  formId: string;
  index: number;
  form: UseFormReturn<AlternativesFormValues, unknown, AlternativesBody>;
  onPick: (id: number | null, label: string | null) => void;
  onRemove: () => void;
}) {
  const m = componentLinksMessages.alternatives;
  const number = index + 1;
  const rowErrors = form.formState.errors.alternatives?.[index];
  const [label, sku] = useWatch({
    control: form.control,
    name: [`alternatives.${index}.label`, `alternatives.${index}.sku`],
  });
  return (
    <LinkRow legend={m.row(number)} className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
      <LinkPicker
        control={form.control}
        name={`alternatives.${index}.itemId`}
        id={`${formId}-${index}-itemId`}
        label={m.component}
        route="/components"
        valueLabel={label}
        placeholder={m.componentPlaceholder}
        error={rowErrors?.itemId?.message}
        hint={sku ? m.sku(sku) : undefined}
        onPick={onPick}
      />
      <LinkTextField
        id={`${formId}-${index}-note`}
        label={m.note}
        error={rowErrors?.note?.message}
        maxLength={500}
        placeholder={m.notePlaceholder}
        {...form.register(`alternatives.${index}.note`)}
      />
      <div className="flex justify-end sm:items-start sm:pt-6">
        <RemoveRowButton label={m.remove(number)} iconOnly onClick={onRemove} />
      </div>
    </LinkRow>
  );
}
