// A component's suppliers (reference-data.md §17): their codes and names of it, pack quantity, last price, lead time,
// one preferred. The list is edited as a whole and saved with one PUT that replaces the set; the contract's own schema
// checks the rows here before anything is sent, and the server checks them again.
import { useId } from 'react';
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
import { itemSuppliersBodySchema, type ItemSupplier } from '@/modules/items/items.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import type { z } from '@/shared/zod-uk.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { componentLinksMessages, DEFAULT_CURRENCY, MAX_ROWS } from './component-links.messages.ts';
import {
  AddRowButton,
  decimalInput,
  decimalOf,
  EmptyList,
  FormFailure,
  FormFooter,
  leadTimeOf,
  LinksDialog,
  RemoveRowButton,
  unplacedMessage,
} from './component-links.parts.tsx';

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
        leadTimeDays: { type: 'validate', message: componentLinksMessages.suppliers.leadTimeInvalid },
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

export function SuppliersDialog({
  componentId,
  name,
  onClose,
}: {
  componentId: number;
  name: string;
  onClose: () => void;
}) {
  const queryKey = endpointKey(itemsEndpoints.suppliers, { params: { id: componentId } });
  const m = componentLinksMessages.suppliers;
  return (
    <LinksDialog<ItemSupplier>
      queryKey={queryKey}
      title={m.title}
      name={name}
      description={m.description}
      texts={m}
      className="sm:max-w-3xl lg:max-w-6xl"
      onClose={onClose}
    >
      {(suppliers) => <SuppliersForm componentId={componentId} suppliers={suppliers} onClose={onClose} />}
    </LinksDialog>
  );
}

function SuppliersForm({
  componentId,
  suppliers,
  onClose,
}: {
  componentId: number;
  suppliers: ItemSupplier[];
  onClose: () => void;
}) {
  const m = componentLinksMessages.suppliers;
  const queryClient = useQueryClient();
  const formId = useId();
  const form = useForm<SuppliersFormValues, unknown, SuppliersBody>({
    resolver: suppliersResolver,
    defaultValues: suppliersToForm(suppliers),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'suppliers' });
  const { isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (body: SuppliersBody) =>
      callEndpoint(itemsEndpoints.saveSuppliers, { params: { id: componentId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointKey(itemsEndpoints.suppliers, { params: { id: componentId } }), saved);
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
  const m = componentLinksMessages.suppliers;
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
