// The create/edit dialog of a manufacturing order (production.md §4): the item to make (product or semi-finished),
// its recipe (optional, filtered to the item), quantity, planned start, due date, priority, the responsible worker,
// the warehouses (empty = the server's defaults) and notes. Checked with the contract's schema before it is sent;
// the server's field errors land on the inputs they name. Editing sends only what changed, with the version read.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { moPriorities, moPriorityLabels, type MoDetail } from '@/modules/manufacturing/manufacturing.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { StateMessage } from '@/web/components/data-list.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { FormFailure, formatQty } from './manufacturing-parts.tsx';
import { moQueryKey, moRequests, recipesQueryKey, type RecipeOption } from './manufacturing.api.ts';
import { moWebMessages } from './manufacturing.messages.ts';
import { FORM_FIELDS, moResolver, NONE, toForm, toPatch, type MoFormBody, type MoFormValues } from './mo-form.ts';

const m = moWebMessages.form;

export function MoDialog({
  moId,
  onSaved,
  onClose,
}: {
  /** Absent when creating. */
  moId?: number;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const query = useQuery<MoDetail>({ queryKey: moQueryKey(moId ?? 0), enabled: moId !== undefined });
  const mo = moId !== undefined ? query.data : undefined;
  const waiting = moId !== undefined && !mo;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95vh] gap-5 overflow-y-auto p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{mo ? m.editTitle(mo.number) : m.createTitle}</DialogTitle>
          <DialogDescription>{moId !== undefined ? m.editDescription : m.createDescription}</DialogDescription>
        </DialogHeader>
        {waiting ? (
          <StateMessage>
            {query.isError ? (
              <span role="alert" className="text-destructive">
                {serverMessageOf(query.error) ?? moWebMessages.drawer.loadError}
              </span>
            ) : (
              <>
                <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
                <span role="status">{moWebMessages.drawer.loading}</span>
              </>
            )}
          </StateMessage>
        ) : (
          <MoForm mo={mo} onSaved={onSaved} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MoForm({ mo, onSaved, onClose }: { mo?: MoDetail; onSaved: (id: number) => void; onClose: () => void }) {
  const formId = useId();
  const form = useForm<MoFormValues, unknown, MoFormBody>({ resolver: moResolver, defaultValues: toForm(mo) });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const watched = useWatch({ control: form.control });
  const planned = !mo || mo.status === 'planned';
  const itemId = watched.itemId ?? null;
  const recipes = useQuery<RecipeOption[]>({ queryKey: recipesQueryKey(itemId ?? 0), enabled: itemId !== null });
  const recipeOptions = (recipes.data ?? []).filter(
    (r) => r.itemId === itemId && (r.status === 'active' || r.id === mo?.recipeId),
  );

  const save = useMutation({
    mutationFn: async (body: MoFormBody): Promise<number> => {
      if (!mo) return (await moRequests.create(body)).id;
      await moRequests.update(mo.id, toPatch(mo, body));
      return mo.id;
    },
    onMutate: () => setFailure(null),
    onSuccess: (id) => {
      toast({ title: mo ? m.saved : m.created, description: mo?.number });
      onSaved(id);
    },
    onError: (error) => {
      const placed = applyServerFieldErrors(error, form.setError, FORM_FIELDS as readonly FieldPath<MoFormValues>[]);
      setFailure(placed ? null : (serverMessageOf(error) ?? m.saveFailed));
    },
  });

  const idOf = (name: string) => `${formId}-${name}`;
  const errorOf = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const aria = (name: string, required = false) => ({
    id: idOf(name),
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
    'aria-required': required ? true : undefined,
  });
  // Dates are typed дд.мм.рррр in every browser (the toolkit's DateField), not in the browser's own date format.
  const dateField = (name: 'plannedStart' | 'dueDate') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => <DateField {...aria(name)} value={f.value} onChange={f.onChange} />}
    />
  );
  const field = (
    name: string,
    label: string,
    input: ReactNode,
    opts: { required?: boolean; hint?: ReactNode; wide?: boolean } = {},
  ) => (
    <div className={`grid min-w-0 content-start gap-2 ${opts.wide ? 'sm:col-span-2' : ''}`}>
      <Label htmlFor={idOf(name)}>
        {label}
        {opts.required ? (
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {input}
      <FieldMessage id={`${idOf(name)}-message`} error={errorOf(name)} hint={opts.hint} />
    </div>
  );
  const picker = (
    name: 'itemId' | 'responsibleWorkerId' | 'outputWarehouseId' | 'materialsWarehouseId',
    labelName: 'itemLabel' | 'responsibleLabel' | 'outputWarehouseLabel' | 'materialsWarehouseLabel',
    route: string,
    opts: { placeholder: string; clearLabel?: string; disabled?: boolean; required?: boolean },
    afterChange?: () => void,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <ReferencePicker
          ref={f.ref}
          route={route}
          value={f.value}
          valueLabel={watched[labelName] ?? null}
          placeholder={opts.placeholder}
          clearLabel={opts.clearLabel}
          disabled={opts.disabled}
          onChange={(value, label) => {
            form.setValue(labelName, label);
            f.onChange(value);
            afterChange?.();
          }}
          onBlur={f.onBlur}
          {...aria(name, opts.required)}
        />
      )}
    />
  );

  const recipeHint = !planned ? m.recipeLocked : recipes.isError ? m.recipeLoadError : m.recipeHint;

  return (
    <form
      id={formId}
      noValidate
      className="grid min-w-0 gap-5"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        {field(
          'itemId',
          m.item,
          picker(
            'itemId',
            'itemLabel',
            '/products',
            { placeholder: m.itemPlaceholder, disabled: Boolean(mo), required: true },
            () => form.setValue('recipeId', NONE),
          ),
          { required: true, hint: m.itemHint, wide: true },
        )}
        {field(
          'recipeId',
          m.recipe,
          <Controller
            control={form.control}
            name="recipeId"
            render={({ field: f }) => (
              <Select value={f.value} onValueChange={f.onChange} disabled={!planned || itemId === null}>
                <SelectTrigger id={idOf('recipeId')} ref={f.ref} aria-describedby={`${idOf('recipeId')}-message`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{m.recipeDefault}</SelectItem>
                  {recipeOptions.map((r) => (
                    <SelectItem key={r.id} value={String(r.id)}>
                      {m.recipeBatch(r.name, formatQty(r.batchSize))}
                      {r.isDefault ? m.recipeDefaultMark : ''}
                    </SelectItem>
                  ))}
                  {mo?.recipeId && !recipeOptions.some((r) => r.id === mo.recipeId) ? (
                    <SelectItem value={String(mo.recipeId)}>{mo.recipeName ?? `#${mo.recipeId}`}</SelectItem>
                  ) : null}
                </SelectContent>
              </Select>
            )}
          />,
          { hint: recipeHint },
        )}
        {field(
          'qty',
          m.qty,
          <Input {...aria('qty', true)} inputMode="decimal" autoComplete="off" {...form.register('qty')} />,
          {
            required: true,
            hint:
              mo && mo.status !== 'planned'
                ? moWebMessages.drawer.facts.produced + ': ' + formatQty(mo.producedQty)
                : undefined,
          },
        )}
        {field('plannedStart', m.plannedStart, dateField('plannedStart'))}
        {field('dueDate', m.dueDate, dateField('dueDate'))}
        {field(
          'priority',
          m.priority,
          <Controller
            control={form.control}
            name="priority"
            render={({ field: f }) => (
              <Select value={f.value} onValueChange={f.onChange}>
                <SelectTrigger id={idOf('priority')} ref={f.ref}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {moPriorities.map((p) => (
                    <SelectItem key={p} value={p}>
                      {moPriorityLabels[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />,
        )}
        {field(
          'responsibleWorkerId',
          m.responsible,
          picker('responsibleWorkerId', 'responsibleLabel', '/workers', {
            placeholder: m.notSet,
            clearLabel: m.notSet,
          }),
        )}
        {field(
          'outputWarehouseId',
          m.outputWarehouse,
          picker('outputWarehouseId', 'outputWarehouseLabel', '/warehouses', {
            placeholder: m.warehouseDefault,
            clearLabel: mo ? undefined : m.warehouseDefault,
            disabled: !planned,
          }),
          { hint: planned ? m.warehouseHint : m.warehouseLocked },
        )}
        {field(
          'materialsWarehouseId',
          m.materialsWarehouse,
          picker('materialsWarehouseId', 'materialsWarehouseLabel', '/warehouses', {
            placeholder: m.warehouseDefault,
            clearLabel: mo ? undefined : m.warehouseDefault,
            disabled: !planned,
          }),
        )}
        {field(
          'notes',
          m.notes,
          <Textarea {...aria('notes')} rows={3} maxLength={2000} {...form.register('notes')} />,
          { wide: true },
        )}
      </fieldset>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {save.isPending ? m.saving : mo ? m.save : m.create}
        </Button>
      </DialogFooter>
    </form>
  );
}
