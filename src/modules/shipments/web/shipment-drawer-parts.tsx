// The parts of a shipment's drawer (sales.md §3): its facts, one line with its quantity and serials, and the
// 'Скасувати' dialog that asks for the reason.
import { useId, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SerialPicker } from '@/modules/serial-numbers/web/index.ts';
import { type Shipment, type ShipmentLine, shipmentMessages } from '@/modules/shipments/shipments.contract.ts';
import { ReasonDialog } from '@/web/components/document-actions.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatQty, formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { convertedQtyHint, lineQtyText, useLineUnits } from '@/web/components/document-unit-select.tsx';
import { shipmentItemUnitsKey, shipmentsApi } from './shipments.api.ts';
import { shipmentsWebMessages } from './shipments.messages.ts';

const d = shipmentsWebMessages.drawer;

export function Facts({ shipment: s }: { shipment: Shipment }) {
  const facts: Array<[string, ReactNode]> = [
    [
      d.order,
      <span key="order" className="font-mono">
        {s.orderNumber}
      </span>,
    ],
    [d.client, s.clientName],
    [d.date, formatDateUk(s.shipmentDate)],
    [d.warehouse, s.warehouseName],
  ];
  if (s.postedAt) facts.push([d.postedAt, formatTimestampUk(s.postedAt)]);
  if (s.cancelledAt) facts.push([d.cancelledAt, formatTimestampUk(s.cancelledAt)]);
  if (s.cancelReason) facts.push([d.cancelReason, s.cancelReason]);
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LineCard({
  shipment: s,
  line,
  editable,
  qty,
  error,
  onQty,
  serialQty,
  serialPending,
  serialError,
  onSerials,
}: {
  shipment: Shipment;
  line: ShipmentLine;
  editable: boolean;
  qty: string;
  error: string | undefined;
  onQty: (qty: string) => void;
  /** The units the line's serials must number: the quantity as typed (if it is a number), else the saved one. */
  serialQty: string;
  serialPending: boolean;
  serialError: string | undefined;
  /** The line's whole set of serials after a scan, a choice, an auto-fill or a removal. */
  onSerials: (serials: string[]) => void;
}) {
  const id = useId();
  const unit = line.unitShortName ? ` ${line.unitShortName}` : '';
  // A line in its order line's unit: the typed quantity in the stock unit under it ('= 2 500 г').
  const units = useLineUnits(shipmentItemUnitsKey, editable && line.enteredUnitId !== null ? line.itemId : null);
  const qtyHint = line.enteredUnitId !== null ? convertedQtyHint(units.data, line.enteredUnitId, qty) : null;
  const cells: Array<[string, string]> = [
    [d.ordered, `${formatQty(line.orderedQty)}${unit}`],
    [d.remaining, `${formatQty(line.remainingQty)}${unit}`],
  ];
  if (s.status === 'draft' && line.itemKind !== 'service')
    cells.push([d.reserved, `${formatQty(line.reservedQty)}${unit}`]);
  const price = formatMoney(line.unitPrice);
  cells.push(
    [d.price, line.enteredUnitShortName ? d.pricePer(price, line.enteredUnitShortName) : price],
    [d.sum, formatMoney(line.lineGross)],
  );
  if (line.unitCost !== null) cells.push([d.unitCost, formatMoney(line.unitCost)]);
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="font-semibold">{line.lineNo}. </span>
          {line.itemName}
          <span className="block text-xs text-muted-foreground">{d.sku(line.sku)}</span>
        </p>
        {editable ? (
          <div className="grid w-32 gap-1">
            <Label htmlFor={id} className="text-xs">
              {line.enteredUnitShortName ? d.qtyIn(line.enteredUnitShortName) : d.qty}
            </Label>
            <Input
              id={id}
              inputMode="decimal"
              className="text-right tabular-nums"
              value={qty}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-message`}
              onChange={(event) => onQty(event.target.value)}
            />
          </div>
        ) : (
          <span className="text-sm font-medium whitespace-nowrap tabular-nums">{lineQtyText(line)}</span>
        )}
      </div>
      {editable ? <FieldMessage id={`${id}-message`} error={error} hint={qtyHint ?? undefined} /> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {cells.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 sm:grid sm:justify-start sm:gap-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {line.serialTracking ? (
        <SerialPicker
          sku={line.sku}
          qty={serialQty}
          value={line.serials.map((x) => x.serial)}
          editable={editable}
          choices={{ itemId: line.itemId, warehouseId: s.warehouseId }}
          pending={serialPending}
          error={serialError}
          onChange={onSerials}
        />
      ) : null}
    </li>
  );
}

export function CancelDialog({
  shipment,
  onCancelled,
  onClose,
}: {
  shipment: Shipment;
  onCancelled: (shipment: Shipment) => void;
  onClose: () => void;
}) {
  const c = shipmentsWebMessages.confirmCancel;
  const cancel = useMutation({
    mutationFn: (text: string) => shipmentsApi.cancel(shipment.id, text),
    onSuccess: (next) => {
      toast({ title: shipmentsWebMessages.toast.cancelled, description: next.number });
      onCancelled(next);
    },
  });
  return (
    <ReasonDialog
      title={c.title}
      description={c.description(shipment.number)}
      confirmLabel={c.confirm}
      cancelLabel={c.cancel}
      reasonLabel={c.reason}
      placeholder={c.reasonPlaceholder}
      requiredMessage={shipmentMessages.reason}
      pending={cancel.isPending}
      error={cancel.error ? (serverMessageOf(cancel.error) ?? shipmentsWebMessages.toast.actionFailed) : undefined}
      onConfirm={(reason) => cancel.mutate(reason)}
      onClose={onClose}
    />
  );
}
