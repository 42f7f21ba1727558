// The lines grid of the order form: item (search by name, SKU or scanned barcode), quantity in any unit of the
// item's stock-unit type (the toolkit's unit select with the '= 2 500 г' hint), price per that unit, discount, VAT
// rate and the line's amount computed as it is typed with the shared rule. From 640 px the lines are rows of a grid;
// below that each line is a card with its own labels. A line a shipment points at keeps its item and stays.
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { vatRates } from '@/modules/orders/orders.contract.ts';
import type { ItemOption } from '@/modules/items/items.contract.ts';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { LineUnitField } from '@/web/components/document-unit-select.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { cn } from '@/web/lib/utils.ts';
import { decimalInput, formatMoney, formatQty, grossPrice, money, typedLineAmounts } from './order-format.ts';
import { emptyLine, MAX_LINES, type LineRow, type OrderForm, type VatRate } from './order-form.ts';
import { orderItemUnitsKey } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.form;
const GRID = 'sm:grid-cols-[minmax(0,1fr)_5.5rem_5rem_7rem_5rem_5.5rem_7rem_2.5rem]';

export interface PricingContext {
  priceList: string;
  discountPercent: string | null;
  pricesIncludeVat: boolean;
  warehouseId: number | null;
}

export function OrderLines({
  form,
  formId,
  disabled,
  pricing,
  currency,
}: {
  form: OrderForm;
  formId: string;
  disabled: boolean;
  pricing: PricingContext;
  currency: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const linesError = form.formState.errors.lines;
  const rootError = linesError?.root?.message ?? linesError?.message;
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`${formId}-lines`}>
      <h3 id={`${formId}-lines`} className="text-base font-semibold">
        {m.lines}
      </h3>
      {fields.length === 0 ? (
        <div className={cn('rounded-lg border border-dashed px-4 py-6 text-center', rootError && 'border-destructive')}>
          <p className="font-medium">{m.linesEmpty}</p>
          <p className="text-sm text-muted-foreground">{m.linesEmptyHint}</p>
        </div>
      ) : (
        <>
          <div className={cn('hidden gap-3 px-3 text-xs text-muted-foreground sm:grid', GRID)} aria-hidden="true">
            <span>{m.item}</span>
            <span className="text-right">{m.qty}</span>
            <span>{m.unit}</span>
            <span className="text-right">{`${m.unitPrice}, ${currency}`}</span>
            <span className="text-right">{m.discount}</span>
            <span>{m.vatRate}</span>
            <span className="text-right">{m.lineSum}</span>
            <span />
          </div>
          <ol className="grid gap-2">
            {fields.map((f, index) => (
              <LineFields
                key={f.id}
                form={form}
                formId={formId}
                index={index}
                disabled={disabled}
                pricing={pricing}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        </>
      )}
      <FieldMessage id={`${formId}-lines-message`} error={rootError} />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || fields.length >= MAX_LINES}
          onClick={() => append(emptyLine(form.getValues('lines').at(-1)?.vatRate))}
        >
          <PlusIcon aria-hidden="true" />
          {m.addLine}
        </Button>
      </div>
    </section>
  );
}

function LineFields({
  form,
  formId,
  index,
  disabled,
  pricing,
  onRemove,
}: {
  form: OrderForm;
  formId: string;
  index: number;
  disabled: boolean;
  pricing: PricingContext;
  onRemove: () => void;
}) {
  const n = index + 1;
  const line = useWatch({ control: form.control, name: `lines.${index}` }) as LineRow;
  const rowErrors = form.formState.errors.lines?.[index];
  const idOf = (name: string) => `${formId}-line-${index}-${name}`;
  const amounts = typedLineAmounts(line, pricing.pricesIncludeVat, pricing.discountPercent);

  function pick(item: ItemOption) {
    const net = (pricing.priceList === 'wholesale' ? item.wholesalePrice : null) ?? item.retailPrice ?? null;
    const vatRate = (vatRates as readonly string[]).includes(item.vatRate) ? (item.vatRate as VatRate) : '20';
    form.setValue(`lines.${index}.itemLabel`, `${item.sku} · ${item.name}`);
    form.setValue(`lines.${index}.available`, item.available);
    // Another item: back to its stock unit.
    form.setValue(`lines.${index}.unitId`, null);
    form.setValue(`lines.${index}.unit`, item.unitShortName);
    form.setValue(`lines.${index}.vatRate`, vatRate);
    if (net) {
      form.setValue(
        `lines.${index}.unitPrice`,
        decimalInput(pricing.pricesIncludeVat ? grossPrice(net, vatRate) : net),
      );
    }
    form.setValue(`lines.${index}.itemId`, item.id, { shouldValidate: form.formState.isSubmitted });
  }

  const small = (
    name: 'qty' | 'unitPrice' | 'discountPercent',
    label: string,
    props: Record<string, unknown>,
    hint?: string,
  ) => {
    const error = rowErrors?.[name]?.message;
    return (
      <div className="grid min-w-0 content-start gap-1.5">
        <Label htmlFor={idOf(name)} className="text-xs font-normal text-muted-foreground sm:sr-only">
          {label}
        </Label>
        <Input
          id={idOf(name)}
          autoComplete="off"
          inputMode="decimal"
          className="text-right tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${idOf(name)}-message`}
          aria-label={`${label}, ${m.line(n).toLowerCase()}`}
          {...props}
          {...form.register(`lines.${index}.${name}`)}
        />
        <FieldMessage id={`${idOf(name)}-message`} error={error} hint={hint} />
      </div>
    );
  };
  const itemError = rowErrors?.itemId?.message;
  const vatError = rowErrors?.vatRate?.message;
  return (
    <li className="rounded-lg border p-3">
      <fieldset disabled={disabled} className={cn('grid min-w-0 grid-cols-2 gap-3', GRID)}>
        <legend className="sr-only">{m.line(n)}</legend>
        <div className="col-span-2 grid min-w-0 content-start gap-1.5 sm:col-span-1">
          <Label htmlFor={idOf('itemId')} className="text-xs font-normal text-muted-foreground sm:sr-only">
            {m.item}
          </Label>
          <ItemPicker
            id={idOf('itemId')}
            valueLabel={line.itemLabel}
            warehouseId={pricing.warehouseId}
            source="all"
            price="sale"
            disabled={line.locked}
            onPick={pick}
            aria-invalid={itemError ? true : undefined}
            aria-describedby={`${idOf('itemId')}-message`}
          />
          <FieldMessage
            id={`${idOf('itemId')}-message`}
            error={itemError}
            hint={
              line.available !== null && line.itemId ? m.available(formatQty(line.available), line.unit) : undefined
            }
          />
        </div>
        {small(
          'qty',
          m.qty,
          { 'aria-required': true },
          line.shipped ? m.shippedHint(formatQty(line.shipped), line.unit) : undefined,
        )}
        <LineUnitField
          form={form}
          index={index}
          number={n}
          id={idOf('unitId')}
          itemId={line.itemId}
          qty={line.qty}
          unitsKey={orderItemUnitsKey}
          error={rowErrors?.unitId?.message}
        />
        {small('unitPrice', m.unitPrice, { 'aria-required': true })}
        {small('discountPercent', m.discount, {
          placeholder: pricing.discountPercent ? decimalInput(pricing.discountPercent) : '0',
        })}
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={idOf('vatRate')} className="text-xs font-normal text-muted-foreground sm:sr-only">
            {m.vatRate}
          </Label>
          <Controller
            control={form.control}
            name={`lines.${index}.vatRate`}
            render={({ field }) => (
              <Select value={field.value} onValueChange={(v) => field.onChange(v as VatRate)}>
                <SelectTrigger
                  id={idOf('vatRate')}
                  ref={field.ref}
                  aria-label={`${m.vatRate}, ${m.line(n).toLowerCase()}`}
                  aria-invalid={vatError ? true : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {vatRates.map((rate) => (
                    <SelectItem key={rate} value={rate}>
                      {`${rate} %`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldMessage id={`${idOf('vatRate')}-message`} error={vatError} />
        </div>
        <div className="grid content-start gap-1.5 text-right">
          <span className="text-xs text-muted-foreground sm:sr-only">{m.lineSum}</span>
          <span
            className="py-2 text-sm font-medium tabular-nums"
            aria-label={`${m.lineSum}, ${m.line(n).toLowerCase()}`}
          >
            {amounts ? formatMoney(money(pricing.pricesIncludeVat ? amounts.gross : amounts.net)) : '—'}
          </span>
        </div>
        <div className="flex items-start justify-end">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive dark:text-red-400"
            aria-label={m.removeLine(n)}
            title={line.locked ? m.shippedLocked : m.removeLine(n)}
            disabled={line.locked}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
