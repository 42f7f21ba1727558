// The editable lines of a draft receipt: item (a component by default, or a product), quantity in any unit of the
// item's stock-unit type, price per that unit, VAT rate and the supplier's name of the item, with the line's amounts computed exactly as they are typed. From 640 px on the
// lines are rows of a grid under one header; below that each line is a card with its own labels (the document
// toolkit's lines editor: src/web/components/document-lines.tsx).
import type { UseFormReturn } from 'react-hook-form';
import { priceDeviates, receiptMessages, vatRates } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { ItemSourcePicker } from '@/modules/items/web/index.ts';
import { useDocumentLine, useDocumentLines } from '@/web/components/document-form.ts';
import {
  DocumentLineRow,
  DocumentLinesEditor,
  LineDecimalField,
  LineItemField,
  LineVatRateField,
  RemoveLineButton,
} from '@/web/components/document-lines.tsx';
import { LineUnitField, priceInStockUnit, useLineUnits } from '@/web/components/document-unit-select.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { formatMoney } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { money, typedLineAmounts, type Amounts } from './receipt-amounts.ts';
import { emptyLine, MAX_LINES, type ReceiptFormValues } from './receipt-form.ts';
import { receiptItemUnitsKey, type ReceiptBody } from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.dialog;

type ReceiptForm = UseFormReturn<ReceiptFormValues, unknown, ReceiptBody>;

/** The columns of a line from 640 px on: item, quantity, unit, price, VAT rate, remove. */
const GRID = 'sm:grid-cols-[minmax(0,1fr)_7rem_5.5rem_8rem_6.5rem_2.5rem]';

export function ReceiptLines({
  form,
  formId,
  currency,
  pricesIncludeVat,
  warehouseId,
}: {
  form: ReceiptForm;
  formId: string;
  currency: string;
  pricesIncludeVat: boolean;
  /** The receipt's warehouse: the item picker shows what is free there. */
  warehouseId: number | null;
}) {
  const lines = useDocumentLines(form, (last) => emptyLine(last?.source, last?.vatRate));
  return (
    <DocumentLinesEditor
      formId={formId}
      lines={lines}
      max={MAX_LINES}
      grid={GRID}
      texts={{ emptyHint: m.linesEmptyHint }}
      columns={[
        { label: m.item },
        { label: m.qty, numeric: true },
        { label: m.unit },
        { label: m.priceHeader(currency, pricesIncludeVat), numeric: true },
        { label: m.vatRate },
      ]}
    >
      {lines.fields.map((field, index) => (
        <LineFields
          key={field.id}
          form={form}
          formId={formId}
          index={index}
          currency={currency}
          pricesIncludeVat={pricesIncludeVat}
          warehouseId={warehouseId}
          onRemove={() => lines.remove(index)}
        />
      ))}
    </DocumentLinesEditor>
  );
}

function LineFields({
  form,
  formId,
  index,
  currency,
  pricesIncludeVat,
  warehouseId,
  onRemove,
}: {
  form: ReceiptForm;
  formId: string;
  index: number;
  currency: string;
  pricesIncludeVat: boolean;
  warehouseId: number | null;
  onRemove: () => void;
}) {
  const { number, line, idOf, errorOf } = useDocumentLine(form, formId, index);
  const amounts = typedLineAmounts(line, pricesIncludeVat);
  const hint = [line.sku ? m.sku(line.sku) : null, line.unit].filter(Boolean).join(' · ');

  // A price far from the supplier's last one (per stock unit) is worth a second look (a warning, not a block).
  const units = useLineUnits(receiptItemUnitsKey, line.itemId);
  const priceWarning = priceDeviates(
    priceInStockUnit(units.data, line.unitId, line.unitPrice),
    line.lastPrice,
    line.lastPriceCurrency === currency,
  )
    ? receiptMessages.priceWarning
    : undefined;

  const itemId = idOf('itemId');
  const itemError = errorOf('itemId');
  const nameId = idOf('supplierItemName');
  const nameError = errorOf('supplierItemName');

  return (
    <DocumentLineRow number={number} className={cn('grid-cols-2', GRID)} narrowTitle>
      <LineItemField
        form={form}
        index={index}
        id={itemId}
        label={m.item}
        error={itemError}
        hint={hint || undefined}
        alsoClear={['lastPrice', 'lastPriceCurrency', 'unitId']}
        picker={(picker) => (
          <ItemSourcePicker
            {...picker}
            source={line.source}
            onSource={(source) => form.setValue(`lines.${index}.source`, source)}
            valueLabel={line.itemLabel}
            warehouseId={warehouseId}
          />
        )}
      />

      <LineDecimalField
        form={form}
        index={index}
        name="qty"
        id={idOf('qty')}
        label={m.qty}
        error={errorOf('qty')}
        placeholder="0"
      />
      <LineUnitField
        form={form}
        index={index}
        number={number}
        id={idOf('unitId')}
        itemId={line.itemId}
        qty={line.qty}
        unitsKey={receiptItemUnitsKey}
        error={errorOf('unitId')}
      />
      <LineDecimalField
        form={form}
        index={index}
        name="unitPrice"
        id={idOf('unitPrice')}
        label={m.unitPrice}
        error={errorOf('unitPrice')}
        warning={priceWarning}
        placeholder="0,00"
      />
      <LineVatRateField
        form={form}
        index={index}
        id={idOf('vatRate')}
        label={m.vatRate}
        error={errorOf('vatRate')}
        rates={vatRates}
      />

      <RemoveLineButton number={number} narrowLabel className="sm:row-span-2" onRemove={onRemove} />

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
    </DocumentLineRow>
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
      className="col-span-2 grid grid-cols-3 gap-3 rounded-md bg-muted/50 px-2 py-1.5 text-right sm:col-span-4 sm:self-end"
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
