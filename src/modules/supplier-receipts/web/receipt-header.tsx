// The header fields of a receipt draft's form (warehouse.md §6): the supplier and its document, the document type,
// the warehouse and the date, the buying company, the currency and its rate, the VAT mode, the extra costs and how
// they are split, the notes. Part of the receipt dialog's form (receipt-dialog.tsx).
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { extraCostsMethodLabels, extraCostsMethods } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { lookupBase } from '@/resources/_engine/web/resource-api.ts';
import { DateField } from '@/web/components/date-field.tsx';
import { formFields, type FieldBoxOptions } from '@/web/components/document-fields.tsx';
import { useLookupLabel } from '@/web/components/document-view.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { currencyOf, isBaseCurrency, type ReceiptFormValues } from './receipt-form.ts';
import type { ReceiptBody } from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.dialog;
const CURRENCY_SUGGESTIONS = ['UAH', 'USD', 'EUR', 'PLN', 'GBP', 'CNY'] as const;

export function ReceiptHeaderFields({
  form,
  formId,
}: {
  form: UseFormReturn<ReceiptFormValues, unknown, ReceiptBody>;
  formId: string;
}) {
  const { errors } = form.formState;
  const [currencyCode, supplierLabel, warehouseLabel, documentTypeLabel, companyId, companyLabel] = useWatch({
    control: form.control,
    name: ['currencyCode', 'supplierLabel', 'warehouseLabel', 'documentTypeLabel', 'companyId', 'companyLabel'],
  });
  const currency = currencyOf(currencyCode);
  const isBase = isBaseCurrency(currencyCode);
  const companyName = useLookupLabel(lookupBase('/companies'), companyId, companyLabel);
  const { idOf, errorOf, aria, box: fieldBox } = formFields(formId, errors);

  const picker = (
    name: 'supplierId' | 'warehouseId' | 'documentTypeId' | 'companyId',
    labelName: 'supplierLabel' | 'warehouseLabel' | 'documentTypeLabel' | 'companyLabel',
    route: string,
    label: string,
    valueLabel: string | null,
    options: FieldBoxOptions & { placeholder?: string; clearLabel?: string },
  ) =>
    fieldBox(
      name,
      label,
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ReferencePicker
            ref={field.ref}
            route={route}
            value={field.value}
            valueLabel={valueLabel}
            placeholder={options.placeholder}
            clearLabel={options.clearLabel}
            onChange={(value, valueLabel) => {
              form.setValue(labelName, valueLabel, { shouldDirty: true });
              field.onChange(value);
            }}
            onBlur={field.onBlur}
            {...aria(name, options.required)}
          />
        )}
      />,
      options,
    );

  // Dates are typed as дд.мм.рррр in every browser (the native input showed mm/dd/yyyy).
  const dateField = (name: 'supplierDocDate' | 'documentDate', label: string) =>
    fieldBox(
      name,
      label,
      <Controller
        control={form.control}
        name={name}
        render={({ field: f }) => <DateField {...aria(name, true)} value={f.value ?? ''} onChange={f.onChange} />}
      />,
      { required: true },
    );

  const text = (
    name: 'supplierDocNumber' | 'currencyCode' | 'fxRate' | 'extraCosts',
    label: string,
    props: {
      required?: boolean;
      hint?: string;
      inputMode?: 'decimal';
      maxLength?: number;
      placeholder?: string;
      inputClassName?: string;
      list?: string;
    } = {},
  ) =>
    fieldBox(
      name,
      label,
      <Input
        type="text"
        inputMode={props.inputMode}
        autoComplete="off"
        spellCheck={false}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        className={props.inputClassName}
        list={props.list}
        {...aria(name, props.required)}
        {...form.register(name)}
      />,
      props,
    );

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {picker('supplierId', 'supplierLabel', '/suppliers', m.supplier, supplierLabel, {
        placeholder: m.supplierPlaceholder,
        required: true,
      })}
      {text('supplierDocNumber', m.supplierDocNumber, { required: true, maxLength: 60 })}
      {dateField('supplierDocDate', m.supplierDocDate)}
      {picker('documentTypeId', 'documentTypeLabel', '/supplier-document-types', m.documentType, documentTypeLabel, {
        placeholder: m.documentTypePlaceholder,
        required: true,
      })}
      {picker('warehouseId', 'warehouseLabel', '/warehouses', m.warehouse, warehouseLabel, {
        placeholder: m.warehousePlaceholder,
        required: true,
      })}
      {dateField('documentDate', m.documentDate)}
      {picker('companyId', 'companyLabel', '/companies', m.company, companyName, {
        clearLabel: m.notSet,
        hint: m.companyHint,
      })}
      <div className="grid min-w-0 grid-cols-2 gap-4">
        {text('currencyCode', m.currency, {
          maxLength: 3,
          placeholder: 'UAH',
          inputClassName: 'uppercase',
          list: idOf('currencies'),
        })}
        {isBase
          ? null
          : text('fxRate', m.fxRate(currency), {
              inputMode: 'decimal',
              placeholder: m.fxRateNbu,
              inputClassName: 'text-right tabular-nums',
            })}
        <datalist id={idOf('currencies')}>
          {CURRENCY_SUGGESTIONS.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      </div>
      <div className="flex items-start gap-3 sm:pt-6">
        <Controller
          control={form.control}
          name="pricesIncludeVat"
          render={({ field }) => (
            <Switch
              ref={field.ref}
              id={idOf('pricesIncludeVat')}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${idOf('pricesIncludeVat')}-message`}
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor={idOf('pricesIncludeVat')}>{m.pricesIncludeVat}</Label>
          <FieldMessage
            id={`${idOf('pricesIncludeVat')}-message`}
            error={errorOf('pricesIncludeVat')}
            hint={m.pricesIncludeVatHint}
          />
        </div>
      </div>
      {text('extraCosts', m.extraCosts, {
        inputMode: 'decimal',
        placeholder: '0,00',
        inputClassName: 'text-right tabular-nums',
        hint: m.extraCostsHint,
      })}
      {fieldBox(
        'extraCostsMethod',
        m.extraCostsMethod,
        <Controller
          control={form.control}
          name="extraCostsMethod"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...aria('extraCostsMethod')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {extraCostsMethods.map((method) => (
                  <SelectItem key={method} value={method}>
                    {extraCostsMethodLabels[method]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />,
      )}
      {fieldBox(
        'notes',
        m.notes,
        <Textarea rows={2} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
        { className: 'sm:col-span-2 lg:col-span-3' },
      )}
    </div>
  );
}
