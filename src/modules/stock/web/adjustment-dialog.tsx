// The quick dialog 'Коригування' of a stock row (warehouse.md §1): warehouse, a change (±) or the quantity counted,
// the reason, a comment and — when the item has no average yet, or for opening balances — the unit cost. It creates
// and posts the ADJ document in one call; the server's refusal (409: not enough stock, naming item, warehouse,
// needed and available) is shown in the dialog.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import {
  adjustmentReasonLabels,
  adjustmentReasons,
  type AdjustmentReason,
  type ItemStock,
} from '@/modules/stock/adjustments.contract.ts';
import { parseSerialList } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { cmp, dec, fixed, neg } from '@/shared/decimal.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { UnitSelect, useLineUnits } from '@/web/components/document-unit-select.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  adjustmentsApi,
  isStockQuery,
  itemStockQueryKey,
  itemUnitsQueryKey,
  type StockRoute,
} from './adjustments.api.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.adjust;

export interface AdjustItem {
  itemId: number;
  sku: string;
  name: string;
  unitShortName: string | null;
  /** null: the item has no average cost yet, so an incoming change needs a typed unit cost. */
  avgCost: string | null;
}

type Mode = 'delta' | 'counted';
type Errors = Partial<Record<'warehouseId' | 'qty' | 'unitId' | 'reason' | 'unitCost' | 'comment' | 'serials', string>>;

const SIGNED_QTY = /^[-+]?\d+([.,]\d{1,4})?$/;
const QTY = /^\d+([.,]\d{1,4})?$/;
const COST = /^\d+([.,]\d{1,6})?$/;
const clean = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');

/** The serials typed (one a line, by comma or a range) and the problems with them. */
export function typedSerials(text: string): { values: string[]; errors: string[] } {
  const parsed = parseSerialList(text);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const v of parsed.values) (seen.has(v) ? repeated : seen).add(v);
  const errors = [...parsed.errors];
  if (repeated.size) errors.push(`Повторюються: ${[...repeated].join(', ')}`);
  return { values: parsed.values, errors };
}

/** |Δ| of a typed change, or null when it is no change. */
function absDelta(qty: string): string | null {
  const text = clean(qty);
  if (!SIGNED_QTY.test(text) || !/[1-9]/.test(text)) return null;
  const value = dec(text.replace(/^\+/, ''));
  return fixed(cmp(value, dec(0)) < 0 ? neg(value) : value, 4).replace(/\.?0+$/, '');
}

/** The form's problems in Ukrainian, by field; empty when it may be sent. */
export function validateAdjustment(form: {
  warehouseId: number | null;
  mode: Mode;
  qty: string;
  reason: AdjustmentReason | '';
  unitCost: string;
  needsCost: boolean;
  /** Serial-tracked item: the typed serials (an opening balance may leave them to the template). */
  serials?: string | null;
}): Errors {
  const errors: Errors = {};
  if (form.serials !== undefined && form.serials !== null) {
    const typed = typedSerials(form.serials);
    const qty = absDelta(form.qty);
    if (form.mode === 'counted') errors.qty = m.errors.serialsCounted;
    else if (typed.errors.length) errors.serials = typed.errors.join('; ');
    else if (qty !== null && !(form.reason === 'opening' && typed.values.length === 0)) {
      if (cmp(dec(typed.values.length), dec(qty)) !== 0) errors.serials = m.errors.serials(typed.values.length, qty);
    }
  }
  if (form.warehouseId === null) errors.warehouseId = m.errors.warehouse;
  if (form.reason === '') errors.reason = m.errors.reason;
  const qty = clean(form.qty);
  if (form.mode === 'delta') {
    if (!SIGNED_QTY.test(qty)) errors.qty = m.errors.qty;
    else if (!/[1-9]/.test(qty)) errors.qty = m.errors.notZero;
  } else if (qty.startsWith('-')) errors.qty = m.errors.notNegative;
  else if (!QTY.test(qty)) errors.qty = m.errors.qty;
  const cost = clean(form.unitCost);
  if (cost !== '' && !COST.test(cost)) errors.unitCost = m.errors.unitCost;
  else if (cost === '' && form.needsCost) errors.unitCost = m.errors.unitCost;
  return errors;
}

