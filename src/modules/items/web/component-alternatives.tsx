// A component's interchangeable components (reference-data.md §17): shown in BOMs and in the shortage as possible
// choices, never substituted by themselves. The list is edited as a whole and saved with one PUT that replaces the
// set; the contract's own schema checks the rows here before anything is sent, and the server checks them again.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { itemAlternativesBodySchema, itemsMessages, type ItemAlternative } from '@/modules/items/items.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import type { z } from '@/shared/zod-uk.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { componentLinksMessages, MAX_ROWS } from './component-links.messages.ts';
import {
  AddRowButton,
  EmptyList,
  FormFailure,
  FormFooter,
  LinksDialog,
  RemoveRowButton,
  unplacedMessage,
} from './component-links.parts.tsx';

const ALTERNATIVE_FIELDS = ['itemId', 'note'] as const;

interface AlternativeRow {
  itemId: number | null;
  /** The picker's label of `itemId` and the SKU when the server named it; not sent. */
  label: string | null;
  sku: string | null;
  note: string;
}
interface AlternativesFormValues {
  alternatives: AlternativeRow[];
}
type AlternativesBody = z.output<typeof itemAlternativesBodySchema>;

const alternativesSchemaResolver = zodResolver(itemAlternativesBodySchema);

/** The contract's schema, and one rule only this dialog knows: a component is no alternative of itself. */
function alternativesResolver(componentId: number): Resolver<AlternativesFormValues, unknown, AlternativesBody> {
  return async (values, context, options) => {
    const result = await alternativesSchemaResolver(
      // 0 is refused by the schema with 'Оберіть компонент або матеріал зі списку'.
      { alternatives: values.alternatives.map((row) => ({ itemId: row.itemId ?? 0, note: row.note })) },
      context,
      options as unknown as Parameters<typeof alternativesSchemaResolver>[2],
    );
    const selves = values.alternatives.flatMap((row, index) => (row.itemId === componentId ? [index] : []));
    if (selves.length === 0)
      return result as Awaited<ReturnType<Resolver<AlternativesFormValues, unknown, AlternativesBody>>>;
    const errors = { ...result.errors } as Record<string, unknown>;
    if (errors.alternatives === undefined || Array.isArray(errors.alternatives)) {
      const rows = [...((errors.alternatives as Record<string, unknown>[] | undefined) ?? [])];
      for (const index of selves) {
        rows[index] = { ...rows[index], itemId: { type: 'validate', message: itemsMessages.selfAlternative } };
      }
      errors.alternatives = rows;
    }
    return { values: {}, errors: errors as FieldErrors<AlternativesFormValues> };
  };
}

function alternativesToForm(alternatives: readonly ItemAlternative[]): AlternativesFormValues {
  return {
    alternatives: alternatives.map((a) => ({ itemId: a.itemId, label: a.name, sku: a.sku, note: a.note ?? '' })),
  };
}

export function AlternativesDialog({
  componentId,
  name,
  onClose,
}: {
  componentId: number;
  name: string;
  onClose: () => void;
}) {
  const queryKey = endpointKey(itemsEndpoints.alternatives, { params: { id: componentId } });
  const m = componentLinksMessages.alternatives;
  return (
    <LinksDialog<ItemAlternative>
      queryKey={queryKey}
      title={m.title}
      name={name}
      description={m.description}
      texts={m}
      className="sm:max-w-3xl"
      onClose={onClose}
    >
      {(alternatives) => <AlternativesForm componentId={componentId} alternatives={alternatives} onClose={onClose} />}
    </LinksDialog>
  );
}

function AlternativesForm({
  componentId,
  alternatives,
  onClose,
}: {
  componentId: number;
  alternatives: ItemAlternative[];
  onClose: () => void;
}) {
  const m = componentLinksMessages.alternatives;
  const queryClient = useQueryClient();
  const formId = useId();
  const [resolver] = useState(() => alternativesResolver(componentId));
  const form = useForm<AlternativesFormValues, unknown, AlternativesBody>({
    resolver,
    defaultValues: alternativesToForm(alternatives),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'alternatives' });
  const { isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (body: AlternativesBody) =>
      callEndpoint(itemsEndpoints.saveAlternatives, { params: { id: componentId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointKey(itemsEndpoints.alternatives, { params: { id: componentId } }), saved);
      form.reset(alternativesToForm(saved));
      toast({ title: m.saved, description: m.savedCount(saved.length) });
    },
    onError: (error) => {
      const names = form
        .getValues('alternatives')
        .flatMap((_row, index) => ALTERNATIVE_FIELDS.map((field) => `alternatives.${index}.${field}` as const));
      applyServerFieldErrors(error, form.setError, names);
    },
  });
  const failure = save.error
    ? unplacedMessage(save.error, 'alternatives', ALTERNATIVE_FIELDS, fields.length, m.saveFailed)
    : null;

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
    <>
      <form
        id={formId}
        noValidate
        className="grid min-w-0 gap-3"
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
      >
        <fieldset disabled={save.isPending} className="grid min-w-0 gap-3">
          {fields.length === 0 ? (
            <EmptyList title={m.empty} hint={m.emptyHint} />
          ) : (
            <ol className="grid gap-3">
              {fields.map((field, index) => (
                <AlternativeFields
                  key={field.id}
                  formId={formId}
                  index={index}
                  form={form}
                  onPick={(id, label) => pickComponent(index, id, label)}
                  onRemove={() => remove(index)}
                />
              ))}
            </ol>
          )}
          <AddRowButton
            label={m.add}
            limit={m.limit(MAX_ROWS)}
            count={fields.length}
            onClick={() => append({ itemId: null, label: null, sku: null, note: '' })}
          />
        </fieldset>
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </form>
      <FormFooter formId={formId} pending={save.isPending} dirty={isDirty} onClose={onClose} />
    </>
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
  const itemId = `${formId}-${index}-itemId`;
  const noteId = `${formId}-${index}-note`;
  const rowErrors = form.formState.errors.alternatives?.[index];
  const itemError = rowErrors?.itemId?.message;
  const noteError = rowErrors?.note?.message;
  const [label, sku] = useWatch({
    control: form.control,
    name: [`alternatives.${index}.label`, `alternatives.${index}.sku`],
  });
  return (
    <li className="rounded-lg border p-2.5 sm:p-3">
      <fieldset className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <legend className="sr-only">{m.row(number)}</legend>
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={itemId}>{m.component}</Label>
          <Controller
            control={form.control}
            name={`alternatives.${index}.itemId`}
            render={({ field }) => (
              <ReferencePicker
                ref={field.ref}
                id={itemId}
                route="/components"
                value={field.value}
                valueLabel={label}
                placeholder={m.componentPlaceholder}
                onChange={onPick}
                onBlur={field.onBlur}
                aria-invalid={itemError ? true : undefined}
                aria-describedby={`${itemId}-message`}
                aria-required
              />
            )}
          />
          <FieldMessage id={`${itemId}-message`} error={itemError} hint={sku ? m.sku(sku) : undefined} />
        </div>
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={noteId}>{m.note}</Label>
          <Input
            id={noteId}
            type="text"
            autoComplete="off"
            maxLength={500}
            placeholder={m.notePlaceholder}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={`${noteId}-message`}
            {...form.register(`alternatives.${index}.note`)}
          />
          <FieldMessage id={`${noteId}-message`} error={noteError} />
        </div>
        <div className="flex justify-end sm:items-start sm:pt-6">
          <RemoveRowButton label={m.remove(number)} iconOnly onClick={onRemove} />
        </div>
      </fieldset>
    </li>
  );
}
