// The tabs of an order's drawer (sales.md §1 Page): 'Рядки' (ordered, shipped, reserved, remaining), 'Оплати',
// 'Відвантаження', 'Виробництво' and 'Історія'. Payments, shipments and history are read when their tab opens.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Loader2Icon } from 'lucide-react';
import {
  orderStatuses,
  type Order,
  type OrderHistoryEntry,
  type OrderPayment,
  type OrderShipment,
  type OrderStatus,
} from '@/modules/orders/orders.contract.ts';
import type { RelatedDocument } from '@/modules/orders/related-documents.contract.ts';
import { RelatedDocuments } from '@/web/components/related-documents.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { lineQtyText } from '@/web/components/document-unit-select.tsx';
import { formatDateUk, formatMoney, formatQty, formatTimestampUk } from './order-format.ts';
import { orderTabQueryKey } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';
import { relatedGroupsOf } from './related.tsx';
import { currencyUk } from '@/shared/decimal-format.ts';

const d = ordersWebMessages.drawer;

export function Lines({ order }: { order: Order }) {
  return (
    <section className="grid min-w-0 gap-2" aria-label={d.tabs.lines}>
      <div className="min-w-0 overflow-x-auto rounded-lg border">
        <Table aria-label={d.tabs.lines} className="min-w-[46rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-8">№</TableHead>
              <TableHead>{ordersWebMessages.form.item}</TableHead>
              <TableHead className="text-right">{d.ordered}</TableHead>
              <TableHead className="text-right">{d.shipped}</TableHead>
              <TableHead className="text-right">{d.reserved}</TableHead>
              <TableHead className="text-right">{d.remaining}</TableHead>
              <TableHead className="text-right">{d.price}</TableHead>
              <TableHead className="text-right">{d.amount}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                <TableCell className="min-w-44">
                  <span className="block">{line.itemName}</span>
                  <span className="block text-xs text-muted-foreground">
                    {[line.sku, Number(line.discountPercent) > 0 ? `−${formatQty(line.discountPercent)} %` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{lineQtyText(line)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQty(line.shippedQty)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {line.stockable ? formatQty(line.reservedQty) : ordersWebMessages.none}
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">{formatQty(line.remainingQty)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.unitPrice)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.lineGross)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-right text-sm text-muted-foreground">
        {d.totals(
          formatMoney(order.totalNet),
          formatMoney(order.totalVat),
          formatMoney(order.totalGross),
          order.currencyCode,
        )}
      </p>
    </section>
  );
}

function TabState({
  query,
  errorText,
  emptyText,
  children,
}: {
  query: { isError: boolean; data: unknown[] | undefined };
  errorText: string;
  emptyText: string;
  children: ReactNode;
}) {
  if (query.isError) return <p className="py-4 text-sm text-destructive">{errorText}</p>;
  if (!query.data) return <Loader2Icon className="my-4 size-4 animate-spin" aria-hidden="true" />;
  if (query.data.length === 0) return <p className="py-4 text-sm text-muted-foreground">{emptyText}</p>;
  return <>{children}</>;
}

export function Payments({ order }: { order: Order }) {
  const query = useQuery<OrderPayment[]>({ queryKey: orderTabQueryKey(order.id, 'payments'), gcTime: 0 });
  const [, navigate] = useLocation();
  return (
    <section className="grid gap-2" aria-label={d.tabs.payments}>
      <TabState query={query} errorText={d.paymentsLoadError} emptyText={d.paymentsEmpty}>
        <ul className="grid gap-1.5">
          {query.data?.map((p) => (
            <li
              key={p.allocationId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <button
                type="button"
                className="font-mono hover:underline"
                aria-label={d.openPayment(p.number)}
                onClick={() => navigate(`/payments?open=${p.paymentId}`)}
              >
                {p.number}
              </button>
              <span className="text-muted-foreground">{formatDateUk(p.paymentDate)}</span>
              <span>
                {d.paymentStatus[p.status] ?? p.status}
                {p.type === 'refund' ? ` · ${d.refund}` : ''}
              </span>
              <span className="tabular-nums">
                {formatMoney(p.amount)} {currencyUk(p.currencyCode)}
              </span>
            </li>
          ))}
        </ul>
      </TabState>
      <p className="text-right text-sm">
        <span className="text-muted-foreground">{d.paid}: </span>
        <span className="font-medium tabular-nums">{formatMoney(order.paid)}</span>
        <span className="text-muted-foreground"> · {d.outstanding}: </span>
        <span className="font-medium tabular-nums">{formatMoney(order.outstanding)}</span>
      </p>
    </section>
  );
}

export function Shipments({ orderId }: { orderId: number }) {
  const query = useQuery<OrderShipment[]>({ queryKey: orderTabQueryKey(orderId, 'shipments'), gcTime: 0 });
  const [, navigate] = useLocation();
  return (
    <section className="grid gap-2" aria-label={d.tabs.shipments}>
      <TabState query={query} errorText={d.shipmentsLoadError} emptyText={d.shipmentsEmpty}>
        <ul className="grid gap-1.5">
          {query.data?.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <button
                type="button"
                className="font-mono hover:underline"
                aria-label={d.openShipment(s.number)}
                onClick={() => navigate(`/shipments?open=${s.id}`)}
              >
                {s.number}
              </button>
              <span className="text-muted-foreground">{formatDateUk(s.shipmentDate)}</span>
              <span>{d.shipmentStatus[s.status] ?? s.status}</span>
              <span className="text-muted-foreground">
                {[s.carrierName, s.trackingNumber, d.deliveryStatus[s.deliveryStatus] ?? s.deliveryStatus]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="tabular-nums">{formatMoney(s.totalGross)}</span>
            </li>
          ))}
        </ul>
      </TabState>
    </section>
  );
}

/** The production approval and the manufacturing orders made for the order's lines (the linked documents' group). */
export function Production({ order }: { order: Order }) {
  const query = useQuery<RelatedDocument[]>({ queryKey: orderTabQueryKey(order.id, 'related'), gcTime: 0 });
  return (
    <section className="grid gap-3 py-2" aria-label={d.tabs.production}>
      <p className="text-sm font-medium">
        {order.productionApproved
          ? d.productionApproved(order.productionApprovedByName, order.productionApprovalNote)
          : d.productionNotApproved}
      </p>
      <RelatedDocuments
        title={d.productionTitle}
        emptyText={d.productionEmpty}
        groups={query.data ? relatedGroupsOf(query.data).filter((g) => g.key === 'manufacturing') : undefined}
        isLoading={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
      />
    </section>
  );
}

export function History({ orderId, labels }: { orderId: number; labels: Record<OrderStatus, string> }) {
  const query = useQuery<OrderHistoryEntry[]>({ queryKey: orderTabQueryKey(orderId, 'history'), gcTime: 0 });
  const statusOf = (value: unknown) =>
    typeof value === 'object' && value && 'status' in value ? (value as { status: unknown }).status : undefined;
  const isStatus = (v: unknown): v is OrderStatus => orderStatuses.includes(v as OrderStatus);
  return (
    <section className="grid gap-2" aria-label={d.tabs.history}>
      <TabState query={query} errorText={d.historyLoadError} emptyText={d.historyEmpty}>
        <ol className="grid gap-1.5">
          {query.data?.map((h) => {
            const from = statusOf(h.before);
            const to = statusOf(h.after);
            const reason =
              typeof h.after === 'object' && h.after && 'reason' in h.after
                ? String((h.after as { reason: unknown }).reason)
                : null;
            return (
              <li key={h.id} className="grid gap-0.5 rounded-md border px-3 py-2 text-sm">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {d.historyActions[h.action] ?? h.action}
                    {isStatus(from) && isStatus(to) ? ` · ${d.historyStatus(labels[from], labels[to])}` : ''}
                  </span>
                  <span className="text-muted-foreground tabular-nums">{formatTimestampUk(h.at)}</span>
                </span>
                <span className="text-muted-foreground">
                  {h.userName ?? h.actor ?? d.system}
                  {reason ? ` — ${reason}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      </TabState>
    </section>
  );
}
