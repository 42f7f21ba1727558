// The lines of a transfer draft's form (warehouse.md §7): an item from the components or the products, its quantity,
// and the source warehouse's available quantity beside it with a warning when more is asked for.
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PlusIcon, Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import type { TransferCreateBody } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { ItemSourcePicker } from '@/modules/items/web/index.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { cn } from '@/web/lib/utils.ts';
import { emptyLine, MAX_LINES, type TransferFormValues, type TransferLineRow } from './transfer-form.ts';
import { formatQty } from './transfer-parts.tsx';
import type { AvailabilityRow } from './warehouse-transfers.api.ts';
import { transfersWebMessages } from './warehouse-transfers.messages.ts';

const m = transfersWebMessages.dialog;

type TransferForm = UseFormReturn<TransferFormValues, unknown, TransferCreateBody>;
const GRID = 'sm:grid-cols-[minmax(0,1fr)_9rem_2.5rem]';

export function TransferLines({
  form,
  formId,
  hasSource,
  stockOf,
}: {
  form: TransferForm;
  formId: string;
  hasSource: boolean;
  stockOf: Map<number, AvailabilityRow>;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const linesError = form.formState.errors.lines;
  const rootError = linesError?.root?.message ?? linesError?.message;
  const rootId = `${formId}-lines-message`;

  function addLine() {
    append(emptyLine(form.getValues('lines').at(-1)?.source));
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
            className={cn('hidden gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid', GRID)}
            aria-hidden="true"
          >
            <span>{m.item}</span>
            <span className="text-right">{m.qty}</span>
            <span />
          </div>
          <ol className="grid gap-2">
            {fields.map((field, index) => (
              <LineFields
                key={field.id}
                form={form}
                formId={formId}
                index={index}
                hasSource={hasSource}
                stockOf={stockOf}
                onRemove={() => {
                  remove(index);
                  if (form.formState.isSubmitted) void form.trigger('lines');
                }}
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

/** The typed quantity as an exact decimal, or null while it is not a number. */
function typedQty(text: string) {
  const value = text.trim().replace(',', '.').replace(/\s/g, '');
  return /^\d+(\.\d+)?$/.test(value) ? dec(value) : null;
}

function LineFields({
  form,
  formId,
  index,
  hasSource,
  stockOf,
  onRemove,
}: {
  form: TransferForm;
  formId: string;
  index: number;
  hasSource: boolean;
  stockOf: Map<number, AvailabilityRow>;
  onRemove: () => void;
}) {
  const number = index + 1;
  const idOf = (name: string) => `${formId}-line-${index}-${name}`;
  const rowErrors = form.formState.errors.lines?.[index];
  const line = useWatch({ control: form.control, name: `lines.${index}` }) as TransferLineRow;
  const stock = line.itemId === null ? undefined : stockOf.get(line.itemId);
  const sku = line.sku ?? stock?.sku ?? null;
  const unit = line.unit ?? stock?.unitShortName ?? null;

  function pickItem(id: number | null, label: string | null) {
    form.setValue(`lines.${index}.itemLabel`, label, { shouldDirty: true });
    form.setValue(`lines.${index}.sku`, null);
    form.setValue(`lines.${index}.unit`, null);
    form.setValue(`lines.${index}.itemId`, id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }

  const itemId = idOf('itemId');
  const itemError = rowErrors?.itemId?.message;
  const qtyId = idOf('qty');
  const qtyError = rowErrors?.qty?.message;
  const qty = typedQty(line.qty);
  const exceeds = stock !== undefined && qty !== null && cmp(qty, dec(stock.available)) > 0;

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
    <li className="rounded-lg border p-3">
      <fieldset className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)_auto] gap-3', GRID)}>
        <legend className="sr-only">{m.line(number)}</legend>
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
                valueLabel={line.itemLabel ?? stock?.name ?? null}
                onChange={pickItem}
                onBlur={field.onBlur}
                pickerRef={field.ref}
                error={Boolean(itemError)}
              />
            )}
          />
          <FieldMessage id={`${itemId}-message`} error={itemError} hint={sku ? m.sku(sku) : undefined} />
        </div>

        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={qtyId} className="sm:sr-only">
            {m.qty}
          </Label>
          <Input
            id={qtyId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0"
            className={cn('text-right tabular-nums', exceeds && 'border-amber-500')}
            aria-invalid={qtyError ? true : undefined}
            aria-describedby={`${qtyId}-message ${qtyId}-stock`}
            aria-required
            {...form.register(`lines.${index}.qty`)}
          />
          <FieldMessage id={`${qtyId}-message`} error={qtyError} hint={unit ?? undefined} />
        </div>

        <div className="flex items-start justify-end">
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
            <span className="sr-only">{m.removeShort}</span>
          </Button>
        </div>
        <p id={`${qtyId}-stock`} className="col-span-2 text-xs sm:col-span-3" aria-live="polite">
          {availability}
        </p>
      </fieldset>
    </li>
  );
}
