// A component's suppliers (reference-data.md §17): their codes and names of it, pack quantity, last price, lead time,
// one preferred. The list is edited as a whole and saved with one PUT that replaces the set; the contract's own schema
// checks the rows here before anything is sent, and the server checks them again.
import type { ComponentProps } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { itemSuppliersBodySchema, type ItemSupplier } from '@/modules/items/items.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { componentLinksMessages, DEFAULT_CURRENCY } from './component-links.messages.ts';
import {
  decimalInput,
  decimalOf,
  leadTimeOf,
  LinkDateField,
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
type SuppliersFormValues = ListValues<'suppliers', SupplierRow>;
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

/** A lead time that is not a whole number of days is named here, before the schema would see a number. */
const suppliersResolver = listResolver({
  list: 'suppliers',
  schema: zodResolver(itemSuppliersBodySchema),
  toInput: supplierInput,
  rule: {
    field: 'leadTimeDays',
    message: componentLinksMessages.suppliers.leadTimeInvalid,
    refuses: (row) => leadTimeOf(row.leadTimeDays) === undefined,
  },
});

const supplierRow = (s: ItemSupplier): SupplierRow => ({
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
});

export function SuppliersDialog(props: LinkDialogProps) {
  return (
    <LinksDialog
      {...props}
      queryKey={endpointKey(itemsEndpoints.suppliers, { params: { id: props.componentId } })}
      texts={componentLinksMessages.suppliers}
      className="sm:max-w-3xl lg:max-w-6xl"
      form={SuppliersForm}
    />
  );
}

function SuppliersForm({ componentId, rows, queryKey, onClose }: LinkFormProps<ItemSupplier>) {
  const m = componentLinksMessages.suppliers;
  const { form, fields, append, remove, state } = useLinksForm({
    list: 'suppliers',
    fields: SUPPLIER_FIELDS,
    loaded: rows,
    toRow: supplierRow,
    resolver: suppliersResolver,
    queryKey,
    save: (body: SuppliersBody) => callEndpoint(itemsEndpoints.saveSuppliers, { params: { id: componentId }, body }),
    texts: m,
  });

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
    <LinksForm state={state} texts={m} onAdd={addSupplier} onClose={onClose}>
      {fields.map((field, index) => (
        <SupplierFields
          key={field.id}
          formId={state.formId}
          index={index}
          form={form}
          onPick={(id, label) => pickSupplier(index, id, label)}
          onPreferredChange={(value) => markPreferred(index, value)}
          onRemove={() => remove(index)}
        />
      ))}
    </LinksForm>
  );
}

type SupplierTextField = Exclude<(typeof SUPPLIER_FIELDS)[number], 'supplierId' | 'isPreferred'>;
type TextFieldProps = Pick<
  ComponentProps<typeof LinkTextField>,
  'className' | 'inputClassName' | 'type' | 'inputMode' | 'placeholder' | 'maxLength'
>;

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

  const textField = (name: SupplierTextField, label: string, props: TextFieldProps) => (
    <LinkTextField
      id={idOf(name)}
      label={label}
      error={rowErrors?.[name]?.message}
      spellCheck={false}
      {...props}
      {...form.register(`suppliers.${index}.${name}`)}
    />
  );

  const preferredId = idOf('isPreferred');
  const preferredError = rowErrors?.isPreferred?.message;
  return (
    <LinkRow legend={m.row(number)} className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-12">
      <LinkPicker
        control={form.control}
        name={`suppliers.${index}.supplierId`}
        id={idOf('supplierId')}
        label={m.supplier}
        route="/suppliers"
        valueLabel={supplierName}
        placeholder={m.supplierPlaceholder}
        error={rowErrors?.supplierId?.message}
        className="col-span-2 sm:col-span-4 lg:col-span-4"
        onPick={onPick}
      />
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
      <LinkDateField
        control={form.control}
        name={`suppliers.${index}.lastPriceDate`}
        id={idOf('lastPriceDate')}
        label={m.lastPriceDate}
        error={rowErrors?.lastPriceDate?.message}
        className="col-span-2 lg:col-span-2"
      />
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
    </LinkRow>
  );
}
