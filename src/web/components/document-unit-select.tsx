// A document line entered in another unit of the item's stock-unit type (reference-data.md §1 'Conversion'): the
// line's unit select (the stock unit first, fed by the module's `…/item-units?itemId=` endpoint), the typed quantity
// in the stock unit under it ('= 2 500 г', by the shared rule of src/shared/unit-conversion.ts), a typed price per
// stock unit for comparisons, and how a view shows such a line ('2,5 кг (= 2 500 г)').
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { LineField } from '@/web/components/document-lines.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import {
  DOCUMENT_QTY_SCALE,
  pricePerStockUnit,
  toStockUnit,
  type LineUnit,
  type LineUnits,
} from '@/shared/unit-conversion.ts';

const t = uiMessages.documentForm.unit;

/** What a line keeps of its unit: the entered unit's id, null in the stock unit (the default). */
export interface UnitLineValues {
  unitId: number | null;
}

/** The key of a module's `…/item-units?itemId=` query (endpointKey of its endpoint). */
export type LineUnitsKey = (itemId: number) => QueryKey;

/** The item's stock unit and the units of its type (none until an item is picked). */
export function useLineUnits(unitsKey: LineUnitsKey, itemId: number | null) {
  return useQuery<LineUnits>({
    queryKey: itemId ? unitsKey(itemId) : ['line-units', 'none'],
    enabled: itemId != null,
    staleTime: 5 * 60_000,
  });
}

const typedDecimal = (text: string) => {
  const value = text.replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(value) ? value : null;
};

const enteredUnit = (units: LineUnits | undefined, unitId: number | null): [LineUnit, LineUnit] | null => {
  const stock = units?.stockUnit;
  const entered = unitId === null ? undefined : units?.units.find((u) => u.id === unitId);
  return stock && entered && entered.id !== stock.id ? [entered, stock] : null;
};

/** The typed quantity in the stock unit ('= 2 500 г'); null in the stock unit or while it is not a number. */
export function convertedQtyHint(units: LineUnits | undefined, unitId: number | null, qty: string): string | null {
  const pair = enteredUnit(units, unitId);
  const typed = typedDecimal(qty);
  if (!pair || !typed) return null;
  const converted = toStockUnit(typed, pair[0], pair[1], DOCUMENT_QTY_SCALE);
  return converted.ok ? t.converted(formatQty(converted.qty), pair[1].shortName) : converted.error;
}

/**
 * The typed quantity in the stock unit (4 decimals) — as typed in the stock unit — for comparing with stock figures;
 * null while it is not a number or does not convert.
 */
export function typedQtyInStockUnit(units: LineUnits | undefined, unitId: number | null, qty: string): string | null {
  const typed = typedDecimal(qty);
  if (!typed) return null;
  const pair = enteredUnit(units, unitId);
  if (!pair) return unitId === null || unitId === units?.stockUnit?.id ? typed : null;
  const converted = toStockUnit(typed, pair[0], pair[1], DOCUMENT_QTY_SCALE);
  return converted.ok ? converted.qty : null;
}

/** A typed price per the line's unit as the price per stock unit (as typed when in the stock unit). */
export function priceInStockUnit(units: LineUnits | undefined, unitId: number | null, price: string): string {
  const pair = enteredUnit(units, unitId);
  const typed = typedDecimal(price);
  return pair && typed ? pricePerStockUnit(typed, pair[0], pair[1]) : price;
}

/** A stored line's quantity as a view shows it: '2 500 г', or '2,5 кг (= 2 500 г)' when entered in another unit. */
export function lineQtyText(line: {
  qty: string;
  unitShortName: string | null;
  enteredQty: string;
  enteredUnitId: number | null;
  enteredUnitShortName: string | null;
}): string {
  const stock = line.unitShortName ? `${formatQty(line.qty)} ${line.unitShortName}` : formatQty(line.qty);
  if (line.enteredUnitId === null || !line.enteredUnitShortName) return stock;
  return t.entered(
    formatQty(line.enteredQty),
    line.enteredUnitShortName,
    formatQty(line.qty),
    line.unitShortName ?? '',
  );
}

/**
 * The line's unit cell: a select of the item's stock-unit type bound to `lines.<index>.unitId` (the stock unit is
 * stored as null), the converted quantity under it while another unit is chosen, else the server's error.
 */
export function LineUnitField<V extends FieldValues, B>({
  form,
  index,
  number,
  id,
  itemId,
  qty,
  unitsKey,
  error,
}: {
  form: UseFormReturn<V, unknown, B>;
  index: number;
  number: number;
  id: string;
  itemId: number | null;
  /** The line's quantity as typed. */
  qty: string;
  unitsKey: LineUnitsKey;
  error: string | undefined;
}) {
  const units = useLineUnits(unitsKey, itemId);
  const stock = units.data?.stockUnit ?? null;
  const choices = units.data?.units ?? [];
  return (
    <Controller
      control={form.control}
      name={`lines.${index}.unitId` as FieldPath<V>}
      render={({ field }) => {
        const unitId = (field.value as number | null) ?? null;
        return (
          <LineField
            id={id}
            label={t.label}
            error={error}
            hint={convertedQtyHint(units.data, unitId, qty) ?? undefined}
          >
            <Select
              value={stock ? String(unitId ?? stock.id) : ''}
              disabled={choices.length < 2}
              onValueChange={(value) => field.onChange(Number(value) === stock?.id ? null : Number(value))}
            >
              <SelectTrigger
                ref={field.ref}
                id={id}
                aria-label={t.ofLine(number)}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-message`}
              >
                <SelectValue placeholder={stock?.shortName ?? '—'} />
              </SelectTrigger>
              <SelectContent>
                {choices.map((u) => (
                  <SelectItem key={u.id} value={String(u.id)}>
                    {u.shortName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </LineField>
        );
      }}
    />
  );
}

/**
 * A unit select held by its owner's state, for a form that is not a lines editor (a quick dialog's one quantity):
 * the item's stock unit and the units of its type (`null` is the stock unit), with the typed quantity in the stock
 * unit under it ('= 2 500 г') or the server's error at `${id}-message`.
 */
export function UnitSelect({
  id,
  itemId,
  qty,
  unitsKey,
  value,
  onChange,
  error,
}: {
  id: string;
  itemId: number | null;
  /** The quantity as typed. */
  qty: string;
  unitsKey: LineUnitsKey;
  value: number | null;
  onChange: (unitId: number | null) => void;
  error?: string;
}) {
  const units = useLineUnits(unitsKey, itemId);
  const stock = units.data?.stockUnit ?? null;
  const choices = units.data?.units ?? [];
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Select
        value={stock ? String(value ?? stock.id) : ''}
        disabled={choices.length < 2}
        onValueChange={(next) => onChange(Number(next) === stock?.id ? null : Number(next))}
      >
        <SelectTrigger
          id={id}
          aria-label={t.label}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
        >
          <SelectValue placeholder={stock?.shortName ?? '—'} />
        </SelectTrigger>
        <SelectContent>
          {choices.map((u) => (
            <SelectItem key={u.id} value={String(u.id)}>
              {u.shortName}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldMessage id={`${id}-message`} error={error} hint={convertedQtyHint(units.data, value, qty) ?? undefined} />
    </div>
  );
}
