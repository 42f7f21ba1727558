// The editable lines of a draft receipt: item (a component by default, or a product), quantity, price, VAT rate and
// the supplier's name of the item, with the line's amounts computed exactly as they are typed. From 640 px on the
// lines are rows of a grid under one header; below that each line is a card with its own labels.
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { priceDeviates, receiptMessages, vatRates } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { ItemSourcePicker } from '@/modules/items/web/index.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { cn } from '@/web/lib/utils.ts';
import { money, typedLineAmounts, type Amounts } from './receipt-amounts.ts';
import { formatMoney } from './receipt-format.ts';
import { emptyLine, MAX_LINES, type LineRow, type ReceiptFormValues, type VatRate } from './receipt-form.ts';
import type { ReceiptBody } from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.dialog;

type ReceiptForm = UseFormReturn<ReceiptFormValues, unknown, ReceiptBody>;

/** The columns of a line from 640 px on: item, quantity, price, VAT rate, remove. */
const GRID = 'sm:grid-cols-[minmax(0,1fr)_7rem_8rem_6.5rem_2.5rem]';

export function ReceiptLines({
  form,
  formId,
  currency,
  pricesIncludeVat,
}: {
  form: ReceiptForm;
  formId: string;
  currency: string;
  pricesIncludeVat: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const linesError = form.formState.errors.lines;
  const rootError = linesError?.root?.message ?? linesError?.message;
  const rootId = `${formId}-lines-message`;

  function addLine() {
    const lines = form.getValues('lines');
    const last = lines.at(-1);
    append(emptyLine(last?.source, last?.vatRate));
    if (form.formState.isSubmitted) void form.trigger('lines');
  }

  function removeLine(index: number) {
    remove(index);
    if (form.formState.isSubmitted) void form.trigger('lines');
  }

  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`${formId}-lines-title`}>
      <h3 id={`${formId}-lines-title`} className="text-base font-semibold">
        {m.lines}
      </h3>
      {fields.length === 0 ? (
        <div
          className={cn(
            'rounded-lg border border-dashed px-4 py-8 text-center',
            rootError && 'border-destructive dark:border-red-400',
          )}
        >
          <p className="font-medium">{m.linesEmpty}</p>
          <p className="text-sm text-muted-foreground">{m.linesEmptyHint}</p>
        </div>
      ) : (
        <div className="grid min-w-0 gap-2">
          <div
            className={cn(
              'hidden gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid',
              GRID,
              '[&>span:nth-child(n+2):nth-child(-n+3)]:text-right',
            )}
            aria-hidden="true"
          >
            <span>{m.item}</span>
            <span>{m.qty}</span>
            <span>{m.priceHeader(currency, pricesIncludeVat)}</span>
            <span>{m.vatRate}</span>
            <span />
          </div>
          <ol className="grid gap-2">
            {fields.map((field, index) => (
              <LineFields
                key={field.id}
                form={form}
                formId={formId}
                index={index}
                currency={currency}
                pricesIncludeVat={pricesIncludeVat}
                onRemove={() => removeLine(index)}
              />
            ))}
          </ol>
        </div>
      )}
      <FieldMessage id={rootId} error={rootError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_LINES}
          aria-describedby={rootError ? rootId : undefined}
          onClick={addLine}
        >
          <PlusIcon aria-hidden="true" />
          {m.addLine}
        </Button>
        {fields.length >= MAX_LINES ? (
          <span className="text-xs text-muted-foreground">{m.linesLimit(MAX_LINES)}</span>
        ) : null}
      </div>
    </section>
  );
}

