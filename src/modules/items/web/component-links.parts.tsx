// The parts both link dialogs of a component share (reference-data.md §17): the decimal and lead-time conversions
// between the inputs and the API; the dialog that loads a list; the form that edits the list as a whole (its
// resolver, its save, the rows with 'Додати…' and 'Видалити', the failure and the footer); and the inputs of a row.
import { useId, type ComponentProps, type ComponentType, type FormEventHandler, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react';
import {
  Controller,
  useFieldArray,
  useForm,
  type Control,
  type DefaultValues,
  type FieldArrayPath,
  type FieldErrors,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
} from 'react-hook-form';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
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
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { componentLinksMessages as m, MAX_ROWS } from './component-links.messages.ts';
import { DateField } from '@/web/components/date-field.tsx';

const SPACES = /[\s\u00a0\u202f]/g;

/** An exact decimal as typed (a decimal comma, spaces) → the API's point string; empty → null. */
export function decimalOf(text: string): string | null {
  const value = text.replace(SPACES, '').replace(',', '.');
  return value === '' ? null : value;
}

/** The API's exact decimal ('0.420000') as an input shows it: a decimal comma, no padding zeros ('0,42'). */
export function decimalInput(value: string | null): string {
  if (value === null) return '';
  const [int = '', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${int},${digits}` : int;
}

/** Whole days 0–365; null when empty, undefined when it is not such a number. */
export function leadTimeOf(text: string): number | null | undefined {
  const value = text.replace(SPACES, '');
  if (value === '') return null;
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const days = Number(value);
  return days <= 365 ? days : undefined;
}

/** A server message whose field keys name no input of the form (`suppliers`, or a row that is gone). */
function unplacedMessage(
  error: unknown,
  list: string,
  fields: readonly string[],
  rowCount: number,
  fallback: string,
): string | null {
  const keys = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
  const placed = keys.some((key) => {
    const match = /^(\w+)\.(\d+)\.(\w+)$/.exec(key);
    return match !== null && match[1] === list && Number(match[2]) < rowCount && fields.includes(match[3]!);
  });
  return placed ? null : (serverMessageOf(error) ?? fallback);
}

/** A list's form values: its rows under the list's name, as the contract's body names them (`{ suppliers: [...] }`). */
export type ListValues<L extends string, Row> = { [K in L]: Row[] };

/**
 * The contract's own schema over only what each row sends (the schema is strict), with the same paths as the form
 * (`suppliers.0.packQty`); and one rule only the dialog knows: each row it refuses gets its message under its field.
 */
export function listResolver<L extends string, Row, SchemaInput extends FieldValues, Body>({
  list,
  schema,
  toInput,
  rule,
}: {
  list: L;
  /** The resolver of the contract's body schema (`zodResolver(schema)`). */
  schema: Resolver<SchemaInput, unknown, Body>;
  toInput: (row: Row) => unknown;
  rule: { field: keyof Row & string; message: string; refuses: (row: Row) => boolean };
}): Resolver<ListValues<L, Row>, unknown, Body> {
  return async (values, context, options) => {
    const rows = values[list];
    const result = await schema(
      { [list]: rows.map(toInput) } as unknown as SchemaInput,
      context,
      options as unknown as ResolverOptions<SchemaInput>,
    );
    const refused = rows.flatMap((row, index) => (rule.refuses(row) ? [index] : []));
    if (refused.length === 0) return result as unknown as ResolverResult<ListValues<L, Row>, Body>;
    const errors = { ...result.errors } as Record<string, unknown>;
    if (errors[list] === undefined || Array.isArray(errors[list])) {
      const rowErrors = [...((errors[list] as Record<string, unknown>[] | undefined) ?? [])];
      for (const index of refused) {
        rowErrors[index] = { ...rowErrors[index], [rule.field]: { type: 'validate', message: rule.message } };
      }
      errors[list] = rowErrors;
    }
    return { values: {}, errors: errors as FieldErrors<ListValues<L, Row>> };
  };
}

/** What the form around the rows needs of the list's form (LinksForm). */
export interface LinksFormState {
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  dirty: boolean;
  count: number;
  /** What did not land under an input (a row that is gone, a lost connection). */
  failure: string | null;
}

/**
 * The form of a list edited as a whole and saved with one PUT that replaces the set: the loaded rows as the form's,
 * the saved ones as the list's data and the form's again (with a toast), and the server's per-row messages under
 * their inputs.
 */
export function useLinksForm<L extends string, Row extends FieldValues, Saved, Body>({
  list,
  fields: fieldNames,
  loaded,
  toRow,
  resolver,
  queryKey,
  save,
  texts,
}: {
  list: L;
  /** The inputs of a row, as the server's field keys name them (`suppliers.0.packQty`). */
  fields: readonly string[];
  loaded: readonly Saved[];
  toRow: (saved: Saved) => Row;
  resolver: Resolver<ListValues<L, Row>, unknown, Body>;
  /** The list's query (LinksDialog's), which gets what the PUT answers. */
  queryKey: QueryKey;
  save: (body: Body) => Promise<Saved[]>;
  texts: { saved: string; savedCount: (n: number) => string; saveFailed: string };
}) {
  type Values = ListValues<L, Row>;
  const toValues = (rows: readonly Saved[]) => ({ [list]: rows.map(toRow) }) as Values;
  const queryClient = useQueryClient();
  const formId = useId();
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues: toValues(loaded) as DefaultValues<Values>,
  });
  const { fields, append, remove } = useFieldArray<Values, FieldArrayPath<Values>, 'id', Body>({
    control: form.control,
    name: list as unknown as FieldArrayPath<Values>,
  });

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      form.reset(toValues(saved));
      toast({ title: texts.saved, description: texts.savedCount(saved.length) });
    },
    onError: (error) => {
      const names = (form.getValues(list as unknown as Path<Values>) as Row[]).flatMap((_row, index) =>
        fieldNames.map((field) => `${list}.${index}.${field}` as Path<Values>),
      );
      applyServerFieldErrors(error, form.setError, names);
    },
  });

  const state: LinksFormState = {
    formId,
    onSubmit: form.handleSubmit((body) => mutation.mutate(body)),
    pending: mutation.isPending,
    dirty: form.formState.isDirty,
    count: fields.length,
    failure: mutation.error ? unplacedMessage(mutation.error, list, fieldNames, fields.length, texts.saveFailed) : null,
  };
  return { form, fields, append: (row: Row) => append(row as never), remove, state };
}

/** The list's form: its rows (or that there are none), 'Додати…' up to the limit, its failure and its footer. */
export function LinksForm({
  state,
  texts,
  onAdd,
  onClose,
  children,
}: {
  state: LinksFormState;
  texts: { empty: string; emptyHint: string; add: string; limit: (max: number) => string };
  onAdd: () => void;
  onClose: () => void;
  /** The rows (LinkRow each). */
  children: ReactNode;
}) {
  const { formId, pending, count, failure } = state;
  return (
    <>
      <form id={formId} noValidate className="grid min-w-0 gap-3" onSubmit={state.onSubmit}>
        <fieldset disabled={pending} className="grid min-w-0 gap-3">
          {count === 0 ? (
            <div className="rounded-lg border border-dashed px-4 py-8 text-center">
              <p className="font-medium">{texts.empty}</p>
              <p className="text-sm text-muted-foreground">{texts.emptyHint}</p>
            </div>
          ) : (
            <ol className="grid gap-3">{children}</ol>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" size="sm" disabled={count >= MAX_ROWS} onClick={onAdd}>
              <PlusIcon aria-hidden="true" />
              {texts.add}
            </Button>
            {count >= MAX_ROWS ? <span className="text-xs text-muted-foreground">{texts.limit(MAX_ROWS)}</span> : null}
          </div>
        </fieldset>
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
          >
            {failure}
          </p>
        ) : null}
      </form>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          {state.dirty ? m.cancel : m.close}
        </Button>
        <Button type="submit" form={formId} disabled={pending || !state.dirty}>
          {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {pending ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </>
  );
}

/** One row of the list: a card whose inputs are a group named for screen readers ('Постачальник 1'). */
export function LinkRow({ legend, className, children }: { legend: string; className: string; children: ReactNode }) {
  return (
    <li className="rounded-lg border p-2.5 sm:p-3">
      <fieldset className={className}>
        <legend className="sr-only">{legend}</legend>
        {children}
      </fieldset>
    </li>
  );
}

/** A row's text input with its label and its message (`id`-message). */
export function LinkTextField({
  id,
  label,
  error,
  className,
  inputClassName,
  type = 'text',
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  inputClassName?: string;
} & Omit<ComponentProps<typeof Input>, 'id' | 'className'>) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete="off"
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        {...input}
      />
      <FieldMessage id={`${id}-message`} error={error} />
    </div>
  );
}

/** A row's date, typed as дд.мм.рррр (a string field of the form, ISO or ''). */
export function LinkDateField<V extends FieldValues, B>({
  control,
  name,
  id,
  label,
  error,
  className,
}: {
  control: Control<V, unknown, B>;
  name: FieldPathByValue<V, string | null>;
  id: string;
  label: string;
  error?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateField
            id={id}
            value={(field.value as string | null) ?? ''}
            onChange={field.onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-message`}
          />
        )}
      />
      <FieldMessage id={`${id}-message`} error={error} />
    </div>
  );
}

