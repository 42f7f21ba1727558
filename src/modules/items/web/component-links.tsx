// What each row of the /components list links to (reference-data.md §17): the component's suppliers (their codes
// and names of it, pack quantity, last price, lead time, one preferred) and its interchangeable components. Each list
// is edited as a whole and saved with one PUT that replaces the set; the contract's own schemas check the rows here
// before anything is sent, and the server checks them again.
import { useId, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { Loader2Icon, PlusIcon, ReplaceIcon, Trash2Icon, TruckIcon } from 'lucide-react';
import {
  itemAlternativesBodySchema,
  itemsMessages,
  itemSuppliersBodySchema,
  type ItemAlternative,
  type ItemSupplier,
} from '@/modules/items/items.contract.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import type { z } from '@/shared/zod-uk.ts';
import { ListLoadError, RowAction, StateMessage } from '@/web/components/data-list.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { ApiError, apiRequest, serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';

const messages = {
  suppliersAction: (name: string) => `Постачальники: ${name}`,
  alternativesAction: (name: string) => `Заміни: ${name}`,
  retry: 'Спробувати ще раз',
  close: 'Закрити',
  cancel: 'Скасувати',
  save: 'Зберегти',
  saving: 'Зберігаю...',
  removeShort: 'Видалити',
  suppliers: {
    title: 'Постачальники компонента',
    description:
      'Код і назва постачальника допомагають знайти компонент у його рахунках. Основним може бути лише один постачальник.',
    loading: 'Завантаження постачальників...',
    loadError: 'Не вдалося завантажити постачальників',
    empty: 'Постачальників ще немає',
    emptyHint: 'Додайте постачальника кнопкою «Додати постачальника».',
    row: (n: number) => `Постачальник ${n}`,
    supplier: 'Постачальник',
    supplierPlaceholder: 'Оберіть постачальника',
    supplierSku: 'Код постачальника',
    supplierItemName: 'Назва в постачальника',
    packQty: 'Кратність упаковки',
    leadTimeDays: 'Строк постачання, дн.',
    lastPrice: 'Остання ціна',
    currency: 'Валюта',
    lastPriceDate: 'Дата ціни',
    isPreferred: 'Основний',
    remove: (n: number) => `Видалити постачальника ${n}`,
    add: 'Додати постачальника',
    limit: (max: number) => `Не більше ${max} постачальників`,
    leadTimeInvalid: 'Вкажіть ціле число днів від 0 до 365',
    saved: 'Постачальників збережено',
    savedCount: (n: number) => (n === 0 ? 'Список постачальників порожній' : `Постачальників: ${n}`),
    saveFailed: 'Не вдалося зберегти постачальників',
  },
  alternatives: {
    title: 'Взаємозамінні компоненти',
    description:
      'Заміни показуються в специфікаціях і в дефіциті як можливі варіанти, але ніколи не підставляються автоматично. Заміна взаємна: цей компонент з’явиться й серед замін обраного.',
    loading: 'Завантаження замін...',
    loadError: 'Не вдалося завантажити заміни',
    empty: 'Замін ще немає',
    emptyHint: 'Додайте заміну кнопкою «Додати заміну».',
    row: (n: number) => `Заміна ${n}`,
    component: 'Компонент',
    componentPlaceholder: 'Оберіть компонент або матеріал',
    sku: (sku: string) => `Артикул ${sku}`,
    note: 'Примітка',
    notePlaceholder: 'Напр., інший виробник, той самий корпус',
    remove: (n: number) => `Видалити заміну ${n}`,
    add: 'Додати заміну',
    limit: (max: number) => `Не більше ${max} замін`,
    saved: 'Заміни збережено',
    savedCount: (n: number) => (n === 0 ? 'Список замін порожній' : `Замін: ${n}`),
    saveFailed: 'Не вдалося зберегти заміни',
  },
} as const;

/** The contract's limit of both lists. */
const MAX_ROWS = 50;
const DEFAULT_CURRENCY = 'UAH';
const SPACES = /[\s\u00a0\u202f]/g;

const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${row.id}`);

// ---- shared parts --------------------------------------------------------------------------------------------------

/** An exact decimal as typed (a decimal comma, spaces) → the API's point string; empty → null. */
function decimalOf(text: string): string | null {
  const value = text.replace(SPACES, '').replace(',', '.');
  return value === '' ? null : value;
}

/** The API's exact decimal ('0.420000') as an input shows it: a decimal comma, no padding zeros ('0,42'). */
function decimalInput(value: string | null): string {
  if (value === null) return '';
  const [int = '', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${int},${digits}` : int;
}

