// The Nova Poshta block of a shipment (sales.md §3): the waybill's number and state, the cost and the expected date,
// and the actions its state allows — 'Розрахувати', 'Створити ЕН', 'Звірити' (a waybill whose creation had no answer),
// 'Друк етикетки' (streamed through the server), 'Видалити ЕН' (only before hand-over) and 'Оновити статус'.
import { useState, type ReactNode } from 'react';
import {
  CalculatorIcon,
  FileCheck2Icon,
  Loader2Icon,
  PrinterIcon,
  RefreshCwIcon,
  SearchCheckIcon,
  Trash2Icon,
} from 'lucide-react';
import {
  labelFormatLabels,
  labelFormats,
  waybillStateLabels,
  type LabelFormat,
  type Shipment,
} from '@/modules/shipments/shipments.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { formatDateUk, formatMoney, formatTimestampUk } from '@/web/lib/document-format.ts';
import { DeliveryStatusBadge } from './shipment-parts.tsx';
import { shipmentLabelUrl } from './shipments.api.ts';
import { shipmentsWebMessages } from './shipments.messages.ts';

const m = shipmentsWebMessages.np;

export type NpAction = 'price' | 'create' | 'reconcile' | 'delete' | 'track';

export function NpBlock({
  shipment: s,
  canChange,
  pending,
  onAction,
}: {
  shipment: Shipment;
  canChange: boolean;
  /** The action under way, if any. */
  pending: NpAction | null;
  onAction: (action: NpAction) => void;
}) {
  const [format, setFormat] = useState<LabelFormat>('100x100');
  const active = s.status !== 'cancelled';
  const created = s.waybillState === 'created';
  const canCreate = active && (s.waybillState === 'none' || s.waybillState === 'deleted');
  const unknown = s.waybillState === 'unknown' || s.waybillState === 'creating';
  const busy = pending !== null;
  const icon = (action: NpAction, Icon: typeof CalculatorIcon) =>
    pending === action ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />;

  const facts: Array<[string, ReactNode]> = [
    [
      m.waybill,
      s.trackingNumber ? (
        s.trackingUrl ? (
          <a href={s.trackingUrl} target="_blank" rel="noreferrer" className="font-mono text-primary hover:underline">
            {s.trackingNumber}
          </a>
        ) : (
          <span className="font-mono">{s.trackingNumber}</span>
        )
      ) : (
        shipmentsWebMessages.none
      ),
    ],
    [m.waybillState, waybillStateLabels[s.waybillState]],
    [m.status, <DeliveryStatusBadge key="status" status={s.deliveryStatus} waybill={s.waybillState} />],
    [m.cost, s.shippingCost ? `${formatMoney(s.shippingCost)} ${m.uah}` : shipmentsWebMessages.none],
    [m.estimated, s.estimatedDeliveryDate ? formatDateUk(s.estimatedDeliveryDate) : shipmentsWebMessages.none],
  ];
  if (s.lastTrackedAt) facts.push([m.lastTracked, formatTimestampUk(s.lastTrackedAt)]);

  return (
    <section className="grid gap-3 rounded-lg border p-3" aria-label={m.title}>
      <h3 className="text-base font-semibold">{m.title}</h3>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-sm break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {s.deliveryStatusText && s.deliveryStatus !== 'none' ? (
        <p className="text-sm text-muted-foreground">{s.deliveryStatusText}</p>
      ) : null}
      {unknown ? (
        <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          {m.unknownHint}
        </p>
      ) : null}
      {canChange ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={m.title}>
          {active && !created ? (
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => onAction('price')}>
              {icon('price', CalculatorIcon)}
              {m.price}
            </Button>
          ) : null}
          {canCreate ? (
            <Button type="button" size="sm" disabled={busy} onClick={() => onAction('create')}>
              {icon('create', FileCheck2Icon)}
              {m.create}
            </Button>
          ) : null}
          {unknown ? (
            <Button type="button" size="sm" disabled={busy} onClick={() => onAction('reconcile')}>
              {icon('reconcile', SearchCheckIcon)}
              {m.reconcile}
            </Button>
          ) : null}
          {created ? (
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => onAction('track')}>
              {icon('track', RefreshCwIcon)}
              {m.track}
            </Button>
          ) : null}
          {created && s.deliveryStatus === 'created' ? (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onAction('delete')}>
              {icon('delete', Trash2Icon)}
              {m.delete}
            </Button>
          ) : null}
        </div>
      ) : null}
      {created ? (
        <div className="flex flex-wrap items-center gap-2">
          <Select value={format} onValueChange={(v) => setFormat(v as LabelFormat)}>
            <SelectTrigger className="w-44" aria-label={m.labelFormat}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {labelFormats.map((f) => (
                <SelectItem key={f} value={f}>
                  {labelFormatLabels[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => window.open(shipmentLabelUrl(s.id, format), '_blank')}
          >
            <PrinterIcon aria-hidden="true" />
            {m.label}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The tracking timeline: the carrier's events, newest first, with the raw text it gave. */
export function TrackingTimeline({ shipment }: { shipment: Shipment }) {
  const events = [...shipment.trackingHistory].reverse();
  return (
    <section className="grid gap-2" aria-label={m.timeline}>
      <h3 className="text-base font-semibold">{m.timeline}</h3>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.noEvents}</p>
      ) : (
        <ol className="grid gap-3 border-l pl-4">
          {events.map((event, i) => (
            <li key={`${event.at}-${i}`} className="relative grid gap-0.5">
              <span
                className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-background bg-primary"
                aria-hidden="true"
              />
              <span className="flex flex-wrap items-center gap-2">
                <DeliveryStatusBadge status={event.status} />
                <time className="text-xs text-muted-foreground tabular-nums" dateTime={event.at}>
                  {formatTimestampUk(event.at)}
                </time>
              </span>
              <span className="text-sm">
                {event.text}
                {event.code ? <span className="text-xs text-muted-foreground"> ({event.code})</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