/** A row's required pick of a referenced record (a supplier, a component) from its lookup. */
export function LinkPicker<V extends FieldValues, B>({
  control,
  name,
  id,
  label,
  route,
  valueLabel,
  placeholder,
  error,
  hint,
  className,
  onPick,
}: {
  control: Control<V, unknown, B>;
  name: FieldPathByValue<V, number | null>;
  id: string;
  label: string;
  /** The referenced route ('/suppliers'). */
  route: string;
  valueLabel: string | null;
  placeholder: string;
  error?: string;
  hint?: string;
  className?: string;
  onPick: (id: number | null, label: string | null) => void;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ReferencePicker
            ref={field.ref}
            id={id}
            route={route}
            value={field.value as number | null}
            valueLabel={valueLabel}
            placeholder={placeholder}
            onChange={onPick}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-message`}
            aria-required
          />
        )}
      />
      <FieldMessage id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** 'Видалити' beside the bin, or the bin alone from the `sm` breakpoint on (the label still names the row). */
export function RemoveRowButton({
  label,
  iconOnly,
  onClick,
}: {
  label: string;
  iconOnly?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="text-destructive hover:text-destructive dark:text-red-400"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Trash2Icon aria-hidden="true" />
      <span className={cn(iconOnly && 'sm:sr-only')}>{m.removeShort}</span>
    </Button>
  );
}

/** How a link dialog is opened from a component's row. */
export interface LinkDialogProps {
  componentId: number;
  /** The component's name, under the title. */
  name: string;
  onClose: () => void;
}

/** What the dialog gives its form: the loaded rows and the query they came from. */
export interface LinkFormProps<T> {
  componentId: number;
  rows: T[];
  queryKey: QueryKey;
  onClose: () => void;
}

/**
 * The dialog around a list: asked afresh each time it opens (another user may have changed the list meanwhile),
 * with the loading and load-error states; the form gets the loaded rows.
 */
export function LinksDialog<T>({
  componentId,
  name,
  onClose,
  queryKey,
  texts,
  className,
  form: Form,
}: LinkDialogProps & {
  /** The list's GET endpoint key (its URL for the default query function). */
  queryKey: QueryKey;
  texts: { title: string; description: string; loading: string; loadError: string };
  className: string;
  form: ComponentType<LinkFormProps<T>>;
}) {
  const query = useQuery<T[]>({ queryKey, gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn('p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{name}</span>
            <span className="mt-1 block">{texts.description}</span>
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span role="status">{texts.loading}</span>
          </StateMessage>
        ) : query.isError ? (
          <>
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={texts.loadError}
                retryText={m.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {m.close}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <Form componentId={componentId} rows={query.data} queryKey={queryKey} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