/** Whole days 0–365; null when empty, undefined when it is not such a number. */
function leadTimeOf(text: string): number | null | undefined {
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

function FormFailure({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
    >
      {children}
    </p>
  );
}

function EmptyList({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-lg border border-dashed px-4 py-8 text-center">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

/** 'Видалити' beside the bin, or the bin alone from the `sm` breakpoint on (the label still names the row). */
function RemoveRowButton({ label, iconOnly, onClick }: { label: string; iconOnly?: boolean; onClick: () => void }) {
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
      <span className={cn(iconOnly && 'sm:sr-only')}>{messages.removeShort}</span>
    </Button>
  );
}

/**
 * The dialog around a list: asked afresh each time it opens (another user may have changed the list meanwhile),
 * with the loading and load-error states; the form gets the loaded rows.
 */
function LinksDialog<T>({
  url,
  title,
  name,
  description,
  texts,
  className,
  onClose,
  children,
}: {
  url: string;
  title: string;
  name: string;
  description: string;
  texts: { loading: string; loadError: string };
  className: string;
  onClose: () => void;
  children: (rows: T[]) => ReactNode;
}) {
  const query = useQuery<T[]>({ queryKey: [url], gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn('p-4 sm:p-6', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{name}</span>
            <span className="mt-1 block">{description}</span>
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
                retryText={messages.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {messages.close}
              </Button>
            </DialogFooter>
          </>
        ) : (
          children(query.data)
        )}
      </DialogContent>
    </Dialog>
  );
}

function FormFooter({
  formId,
  pending,
  dirty,
  onClose,
}: {
  formId: string;
  pending: boolean;
  dirty: boolean;
  onClose: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
        {dirty ? messages.cancel : messages.close}
      </Button>
      <Button type="submit" form={formId} disabled={pending || !dirty}>
        {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        {pending ? messages.saving : messages.save}
      </Button>
    </DialogFooter>
  );
}

function AddRowButton({
  label,
  limit,
  count,
  onClick,
}: {
  label: string;
  limit: string;
  count: number;
  onClick: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" disabled={count >= MAX_ROWS} onClick={onClick}>
        <PlusIcon aria-hidden="true" />
        {label}
      </Button>
      {count >= MAX_ROWS ? <span className="text-xs text-muted-foreground">{limit}</span> : null}
    </div>
  );
}

// ---- suppliers -----------------------------------------------------------------------------------------------------

const SUPPLIER_FIELDS = [
  'supplierId',
  'supplierSku',
  'supplierItemName',
  'packQty',
  'leadTimeDays',
  'lastPrice',
  'lastPriceCurrency',
  'lastPriceDate',
  'isPreferred',
] as const;

interface SupplierRow {
  supplierId: number | null;
  /** The picker's label of `supplierId`; not sent. */
  supplierName: string | null;
  supplierSku: string;
  supplierItemName: string;
  packQty: string;
  leadTimeDays: string;
  lastPrice: string;
  lastPriceCurrency: string;
  lastPriceDate: string;
  isPreferred: boolean;
}
interface SuppliersFormValues {
  suppliers: SupplierRow[];
}
type SuppliersBody = z.output<typeof itemSuppliersBodySchema>;
type SupplierInput = z.input<typeof itemSuppliersBodySchema>['suppliers'][number];

function supplierInput(row: SupplierRow): SupplierInput {
  const lastPrice = decimalOf(row.lastPrice);
  return {
    supplierId: row.supplierId ?? 0, // 0 is refused by the schema with 'Оберіть постачальника зі списку'
    supplierSku: row.supplierSku,
    supplierItemName: row.supplierItemName,
    packQty: decimalOf(row.packQty),
    lastPrice,
    // A price is in the currency shown beside it (UAH unless changed); no price, no currency.
    lastPriceCurrency: lastPrice === null ? null : row.lastPriceCurrency.trim() || DEFAULT_CURRENCY,
    lastPriceDate: row.lastPriceDate.trim() || null,
    leadTimeDays: leadTimeOf(row.leadTimeDays) ?? null,
    isPreferred: row.isPreferred,
  };
}

const suppliersSchemaResolver = zodResolver(itemSuppliersBodySchema);
/**
 * Validates only what is sent (the schema is strict), with the same paths as the form (`suppliers.0.packQty`);
 * a lead time that is not a whole number of days is named here, before the schema would see a number.
 */
const suppliersResolver: Resolver<SuppliersFormValues, unknown, SuppliersBody> = async (values, context, options) => {
  const result = await suppliersSchemaResolver(
    { suppliers: values.suppliers.map(supplierInput) },
    context,
    options as unknown as Parameters<typeof suppliersSchemaResolver>[2],
  );
  const badLeadTimes = values.suppliers.flatMap((row, index) =>
    leadTimeOf(row.leadTimeDays) === undefined ? [index] : [],
  );
  if (badLeadTimes.length === 0) return result as Awaited<ReturnType<typeof suppliersResolver>>;
  const errors = { ...result.errors } as Record<string, unknown>;
  if (errors.suppliers === undefined || Array.isArray(errors.suppliers)) {
    const rows = [...((errors.suppliers as Record<string, unknown>[] | undefined) ?? [])];
    for (const index of badLeadTimes) {
      rows[index] = {
        ...rows[index],
        leadTimeDays: { type: 'validate', message: messages.suppliers.leadTimeInvalid },
      };
    }
    errors.suppliers = rows;
  }
  return { values: {}, errors: errors as FieldErrors<SuppliersFormValues> };
};

function suppliersToForm(suppliers: readonly ItemSupplier[]): SuppliersFormValues {
  return {
    suppliers: suppliers.map((s) => ({
      supplierId: s.supplierId,
      supplierName: s.supplierName,
      supplierSku: s.supplierSku ?? '',
      supplierItemName: s.supplierItemName ?? '',
      packQty: decimalInput(s.packQty),
      leadTimeDays: s.leadTimeDays === null ? '' : String(s.leadTimeDays),
      lastPrice: decimalInput(s.lastPrice),
      lastPriceCurrency: s.lastPriceCurrency ?? DEFAULT_CURRENCY,
      lastPriceDate: s.lastPriceDate ?? '',
      isPreferred: s.isPreferred,
    })),
  };
}

function SuppliersDialog({ componentId, name, onClose }: { componentId: number; name: string; onClose: () => void }) {
  const url = `/api/components/${componentId}/suppliers`;
  const m = messages.suppliers;
  return (
    <LinksDialog<ItemSupplier>
      url={url}
      title={m.title}
      name={name}
      description={m.description}
      texts={m}
      className="sm:max-w-3xl lg:max-w-6xl"
      onClose={onClose}
    >
      {(suppliers) => <SuppliersForm url={url} suppliers={suppliers} onClose={onClose} />}
    </LinksDialog>
  );
}

function SuppliersForm({ url, suppliers, onClose }: { url: string; suppliers: ItemSupplier[]; onClose: () => void }) {
  const m = messages.suppliers;
  const queryClient = useQueryClient();
  const formId = useId();
  const form = useForm<SuppliersFormValues, unknown, SuppliersBody>({
    resolver: suppliersResolver,
    defaultValues: suppliersToForm(suppliers),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'suppliers' });
  const { isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (body: SuppliersBody) => apiRequest<ItemSupplier[]>('PUT', url, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([url], saved);
      form.reset(suppliersToForm(saved));
      toast({ title: m.saved, description: m.savedCount(saved.length) });
    },
    onError: (error) => {
      const names = form
        .getValues('suppliers')
        .flatMap((_row, index) => SUPPLIER_FIELDS.map((field) => `suppliers.${index}.${field}` as const));
      applyServerFieldErrors(error, form.setError, names);
    },
  });
  const failure = save.error
    ? unplacedMessage(save.error, 'suppliers', SUPPLIER_FIELDS, fields.length, m.saveFailed)
    : null;

  function addSupplier() {
    const hasPreferred = form.getValues('suppliers').some((row) => row.isPreferred);
    append({
      supplierId: null,
      supplierName: null,
      supplierSku: '',
      supplierItemName: '',
      packQty: '',
      leadTimeDays: '',
      lastPrice: '',
      lastPriceCurrency: DEFAULT_CURRENCY,
      lastPriceDate: '',
      isPreferred: !hasPreferred,
    });
  }

  /** Like a radio group that can be left empty: marking one supplier preferred unmarks the others. */
  function markPreferred(index: number, value: boolean) {
    if (value) {
      form.getValues('suppliers').forEach((row, other) => {
        if (other !== index && row.isPreferred) {
          form.setValue(`suppliers.${other}.isPreferred`, false, { shouldDirty: true });
        }
      });
    }
    form.setValue(`suppliers.${index}.isPreferred`, value, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('suppliers');
  }

  function pickSupplier(index: number, id: number | null, label: string | null) {
    form.setValue(`suppliers.${index}.supplierName`, label, { shouldDirty: true });
    form.setValue(`suppliers.${index}.supplierId`, id, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
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
                <SupplierFields
                  key={field.id}
                  formId={formId}
                  index={index}
                  form={form}
                  onPick={(id, label) => pickSupplier(index, id, label)}
                  onPreferredChange={(value) => markPreferred(index, value)}
                  onRemove={() => remove(index)}
                />
              ))}
            </ol>
          )}
          <AddRowButton label={m.add} limit={m.limit(MAX_ROWS)} count={fields.length} onClick={addSupplier} />
        </fieldset>
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </form>
      <FormFooter formId={formId} pending={save.isPending} dirty={isDirty} onClose={onClose} />
    </>
  );
}

