// The editable lines of a supplier order: item (a component or material by default, a product with the toggle),
// quantity, price, VAT rate and the line's own delivery date. The document toolkit's lines editor
// (src/web/components/document-lines.tsx): from 640 px on the lines are rows of a grid under one header, below that
// each line is a card with its own labels.
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { vatRates, type OrderBody } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { ItemSourcePicker } from '@/modules/items/web/index.ts';
import { useDocumentLine, useDocumentLines } from '@/web/components/document-form.ts';
import {
  DocumentLineRow,
  DocumentLinesEditor,
  LineDecimalInput,
  LineField,
  LineItemField,
  RemoveLineButton,
} from '@/web/components/document-lines.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { cn } from '@/web/lib/utils.ts';
import { decimalInput, formatDateUk, formatMoney, formatQty } from './order-format.ts';
import { currencyOf, emptyLine, MAX_LINES, type OrderFormValues, type VatRate } from './order-form.ts';
import { ordersApi } from './supplier-orders.api.ts';
import { ordersWebMessages } from './supplier-orders.messages.ts';
import { DateField } from '@/web/components/date-field.tsx';

const m = ordersWebMessages.form;

type OrderForm = UseFormReturn<OrderFormValues, unknown, OrderBody>;

/** The columns of a line from 640 px on: item, quantity, price, VAT rate, delivery date, remove. */
const GRID = 'sm:grid-cols-[minmax(0,1fr)_7rem_8rem_6rem_9rem_2.5rem]';

export function OrderLines({ form, formId }: { form: OrderForm; formId: string }) {
  const lines = useDocumentLines(form, (last) => emptyLine(last?.vatRate));
  return (
    <DocumentLinesEditor
      formId={formId}
      lines={lines}
      max={MAX_LINES}
      grid={GRID}
      texts={{ title: m.lines, empty: m.linesEmpty, emptyHint: m.linesEmptyHint, add: m.addLine }}
      columns={[
        { label: m.item },
        { label: m.qty, numeric: true },
        { label: m.unitPrice, numeric: true },
        { label: m.vatRate },
        { label: m.lineExpectedDate },
      ]}
    >
      {lines.fields.map((field, index) => (
        <LineFields key={field.id} form={form} formId={formId} index={index} onRemove={() => lines.remove(index)} />
      ))}
    </DocumentLinesEditor>
  );
}

function LineFields({
  form,
  formId,
  index,
  onRemove,
}: {
  form: OrderForm;
  formId: string;
  index: number;
  onRemove: () => void;
}) {
  const { number, line, idOf, errorOf } = useDocumentLine(form, formId, index);
  const warehouseId = useWatch({ control: form.control, name: 'warehouseId' });
  const [priceHint, setPriceHint] = useState<string | null>(null);

  /** An item picked onto a line without a price: the last purchase price fills it in (editable), with a hint. */
  async function suggestPrice(itemId: number | null) {
    setPriceHint(null);
    const { supplierId, currencyCode } = form.getValues();
    const priceOf = () => form.getValues(`lines.${index}.unitPrice`).trim();
    if (!itemId || !supplierId || priceOf()) return;
    const found = await ordersApi
      .priceSuggestion({ supplierId, itemId, currencyCode: currencyOf(currencyCode) })
      .catch(() => null);
    // Nothing to suggest, or the line changed meanwhile.
    if (!found || form.getValues(`lines.${index}.itemId`) !== itemId || priceOf()) return;
    form.setValue(`lines.${index}.unitPrice`, decimalInput(found.unitPrice), { shouldDirty: true });
    setPriceHint(
      m.lastPrice(
        formatMoney(found.unitPrice),
        found.currencyCode,
        found.date ? formatDateUk(found.date) : null,
        found.fromThisSupplier ? null : found.supplierName,
      ),
    );
  }

  const decimalField = (name: 'qty' | 'unitPrice', label: string) => {
    const id = idOf(name);
    const error = errorOf(name);
    const hint =
      name === 'qty' ? (line.received ? m.received(formatQty(line.received)) : undefined) : (priceHint ?? undefined);
    return (
      <LineField id={id} label={label} error={error} hint={hint}>
        <LineDecimalInput
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          {...form.register(`lines.${index}.${name}`)}
        />
      </LineField>
    );
  };

  const vatId = idOf('vatRate');
  const vatError = errorOf('vatRate');
  const dateId = idOf('expectedDate');
  const dateError = errorOf('expectedDate');

  return (
    <DocumentLineRow number={number} className={cn('grid-cols-2', GRID)}>
      <LineItemField
        form={form}
        index={index}
        id={idOf('itemId')}
        label={m.item}
        error={errorOf('itemId')}
        picker={(picker) => (
          <ItemSourcePicker
            {...picker}
            source={line.products ? 'products' : 'components'}
            onSource={(source) => form.setValue(`lines.${index}.products`, source === 'products')}
            valueLabel={line.itemLabel}
            warehouseId={warehouseId}
            onChange={(itemId, label) => {
              picker.onChange(itemId, label);
              void suggestPrice(itemId);
            }}
          />
        )}
      />

      {decimalField('qty', m.qty)}
      {decimalField('unitPrice', m.unitPrice)}

      <LineField id={vatId} label={m.vatRate} error={vatError}>
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
                    {`${rate} %`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </LineField>

      <LineField id={dateId} label={m.lineExpectedDate} error={dateError}>
        <Controller
          control={form.control}
          name={`lines.${index}.expectedDate`}
          render={({ field }) => (
            <DateField
              id={dateId}
              value={field.value ?? ''}
              onChange={field.onChange}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={`${dateId}-message`}
            />
          )}
        />
      </LineField>

      <RemoveLineButton number={number} onRemove={onRemove} />
    </DocumentLineRow>
  );
}