export function AdjustmentDialog({
  route,
  item,
  warehouse,
  onClose,
}: {
  route: StockRoute;
  item: AdjustItem;
  /** The list's warehouse filter, offered first. */
  warehouse: { id: number; label: string | null } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [warehouseId, setWarehouseId] = useState<number | null>(warehouse?.id ?? null);
  const [warehouseLabel, setWarehouseLabel] = useState<string | null>(warehouse?.label ?? null);
  const [mode, setMode] = useState<Mode>('counted');
  const [qty, setQty] = useState('');
  /** The unit the quantity is typed in: null is the item's stock unit. */
  const [unitId, setUnitId] = useState<number | null>(null);
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [comment, setComment] = useState('');
  const [unitCost, setUnitCost] = useState('');
  const [serials, setSerials] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Whether the item is counted by serial numbers: its stock card says so.
  const card = useQuery<ItemStock>({ queryKey: itemStockQueryKey(route, item.itemId) });
  const tracked = card.data?.serialTracking === true;
  const units = useLineUnits(itemUnitsQueryKey(route), item.itemId);
  const typed = tracked ? typedSerials(serials) : null;
  const needed = mode === 'delta' ? absDelta(qty) : null;
  const incoming = !clean(qty).startsWith('-');

  // A cost is asked for where it can matter: no average yet, or opening balances (they bring their own cost).
  const showCost = item.avgCost === null || reason === 'opening';
  const needsCost = reason === 'opening';

  const mutation = useMutation({
    mutationFn: () =>
      adjustmentsApi.create(route, {
        warehouseId: warehouseId!,
        reason: reason as AdjustmentReason,
        comment: comment.trim() === '' ? null : comment.trim(),
        post: true,
        lines: [
          {
            itemId: item.itemId,
            ...(mode === 'delta' ? { deltaQty: clean(qty) } : { countedQty: clean(qty) }),
            ...(unitId !== null && !tracked ? { unitId } : {}),
            ...(showCost && clean(unitCost) !== '' ? { unitCost: clean(unitCost) } : {}),
            ...(typed && typed.values.length ? { serials: typed.values } : {}),
          },
        ],
      }),
    onSuccess: (adjustment) => {
      toast({ title: m.posted(adjustment.number) });
      void queryClient.invalidateQueries({ predicate: isStockQuery });
      onClose();
    },
    onError: (error) => {
      setFailure(serverMessageOf(error) ?? m.errors.failed);
      if (error instanceof ApiError && error.fields) {
        const fields = error.fields;
        setErrors({
          warehouseId: fields.warehouseId,
          reason: fields.reason,
          qty: fields['lines.0.deltaQty'] ?? fields['lines.0.countedQty'] ?? fields['lines.0.itemId'],
          unitId: fields['lines.0.unitId'],
          unitCost: fields['lines.0.unitCost'],
          comment: fields.comment,
          serials: fields['lines.0.serials'],
        });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateAdjustment({
      warehouseId,
      mode,
      qty,
      reason,
      unitCost,
      needsCost,
      serials: tracked ? serials : null,
    });
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  }

  const described = (field: keyof Errors, hint?: boolean) =>
    errors[field] || hint ? `${id}-${field}-message` : undefined;
  // The quantity's label names the unit it is typed in. A serial-tracked item is counted in its stock unit (one
  // serial each): no other unit is offered.
  const typedUnit = (unitId === null ? null : units.data?.units.find((u) => u.id === unitId)?.shortName) ?? null;
  const unitName = typedUnit ?? item.unitShortName;
  const unit = unitName ? `, ${unitName}` : '';

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-lg sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description(item.sku, item.name)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-warehouse`}>{m.warehouse}</Label>
            <ReferencePicker
              id={`${id}-warehouse`}
              route="/warehouses"
              aria-label={m.warehouse}
              placeholder={m.warehousePlaceholder}
              value={warehouseId}
              valueLabel={warehouseLabel}
              aria-invalid={errors.warehouseId ? true : undefined}
              aria-describedby={described('warehouseId')}
              aria-required
              onChange={(value, label) => {
                setWarehouseId(value);
                setWarehouseLabel(label);
              }}
            />
            <FieldMessage id={`${id}-warehouseId-message`} error={errors.warehouseId} />
          </div>

          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{m.mode}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(
                [
                  ['counted', m.modeCounted],
                  ['delta', m.modeDelta],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
                    mode === value && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => {
                      // The number means something else in the other mode: it is typed again.
                      setMode(value);
                      setQty('');
                      setErrors((current) => ({ ...current, qty: undefined }));
                    }}
                    className="accent-primary"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-qty`}>{(mode === 'delta' ? m.delta : m.counted) + unit}</Label>
            <div className="flex items-start gap-2">
              <Input
                id={`${id}-qty`}
                inputMode="decimal"
                autoComplete="off"
                value={qty}
                aria-invalid={errors.qty ? true : undefined}
                aria-describedby={described('qty', true)}
                onChange={(event) => setQty(event.target.value)}
              />
              {tracked ? null : (
                <div className="w-24 shrink-0">
                  <UnitSelect
                    id={`${id}-unitId`}
                    itemId={item.itemId}
                    qty={qty}
                    unitsKey={itemUnitsQueryKey(route)}
                    value={unitId}
                    onChange={setUnitId}
                    error={errors.unitId}
                  />
                </div>
              )}
            </div>
            <FieldMessage
              id={`${id}-qty-message`}
              error={errors.qty}
              hint={mode === 'delta' ? m.deltaHint : m.countedHint}
            />
          </div>

          {tracked ? (
            <div className="grid gap-1.5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Label htmlFor={`${id}-serials`}>{m.serials}</Label>
                <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
                  {m.serialsCount(typed?.values.length ?? 0, needed)}
                </span>
              </div>
              <Textarea
                id={`${id}-serials`}
                rows={3}
                className="font-mono"
                value={serials}
                aria-invalid={errors.serials ? true : undefined}
                aria-describedby={described('serials', true)}
                onChange={(event) => setSerials(event.target.value)}
              />
              <FieldMessage
                id={`${id}-serials-message`}
                error={errors.serials}
                hint={mode === 'delta' ? m.serialsHint(incoming) : m.serialsCountedHint}
              />
            </div>
          ) : null}

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>{m.reason}</Label>
            <Select value={reason} onValueChange={(value) => setReason(value as AdjustmentReason)}>
              <SelectTrigger
                id={`${id}-reason`}
                className="w-full"
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={described('reason')}
              >
                <SelectValue placeholder={m.reasonPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {adjustmentReasons.map((value) => (
                  <SelectItem key={value} value={value}>
                    {adjustmentReasonLabels[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldMessage id={`${id}-reason-message`} error={errors.reason} />
          </div>

          {showCost ? (
            <div className="grid gap-1.5">
              {/* Per the stock unit, whatever unit the quantity is typed in (said so once another is chosen). */}
              <Label htmlFor={`${id}-cost`}>
                {unitId !== null && item.unitShortName ? m.unitCostPer(item.unitShortName) : m.unitCost}
              </Label>
              <Input
                id={`${id}-cost`}
                inputMode="decimal"
                autoComplete="off"
                value={unitCost}
                aria-invalid={errors.unitCost ? true : undefined}
                aria-describedby={described('unitCost', true)}
                onChange={(event) => setUnitCost(event.target.value)}
              />
              <FieldMessage id={`${id}-unitCost-message`} error={errors.unitCost} hint={m.unitCostHint} />
            </div>
          ) : null}

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-comment`}>{m.comment}</Label>
            <Textarea
              id={`${id}-comment`}
              rows={2}
              maxLength={1000}
              value={comment}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={described('comment')}
              onChange={(event) => setComment(event.target.value)}
            />
            <FieldMessage id={`${id}-comment-message`} error={errors.comment} />
          </div>

          {failure ? (
            <div
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
            >
              {failure}
            </div>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {m.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