type SupplierTextField = Exclude<(typeof SUPPLIER_FIELDS)[number], 'supplierId' | 'isPreferred'>;

function SupplierFields({
  formId,
  index,
  form,
  onPick,
  onPreferredChange,
  onRemove,
}: {
  formId: string;
  index: number;
  form: UseFormReturn<SuppliersFormValues, unknown, SuppliersBody>;
  onPick: (id: number | null, label: string | null) => void;
  onPreferredChange: (value: boolean) => void;
  onRemove: () => void;
}) {
  const m = messages.suppliers;
  const number = index + 1;
  const idOf = (name: string) => `${formId}-${index}-${name}`;
  const rowErrors = form.formState.errors.suppliers?.[index];
  const supplierName = useWatch({ control: form.control, name: `suppliers.${index}.supplierName` });

  const textField = (
    name: SupplierTextField,
    label: string,
    props: {
      className?: string;
      inputClassName?: string;
      type?: 'text' | 'date';
      inputMode?: 'decimal' | 'numeric';
      placeholder?: string;
      maxLength?: number;
    },
  ) => {
    const id = idOf(name);
    const error = rowErrors?.[name]?.message;
    return (
      <div className={cn('grid min-w-0 content-start gap-1.5', props.className)}>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete="off"
          spellCheck={false}
          className={props.inputClassName}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          {...form.register(`suppliers.${index}.${name}`)}
        />
        <FieldMessage id={`${id}-message`} error={error} />
      </div>
    );
  };

  const supplierId = idOf('supplierId');
  const supplierError = rowErrors?.supplierId?.message;
  const preferredId = idOf('isPreferred');
  const preferredError = rowErrors?.isPreferred?.message;
  return (
    <li className="rounded-lg border p-2.5 sm:p-3">
      <fieldset className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-12">
        <legend className="sr-only">{m.row(number)}</legend>
        <div className="col-span-2 grid min-w-0 content-start gap-1.5 sm:col-span-4 lg:col-span-4">
          <Label htmlFor={supplierId}>{m.supplier}</Label>
          <Controller
            control={form.control}
            name={`suppliers.${index}.supplierId`}
            render={({ field }) => (
              <ReferencePicker
                ref={field.ref}
                id={supplierId}
                route="/suppliers"
                value={field.value}
                valueLabel={supplierName}
                placeholder={m.supplierPlaceholder}
                onChange={onPick}
                onBlur={field.onBlur}
                aria-invalid={supplierError ? true : undefined}
                aria-describedby={`${supplierId}-message`}
                aria-required
              />
            )}
          />
          <FieldMessage id={`${supplierId}-message`} error={supplierError} />
        </div>
        {textField('supplierSku', m.supplierSku, {
          className: 'col-span-2 lg:col-span-3',
          inputClassName: 'font-mono',
          maxLength: 80,
        })}
        {textField('supplierItemName', m.supplierItemName, { className: 'col-span-2 lg:col-span-5', maxLength: 300 })}
        {textField('lastPrice', m.lastPrice, {
          className: 'col-span-1 lg:col-span-2',
          inputClassName: 'text-right tabular-nums',
          inputMode: 'decimal',
          placeholder: '0,00',
        })}
        {textField('lastPriceCurrency', m.currency, {
          className: 'col-span-1 lg:col-span-1',
          inputClassName: 'uppercase',
          placeholder: DEFAULT_CURRENCY,
          maxLength: 3,
        })}
        {textField('lastPriceDate', m.lastPriceDate, { className: 'col-span-2 lg:col-span-2', type: 'date' })}
        {textField('packQty', m.packQty, {
          className: 'col-span-1 lg:col-span-2',
          inputClassName: 'text-right tabular-nums',
          inputMode: 'decimal',
        })}
        {textField('leadTimeDays', m.leadTimeDays, {
          className: 'col-span-1 lg:col-span-2',
          inputClassName: 'text-right tabular-nums',
          inputMode: 'numeric',
          maxLength: 3,
        })}
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 lg:col-span-3 lg:self-start lg:pt-5">
          <div className="flex min-h-10 items-center gap-3">
            <Controller
              control={form.control}
              name={`suppliers.${index}.isPreferred`}
              render={({ field }) => (
                <Switch
                  ref={field.ref}
                  id={preferredId}
                  checked={field.value}
                  onCheckedChange={onPreferredChange}
                  onBlur={field.onBlur}
                  aria-describedby={`${preferredId}-message`}
                  aria-invalid={preferredError ? true : undefined}
                />
              )}
            />
            <div className="grid gap-1">
              <Label htmlFor={preferredId} className="font-normal">
                {m.isPreferred}
              </Label>
              <FieldMessage id={`${preferredId}-message`} error={preferredError} />
            </div>
          </div>
          <RemoveRowButton label={m.remove(number)} onClick={onRemove} />
        </div>
      </fieldset>
    </li>
  );
}

