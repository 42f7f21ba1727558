// The tabs of a manufacturing order's drawer (production.md §4 Page): 'Матеріали' (required, reserved, issued,
// available, short), 'Операції' (status, good and scrap, planned against actual minutes), 'Випуск' (the MOI and MOO
// postings, each cancellable with a reason), 'Облік часу' (entries, 'Автозакриття', the foreman's correction),
// 'Собівартість' (planned against actual, variance, 'Невіднесені відхилення'), 'Серійні номери', 'Замовлення'
// (linked order lines, parent and child orders) and 'Історія'.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PencilIcon, Undo2Icon } from 'lucide-react';
import {
  moExcessLabels,
  moMessages,
  moPostingKindLabels,
  moPostingStatusLabels,
  moStatusLabels,
  timeEntrySourceLabels,
  type MoDetail,
  type MoPostingRow,
  type MoStatus,
  type TimeEntryRow,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { serialStatusLabels, type SerialStatus } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { add, dec, fixed, isNegative, sub } from '@/shared/decimal.ts';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { cn } from '@/web/lib/utils.ts';
import {
  DueDate,
  MoStatusBadge,
  OperationStatusBadge,
  WarnQty,
  formatDateUk,
  formatMoney,
  formatQty,
  formatTimestampUk,
} from './manufacturing-parts.tsx';
import { moWebMessages } from './manufacturing.messages.ts';

const d = moWebMessages.drawer;
const none = moWebMessages.none;

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-sm text-muted-foreground">{children}</p>;
}

function Scroll({ children }: { children: ReactNode }) {
  return <div className="min-w-0 overflow-x-auto rounded-lg border">{children}</div>;
}

const num = 'text-right tabular-nums whitespace-nowrap';

