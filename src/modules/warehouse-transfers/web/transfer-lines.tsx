// The lines of a transfer draft's form (warehouse.md §7): an item from the components or the products, its quantity,
// and the source warehouse's available quantity beside it with a warning when more is asked for (the document
// toolkit's lines editor: src/web/components/document-lines.tsx).
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TriangleAlertIcon } from 'lucide-react';
import type { TransferCreateBody } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { ItemSourcePicker } from '@/modules/items/web/index.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { useDocumentLine, useDocumentLines } from '@/web/components/document-form.ts';
import {
  DocumentLineRow,
  DocumentLinesEditor,
  LineDecimalInput,
  LineField,
  LineItemField,
  RemoveLineButton,
} from '@/web/components/document-lines.tsx';
import { LineUnitField, typedQtyInStockUnit, useLineUnits } from '@/web/components/document-unit-select.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { emptyLine, MAX_LINES, type TransferFormValues } from './transfer-form.ts';
import { transferItemUnitsKey, type AvailabilityRow } from './warehouse-transfers.api.ts';
import { transfersWebMessages } from './warehouse-transfers.messages.ts';

const m = transfersWebMessages.dialog;

type TransferForm = UseFormReturn<TransferFormValues, unknown, TransferCreateBody>;
/** The columns of a line from 640 px on: item, quantity, unit, remove. */
const GRID = 'sm:grid-cols-[minmax(0,1fr)_8rem_5.5rem_2.5rem]';

export function TransferLines({
  form,
  formId,
  sourceWarehouseId,
  stockOf,
}: {
  form: TransferForm;
  formId: string;
  /** The warehouse the goods leave: what is free there is said on each line and in the item picker. */
  sourceWarehouseId: number | null;
  stockOf: Map<number, AvailabilityRow>;
}) {
  const lines = useDocumentLines(form, (last) => emptyLine(last?.source));
  return (
    <DocumentLinesEditor
      formId={formId}
      lines={lines}
      max={MAX_LINES}
      grid={GRID}
      columns={[{ label: m.item }, { label: m.qty, numeric: true }, { label: m.unit }]}
    >
      {lines.fields.map((field, index) => (
        <LineFields
          key={field.id}
          form={form}
          formId={formId}
          index={index}
          sourceWarehouseId={sourceWarehouseId}
          stockOf={stockOf}
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
  sourceWarehouseId,
  stockOf,
  onRemove,
}: {
  form: TransferForm;
  formId: string;
  index: number;
  sourceWarehouseId: number | null;
  stockOf: Map<number, AvailabilityRow>;
  onRemove: () => void;
}) {
  const { number, line, idOf, errorOf } = useDocumentLine(form, formId, index);
  const hasSource = sourceWarehouseId !== null;
  const stock = line.itemId === null ? undefined : stockOf.get(line.itemId);
  const sku = line.sku ?? stock?.sku ?? null;
  const unit = line.unit ?? stock?.unitShortName ?? null;

  const itemId = idOf('itemId');
  const itemError = errorOf('itemId');
  const qtyId = idOf('qty');
  const qtyError = errorOf('qty');
  // The stock figures are in the stock unit: a quantity typed in another unit is compared once converted.
  const units = useLineUnits(transferItemUnitsKey, line.itemId);
  const qty = typedQtyInStockUnit(units.data, line.unitId, line.qty);
  const exceeds = stock !== undefined && qty !== null && cmp(dec(qty), dec(stock.available)) > 0;

  let availability: ReactNode = null;
  if (line.itemId !== null) {
    if (!hasSource) availability = <span className="text-muted-foreground">{m.pickSource}</span>;
    else if (stock) {
      availability = exceeds ? (
        <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-300">
          <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {m.exceeds(formatQty(stock.available))}
        </span>
      ) : (
        <span className="text-muted-foreground">{m.availableOf(formatQty(stock.available), unit)}</span>
      );
    }
  }

  return (
    <DocumentLineRow number={number} className={cn('grid-cols-[minmax(0,1fr)_auto]', GRID)}>
      <LineItemField
        form={form}
        index={index}
        id={itemId}
        label={m.item}
        error={itemError}
        hint={sku ? m.sku(sku) : undefined}
        alsoClear={['unitId']}
        picker={(picker) => (
          <ItemSourcePicker
            {...picker}
            source={line.source}
            onSource={(source) => form.setValue(`lines.${index}.source`, source)}
            valueLabel={line.itemLabel ?? stock?.name ?? null}
            warehouseId={sourceWarehouseId}
          />
        )}
      />

      <LineField id={qtyId} label={m.qty} error={qtyError}>
        <LineDecimalInput
          id={qtyId}
          placeholder="0"
          className={cn(exceeds && 'border-amber-500')}
          aria-invalid={qtyError ? true : undefined}
          aria-describedby={`${qtyId}-message ${qtyId}-stock`}
          {...form.register(`lines.${index}.qty`)}
        />
      </LineField>

      <LineUnitField
        form={form}
        index={index}
        number={number}
        id={idOf('unitId')}
        itemId={line.itemId}
        qty={line.qty}
        unitsKey={transferItemUnitsKey}
        error={errorOf('unitId')}
      />

      <RemoveLineButton number={number} onRemove={onRemove} />
      <p id={`${qtyId}-stock`} className="col-span-2 text-xs sm:col-span-4" aria-live="polite">
        {availability}
      </p>
    </DocumentLineRow>
  );
}