function LineFields({
  form,
  formId,
  index,
  currency,
  pricesIncludeVat,
  onRemove,
}: {
  form: ReceiptForm;
  formId: string;
  index: number;
  currency: string;
  pricesIncludeVat: boolean;
  onRemove: () => void;
}) {
  const number = index + 1;
  const idOf = (name: string) => `${formId}-line-${index}-${name}`;
  const rowErrors = form.formState.errors.lines?.[index];
  const line = useWatch({ control: form.control, name: `lines.${index}` }) as LineRow;
  const amounts = typedLineAmounts(line, pricesIncludeVat);

  function pickItem(id: number | null, label: string | null) {
    form.setValue(`lines.${index}.itemLabel`, label, { shouldDirty: true });
    form.setValue(`lines.${index}.sku`, null);
    form.setValue(`lines.${index}.unit`, null);
    form.setValue(`lines.${index}.lastPrice`, null);
    form.setValue(`lines.${index}.lastPriceCurrency`, null);
    form.setValue(`lines.${index}.itemId`, id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }

  const itemId = idOf('itemId');
  const itemError = rowErrors?.itemId?.message;
  const hint = [line.sku ? m.sku(line.sku) : null, line.unit].filter(Boolean).join(' · ');

  // A price far from the supplier's last one is worth a second look (a warning, not a block).
  const priceWarning = priceDeviates(line.unitPrice, line.lastPrice, line.lastPriceCurrency === currency)
    ? receiptMessages.priceWarning
    : undefined;

  const decimalField = (name: 'qty' | 'unitPrice', label: string, placeholder: string, unit?: string | null) => {
    const id = idOf(name);
    const error = rowErrors?.[name]?.message;
    const warning = name === 'unitPrice' && !error ? priceWarning : undefined;
    return (
      <div className="grid min-w-0 content-start gap-1.5">
        <Label htmlFor={id} className="sm:sr-only">
          {label}
        </Label>
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          className="text-right tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          aria-required
          {...form.register(`lines.${index}.${name}`)}
        />
        {warning ? (
          <p id={`${id}-message`} role="status" className="text-xs text-amber-700 dark:text-amber-300">
            {warning}
          </p>
        ) : (
          <FieldMessage id={`${id}-message`} error={error} hint={unit ?? undefined} />
        )}
      </div>
    );
  };

  const vatId = idOf('vatRate');
  const vatError = rowErrors?.vatRate?.message;
  const nameId = idOf('supplierItemName');
  const nameError = rowErrors?.supplierItemName?.message;

  return (
    <li className="rounded-lg border p-3">
      <fieldset className={cn('grid min-w-0 grid-cols-2 gap-3', GRID)}>
        <legend className="sr-only">{m.line(number)}</legend>
        <div className="col-span-2 flex items-center justify-between sm:hidden" aria-hidden="true">
          <span className="text-sm font-semibold">{m.line(number)}</span>
        </div>

        <div className="col-span-2 grid min-w-0 content-start gap-1.5 sm:col-span-1">
          <Label htmlFor={itemId} className="sm:sr-only">
            {m.item}
          </Label>
          <Controller
            control={form.control}
            name={`lines.${index}.itemId`}
            render={({ field }) => (
              <ItemSourcePicker
                id={itemId}
                source={line.source}
                onSource={(source) => form.setValue(`lines.${index}.source`, source)}
                value={field.value}
                valueLabel={line.itemLabel}
                onChange={pickItem}
                onBlur={field.onBlur}
                pickerRef={field.ref}
                error={Boolean(itemError)}
              />
            )}
          />
          <FieldMessage id={`${itemId}-message`} error={itemError} hint={hint || undefined} />
        </div>

        {decimalField('qty', m.qty, '0', line.unit)}
        {decimalField('unitPrice', m.unitPrice, '0,00')}

        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={vatId} className="sm:sr-only">
            {m.vatRate}
          </Label>
          <Controller
            control={form.control}
            name={`lines.${index}.vatRate`}
            render={({ field }) => (
              <Select value={field.value} onValueChange={(value) => field.onChange(value as VatRate)}>
                <SelectTrigger
                  ref={field.ref}
                  id={vatId}
                  onBlur={field.onBlur}
                  aria-invalid={vatError ? true : undefined}
                  aria-describedby={`${vatId}-message`}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {vatRates.map((rate) => (
                    <SelectItem key={rate} value={rate}>
                      {m.vatRateOption(rate)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldMessage id={`${vatId}-message`} error={vatError} />
        </div>

        <div className="flex items-start justify-end sm:row-span-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-10 text-destructive hover:text-destructive sm:w-10 sm:px-0 dark:text-red-400"
            aria-label={m.removeLine(number)}
            title={m.removeLine(number)}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="sm:sr-only">{m.removeShort}</span>
          </Button>
        </div>

        <div className="col-span-2 grid min-w-0 content-start gap-1.5 sm:col-span-1">
          <Label htmlFor={nameId} className="text-xs font-normal text-muted-foreground">
            {m.supplierItemName}
          </Label>
          <Input
            id={nameId}
            type="text"
            autoComplete="off"
            maxLength={300}
            className="h-9"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${nameId}-message`}
            {...form.register(`lines.${index}.supplierItemName`)}
          />
          <FieldMessage id={`${nameId}-message`} error={nameError} />
        </div>

        <LineAmounts number={number} amounts={amounts} />
      </fieldset>
    </li>
  );
}

/** The line's net, VAT and gross, under quantity, price and rate; '—' until quantity and price are numbers. */
function LineAmounts({ number, amounts }: { number: number; amounts: Amounts | null }) {
  const cells: [string, keyof Amounts][] = [
    [m.lineNet, 'net'],
    [m.lineVat, 'vat'],
    [m.lineGross, 'gross'],
  ];
  return (
    <dl
      aria-label={m.amountsOf(number)}
      className="col-span-2 grid grid-cols-3 gap-3 rounded-md bg-muted/50 px-2 py-1.5 text-right sm:col-span-3 sm:self-end"
    >
      {cells.map(([label, key]) => (
        <div key={key} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className={cn('text-sm tabular-nums', key === 'gross' && 'font-semibold')}>
            {amounts ? formatMoney(money(amounts[key])) : m.noValue}
          </dd>
        </div>
      ))}
    </dl>
  );
}