export function MaterialsTab({ mo, onOpenMo }: { mo: MoDetail; onOpenMo: (id: number) => void }) {
  const t = d.materials;
  if (!mo.materials.length) return <Empty>{t.empty}</Empty>;
  return (
    <Scroll>
      <Table aria-label={d.tabs.materials} className="min-w-[46rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-8">№</TableHead>
            <TableHead>{t.item}</TableHead>
            <TableHead className="text-right">{t.perUnit}</TableHead>
            <TableHead className="text-right">{t.required}</TableHead>
            <TableHead className="text-right">{t.reserved}</TableHead>
            <TableHead className="text-right">{t.issued}</TableHead>
            <TableHead className="text-right">{t.available}</TableHead>
            <TableHead className="text-right">{t.short}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mo.materials.map((mat) => (
            <TableRow key={mat.id}>
              <TableCell className="tabular-nums">{mat.lineNo}</TableCell>
              <TableCell className="min-w-44">
                <span className="block">{mat.itemName}</span>
                <span className="block text-xs text-muted-foreground">{mat.sku}</span>
                {mat.childOrders.length ? (
                  <span className="mt-0.5 flex flex-wrap gap-1 text-xs">
                    <span className="text-muted-foreground">{t.children}:</span>
                    {mat.childOrders.map((child) => (
                      <button
                        key={child.id}
                        type="button"
                        className="font-mono hover:underline"
                        aria-label={t.openChild(child.number)}
                        onClick={() => onOpenMo(child.id)}
                      >
                        {child.number}
                      </button>
                    ))}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className={num}>{formatQty(mat.perUnitQty)}</TableCell>
              <TableCell className={num}>
                {formatQty(mat.requiredQty)} <span className="text-xs text-muted-foreground">{mat.unitShortName}</span>
              </TableCell>
              <TableCell className={num}>{formatQty(mat.reservedQty)}</TableCell>
              <TableCell className={num}>{formatQty(mat.issuedQty)}</TableCell>
              <TableCell className={num}>{formatQty(mat.availableQty)}</TableCell>
              <TableCell className="text-right">
                <WarnQty value={mat.shortQty} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

export function OperationsTab({ mo }: { mo: MoDetail }) {
  const t = d.operations;
  if (!mo.operations.length) return <Empty>{t.empty}</Empty>;
  return (
    <Scroll>
      <Table aria-label={d.tabs.operations} className="min-w-[44rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-8">{t.seq}</TableHead>
            <TableHead>{t.name}</TableHead>
            <TableHead>{t.status}</TableHead>
            <TableHead className="text-right">{t.good}</TableHead>
            <TableHead className="text-right">{t.scrap}</TableHead>
            <TableHead className="text-right">{t.planned}</TableHead>
            <TableHead className="text-right">{t.actual}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mo.operations.map((op) => {
            const over = isNegative(sub(dec(op.plannedMinutes), dec(op.actualMinutes)));
            return (
              <TableRow key={op.id}>
                <TableCell className="tabular-nums">{op.seq}</TableCell>
                <TableCell className="min-w-44">
                  <span className="block">{op.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {[
                      op.departmentName,
                      op.positionName,
                      op.equipment,
                      op.canRunParallel ? t.parallel : null,
                      op.qualityCheck ? t.quality : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </TableCell>
                <TableCell>
                  <OperationStatusBadge status={op.status} />
                </TableCell>
                <TableCell className={num}>{formatQty(op.goodQty)}</TableCell>
                <TableCell className="text-right">
                  <WarnQty value={op.scrapQty} />
                </TableCell>
                <TableCell className={num}>{formatQty(op.plannedMinutes)}</TableCell>
                <TableCell className={cn(num, over && 'font-medium text-amber-700 dark:text-amber-400')}>
                  {formatQty(op.actualMinutes)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Scroll>
  );
}

/** A posting may be cancelled while the order is open; a backflush issue goes with its output. */
export const canCancelPosting = (mo: MoDetail, posting: MoPostingRow) =>
  posting.status === 'posted' &&
  (mo.status === 'released' || mo.status === 'in_progress') &&
  posting.outputPostingId === null;

export function PostingsTab({
  mo,
  canChange,
  onCancel,
}: {
  mo: MoDetail;
  canChange: boolean;
  onCancel: (posting: MoPostingRow) => void;
}) {
  const t = d.postings;
  if (!mo.postings.length) return <Empty>{t.empty}</Empty>;
  return (
    <ul className="grid gap-2" aria-label={d.tabs.output}>
      {mo.postings.map((p) => {
        const cancelled = p.status === 'cancelled';
        return (
          <li key={p.id} className={cn('grid gap-1.5 rounded-md border px-3 py-2 text-sm', cancelled && 'opacity-70')}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2">
                <span className={cn('font-mono font-medium', cancelled && 'line-through')}>{p.number}</span>
                <span>{moPostingKindLabels[p.kind]}</span>
                <StatusBadge label={moPostingStatusLabels[p.status]} tone={cancelled ? 'struck' : 'emerald'} />
                <span className="text-muted-foreground tabular-nums">{formatDateUk(p.postingDate)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="font-medium tabular-nums">
                  {formatMoney(p.value)} {moWebMessages.uah}
                </span>
                {canChange && canCancelPosting(mo, p) ? (
                  <Button size="sm" variant="outline" aria-label={t.cancel(p.number)} onClick={() => onCancel(p)}>
                    <Undo2Icon aria-hidden="true" />
                    <span className="hidden sm:inline">{t.cancelShort}</span>
                  </Button>
                ) : null}
              </span>
            </div>
            {p.kind === 'output' ? (
              <div className="grid gap-0.5 text-muted-foreground">
                <span>
                  {[
                    t.good(formatQty(p.goodQty ?? '0')),
                    p.scrapQty && /[1-9]/.test(p.scrapQty) ? t.scrap(formatQty(p.scrapQty)) : null,
                    p.unitCost ? t.unitCost(formatMoney(p.unitCost)) : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
                {p.materialValue !== null && p.conversionValue !== null ? (
                  <span>{t.split(formatMoney(p.materialValue), formatMoney(p.conversionValue))}</span>
                ) : null}
                {p.serials.length ? <span className="font-mono text-xs break-all">{t.serials(p.serials)}</span> : null}
              </div>
            ) : null}
            {p.outputPostingId !== null ? <span className="text-xs text-muted-foreground">{t.backflush}</span> : null}
            {p.lines.length ? (
              <ul className="grid gap-0.5 text-muted-foreground">
                {p.lines.map((line) => (
                  <li key={line.id} className="flex flex-wrap justify-between gap-x-3">
                    <span>
                      {t.line(line.sku, line.itemName, formatQty(line.qty))}
                      {isNegative(dec(line.qty)) ? ` (${t.returnMark})` : ''}
                    </span>
                    <span className="tabular-nums">{formatMoney(line.value)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {cancelled && p.cancelledAt ? (
              <span className="text-xs text-destructive">
                {t.cancelled(formatTimestampUk(p.cancelledAt), p.cancelReason)}
              </span>
            ) : null}
            {p.notes ? <span className="text-xs text-muted-foreground">{p.notes}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function TimeTab({
  mo,
  canChange,
  onCorrect,
}: {
  mo: MoDetail;
  canChange: boolean;
  onCorrect: (entry: TimeEntryRow) => void;
}) {
  const t = d.time;
  if (!mo.timeEntries.length) return <Empty>{t.empty}</Empty>;
  const correctable = canChange && mo.status !== 'completed' && mo.status !== 'cancelled';
  let minutes = dec(0);
  let labour = dec(0);
  for (const e of mo.timeEntries) {
    minutes = add(minutes, dec(e.minutes ?? '0'));
    labour = add(labour, dec(e.labour));
  }
  return (
    <div className="grid gap-2">
      <Scroll>
        <Table aria-label={d.tabs.time} className="min-w-[50rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t.worker}</TableHead>
              <TableHead>{t.operation}</TableHead>
              <TableHead>{t.period}</TableHead>
              <TableHead className="text-right">{t.minutes}</TableHead>
              <TableHead className="text-right">{t.qty}</TableHead>
              <TableHead className="text-right">{t.labour}</TableHead>
              <TableHead>{t.source}</TableHead>
              {correctable ? <TableHead className="w-10" /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {mo.timeEntries.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="min-w-36">{e.workerName}</TableCell>
                <TableCell className="min-w-36">
                  {e.operationName ? `${e.operationSeq ?? ''}. ${e.operationName}` : none}
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap tabular-nums">
                  {formatTimestampUk(e.startedAt)} – {e.endedAt ? formatTimestampUk(e.endedAt) : t.open}
                </TableCell>
                <TableCell className={num}>{e.minutes ? formatQty(e.minutes) : none}</TableCell>
                <TableCell className={num}>
                  {formatQty(e.goodQty)} / {formatQty(e.scrapQty)}
                  {e.scrapReason ? <span className="block text-xs text-muted-foreground">{e.scrapReason}</span> : null}
                </TableCell>
                <TableCell className={num}>{formatMoney(e.labour)}</TableCell>
                <TableCell>
                  <span className="flex flex-wrap gap-1">
                    <span className="text-sm">
                      {timeEntrySourceLabels[e.source as keyof typeof timeEntrySourceLabels] ?? e.source}
                    </span>
                    {e.autoClosed ? <StatusBadge label={moMessages.autoClosed} tone="amber" /> : null}
                  </span>
                </TableCell>
                {correctable ? (
                  <TableCell>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-8"
                      aria-label={t.correctEntry(e.workerName)}
                      title={t.correct}
                      onClick={() => onCorrect(e)}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scroll>
      <p className="text-right text-sm text-muted-foreground">
        {t.total(formatQty(fixed(minutes, 2)), formatMoney(fixed(labour, 2)))}
      </p>
    </div>
  );
}

export function CostTab({ mo }: { mo: MoDetail }) {
  const t = d.cost;
  const { planned, actual } = mo.costs;
  const rows = [
    ['material', t.material],
    ['labour', t.labour],
    ['overhead', t.overhead],
    ['total', t.total],
  ] as const;
  const variance = (key: (typeof rows)[number][0]) =>
    planned ? fixed(sub(dec(actual[key]), dec(planned[key])), 2) : null;
  const facts: [string, string][] = [
    [t.unitCost, mo.costs.actualUnitCost ? `${formatMoney(mo.costs.actualUnitCost)} ${moWebMessages.uah}` : none],
    [t.outputValue, `${formatMoney(mo.costs.outputValue)} ${moWebMessages.uah}`],
    [t.unabsorbed, `${formatMoney(mo.costs.unabsorbed)} ${moWebMessages.uah}`],
    [t.conversionPerUnit, `${formatMoney(mo.costs.conversionPerUnit)} ${moWebMessages.uah}`],
  ];
  return (
    <div className="grid gap-3">
      <Scroll>
        <Table aria-label={d.tabs.cost} className="min-w-[28rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t.figure}</TableHead>
              <TableHead className="text-right">{t.planned}</TableHead>
              <TableHead className="text-right">{t.actual}</TableHead>
              <TableHead className="text-right">{t.variance}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map(([key, label]) => {
              const v = key === 'total' && mo.costs.variance !== null ? mo.costs.variance : variance(key);
              return (
                <TableRow key={key} className={cn(key === 'total' && 'font-medium')}>
                  <TableCell>{label}</TableCell>
                  <TableCell className={num}>{planned ? formatMoney(planned[key]) : none}</TableCell>
                  <TableCell className={num}>{formatMoney(actual[key])}</TableCell>
                  <TableCell
                    className={cn(
                      num,
                      v !== null && /[1-9]/.test(v) && !v.startsWith('-') && 'text-red-700 dark:text-red-400',
                    )}
                  >
                    {v === null ? none : formatMoney(v)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Scroll>
      {!planned ? <p className="text-sm text-muted-foreground">{t.notPlanned}</p> : null}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 border-b py-1 text-sm">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {mo.status !== 'completed' && mo.status !== 'cancelled' ? (
        <p className="text-xs text-muted-foreground">{t.liveHint}</p>
      ) : null}
    </div>
  );
}

export function SerialsTab({ mo }: { mo: MoDetail }) {
  const t = d.serials;
  if (!mo.serialTracking && !mo.serials.length) return <Empty>{t.notTracked}</Empty>;
  if (!mo.serials.length) return <Empty>{t.empty}</Empty>;
  return (
    <Scroll>
      <Table aria-label={d.tabs.serials} className="min-w-[24rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t.value}</TableHead>
            <TableHead>{t.status}</TableHead>
            <TableHead>{t.warehouse}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mo.serials.map((s) => (
            <TableRow key={s.id}>
              <TableCell className="font-mono">{s.value}</TableCell>
              <TableCell>{serialStatusLabels[s.status as SerialStatus] ?? s.status}</TableCell>
              <TableCell>{s.warehouseName ?? none}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

export function OrdersTab({ mo, onOpenMo }: { mo: MoDetail; onOpenMo: (id: number) => void }) {
  const t = d.orders;
  const parent =
    mo.parentMoId !== null ? (
      <p className="text-sm">
        <button type="button" className="font-mono hover:underline" onClick={() => onOpenMo(mo.parentMoId!)}>
          {t.parent(mo.parentMoNumber ?? `#${mo.parentMoId}`)}
        </button>
      </p>
    ) : null;
  if (!mo.demands.length) {
    return (
      <div className="grid gap-2">
        {parent}
        <Empty>{t.empty}</Empty>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      {parent}
      <Scroll>
        <Table aria-label={d.tabs.orders} className="min-w-[40rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t.order}</TableHead>
              <TableHead>{t.client}</TableHead>
              <TableHead className="text-right">{t.qty}</TableHead>
              <TableHead className="text-right">{t.lineQty}</TableHead>
              <TableHead className="text-right">{t.reserved}</TableHead>
              <TableHead>{t.dueDate}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {mo.demands.map((demand) => (
              <TableRow key={demand.id}>
                <TableCell className="whitespace-nowrap">
                  <Link
                    href={`/orders?search=${encodeURIComponent(demand.orderNumber)}`}
                    className="font-mono hover:underline"
                    aria-label={t.openOrder(demand.orderNumber)}
                  >
                    {demand.orderNumber}
                  </Link>
                </TableCell>
                <TableCell className="min-w-36">{demand.clientName ?? none}</TableCell>
                <TableCell className={num}>{formatQty(demand.qty)}</TableCell>
                <TableCell className={num}>{formatQty(demand.lineQty)}</TableCell>
                <TableCell className={num}>{formatQty(demand.lineReserved)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <DueDate date={demand.dueDate} overdue={false} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scroll>
    </div>
  );
}

interface HistoryEvent {
  at: string;
  title: string;
  by: string | null;
  note?: string | null;
}

/** The order's story from its own record: creation, state changes, postings and their cancellations. */
export function historyOf(mo: MoDetail): HistoryEvent[] {
  const t = d.history;
  const events: HistoryEvent[] = [{ at: mo.createdAt, title: t.created, by: mo.createdByName }];
  if (mo.releasedAt) events.push({ at: mo.releasedAt, title: t.released, by: mo.releasedByName });
  if (mo.startedAt) events.push({ at: mo.startedAt, title: t.started, by: null });
  for (const p of mo.postings) {
    events.push({ at: p.createdAt, title: t.posted(moPostingKindLabels[p.kind], p.number), by: p.createdByName });
    if (p.cancelledAt) {
      events.push({ at: p.cancelledAt, title: t.postingCancelled(p.number), by: null, note: p.cancelReason });
    }
  }
  if (mo.completedAt) {
    events.push({
      at: mo.completedAt,
      title: t.completed,
      by: mo.completedByName,
      note: mo.excessHandling ? moExcessLabels[mo.excessHandling] : null,
    });
  }
  if (mo.cancelledAt) events.push({ at: mo.cancelledAt, title: t.cancelled, by: null, note: mo.cancelReason });
  return events.sort((x, y) => new Date(x.at).getTime() - new Date(y.at).getTime());
}

export function HistoryTab({ mo }: { mo: MoDetail }) {
  const events = historyOf(mo);
  return (
    <ol className="grid gap-1.5" aria-label={d.tabs.history}>
      {events.map((e, index) => (
        <li key={`${e.at}-${index}`} className="grid gap-0.5 rounded-md border px-3 py-2 text-sm">
          <span className="flex flex-wrap justify-between gap-2">
            <span className="font-medium">{e.title}</span>
            <span className="text-muted-foreground tabular-nums">{formatTimestampUk(e.at)}</span>
          </span>
          {e.by || e.note ? (
            <span className="text-muted-foreground">{[e.by, e.note].filter(Boolean).join(' — ')}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function ChildOrders({
  orders,
  onOpenMo,
}: {
  orders: { id: number; number: string; status: MoStatus }[];
  onOpenMo: (id: number) => void;
}) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      {orders.map((child) => (
        <button
          key={child.id}
          type="button"
          className="inline-flex items-center gap-1 font-mono hover:underline"
          title={moStatusLabels[child.status]}
          onClick={() => onOpenMo(child.id)}
        >
          {child.number}
          <MoStatusBadge status={child.status} />
        </button>
      ))}
    </span>
  );
}