// ---- alternatives --------------------------------------------------------------------------------------------------

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

function AlternativesDialog({
  componentId,
  name,
  onClose,
}: {
  componentId: number;
  name: string;
  onClose: () => void;
}) {
  const url = `/api/components/${componentId}/alternatives`;
  const m = messages.alternatives;
  return (
    <LinksDialog<ItemAlternative>
      url={url}
      title={m.title}
      name={name}
      description={m.description}
      texts={m}
      className="sm:max-w-3xl"
      onClose={onClose}
    >
      {(alternatives) => (
        <AlternativesForm url={url} componentId={componentId} alternatives={alternatives} onClose={onClose} />
      )}
    </LinksDialog>
  );
}

function AlternativesForm({
  url,
  componentId,
  alternatives,
  onClose,
}: {
  url: string;
  componentId: number;
  alternatives: ItemAlternative[];
  onClose: () => void;
}) {
  const m = messages.alternatives;
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
    mutationFn: (body: AlternativesBody) => apiRequest<ItemAlternative[]>('PUT', url, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([url], saved);
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
  const m = messages.alternatives;
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

// ---- the row actions -----------------------------------------------------------------------------------------------

/**
 * A dialog opened from a row. It is portalled, but React still bubbles its clicks up through the row, whose own
 * click opens the edit form: they stop here.
 */
function InRow({ children }: { children: ReactNode }) {
  return (
    <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </span>
  );
}

function ComponentLinkActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState<'suppliers' | 'alternatives' | null>(null);
  // Both dialogs edit; a user who may only look sees the component's list row and nothing to change.
  if (!canChange) return null;
  const name = nameOf(row);
  const close = () => setOpen(null);
  return (
    <>
      <RowAction label={messages.suppliersAction(name)} onClick={() => setOpen('suppliers')}>
        <TruckIcon aria-hidden="true" />
      </RowAction>
      <RowAction label={messages.alternativesAction(name)} onClick={() => setOpen('alternatives')}>
        <ReplaceIcon aria-hidden="true" />
      </RowAction>
      {open === 'suppliers' ? (
        <InRow>
          <SuppliersDialog componentId={row.id} name={name} onClose={close} />
        </InRow>
      ) : null}
      {open === 'alternatives' ? (
        <InRow>
          <AlternativesDialog componentId={row.id} name={name} onClose={close} />
        </InRow>
      ) : null}
    </>
  );
}

/** The row actions of /components: its suppliers and its interchangeable components. */
export const componentLinkActions: ComponentType<{ row: ResourceRow; canChange: boolean }> = ComponentLinkActions;
