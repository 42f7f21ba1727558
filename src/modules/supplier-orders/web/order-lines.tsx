// The editable lines of a supplier order: item (a component or material by default, a product with the toggle),
// quantity in any unit of the item's stock-unit type, price per that unit, VAT rate and the line's own delivery date. The document toolkit's lines editor
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
  LineDecimalField,
  LineField,
  LineItemField,
  LineVatRateField,
  RemoveLineButton,
} from '@/web/components/document-lines.tsx';
import { LineUnitField } from '@/web/components/document-unit-select.tsx';
import { cn } from '@/web/lib/utils.ts';
import { decimalInput, formatDateUk, formatMoney, formatQty } from './order-format.ts';
import { currencyOf, emptyLine, MAX_LINES, type OrderFormValues } from './order-form.ts';
import { orderItemUnitsKey, ordersApi } from './supplier-orders.api.ts';
import { ordersWebMessages } from './supplier-orders.messages.ts';
import { DateField } from '@/web/components/date-field.tsx';

const m = ordersWebMessages.form;

type OrderForm = UseFormReturn<OrderFormValues, unknown, OrderBody>;

/** The columns of a line from 640 px on: item, quantity, unit, price, VAT rate, delivery date, remove. */
const GRID = 'sm:grid-cols-[minmax(0,1fr)_7rem_5.5rem_8rem_6rem_9rem_2.5rem]';

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
        { label: m.unit },
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

  const qtyId = idOf('qty');
  const priceId = idOf('unitPrice');
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
        alsoClear={['unitId']}
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

      <LineDecimalField
        form={form}
        index={index}
        name="qty"
        id={qtyId}
        label={m.qty}
        error={errorOf('qty')}
        hint={line.received ? m.received(formatQty(line.received), line.unit) : undefined}
      />
      <LineUnitField
        form={form}
        index={index}
        number={number}
        id={idOf('unitId')}
        itemId={line.itemId}
        qty={line.qty}
        unitsKey={orderItemUnitsKey}
        error={errorOf('unitId')}
      />
      <LineDecimalField
        form={form}
        index={index}
        name="unitPrice"
        id={priceId}
        label={m.unitPrice}
        error={errorOf('unitPrice')}
        hint={priceHint ?? undefined}
      />
      <LineVatRateField
        form={form}
        index={index}
        id={idOf('vatRate')}
        label={m.vatRate}
        error={errorOf('vatRate')}
        rates={vatRates}
      />

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
