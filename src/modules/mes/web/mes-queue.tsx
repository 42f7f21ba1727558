// The queue as big cards (production.md §6 'Queue'): workable operations first (priority, due date, MO, seq, as
// the server sorts them), then the pending ones greyed under 'Наступні'. Polled every 15 s.
import { useQuery } from '@tanstack/react-query';
import { mesTexts, QUEUE_POLL_MS, type MesQueueRow } from '@/modules/mes/mes.contract.ts';
import { moMessages } from '@/modules/manufacturing/manufacturing.contract.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { mesQueueQueryFn, mesQueueQueryKey } from './mes.api.ts';
import { PriorityPill, qtyText, StatusPill } from './mes-parts.tsx';

export function QueueView({
  departmentId,
  workerId,
  onOpen,
}: {
  departmentId: number | null;
  workerId: number;
  onOpen: (operationId: number) => void;
}) {
  const query = useQuery({
    queryKey: mesQueueQueryKey(departmentId),
    queryFn: mesQueueQueryFn,
    refetchInterval: QUEUE_POLL_MS,
    staleTime: 0,
  });
  if (query.isLoading) return <StateMessage>{mesTexts.loading}</StateMessage>;
  if (query.isError) return <StateMessage>{mesTexts.error}</StateMessage>;
  const rows = query.data?.items ?? [];
  const workable = rows.filter((r) => r.status !== 'pending');
  const next = rows.filter((r) => r.status === 'pending');
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="mes-queue-title" className="flex flex-col gap-3">
        <h2 id="mes-queue-title" className="text-2xl font-bold">
          {mesTexts.queue}
        </h2>
        {workable.length === 0 ? (
          <StateMessage>{mesTexts.emptyQueue}</StateMessage>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {workable.map((row) => (
              <li key={row.id}>
                <OperationCard row={row} workerId={workerId} onOpen={() => onOpen(row.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {next.length ? (
        <section aria-labelledby="mes-next-title" className="flex flex-col gap-3">
          <h2 id="mes-next-title" className="text-xl font-bold text-muted-foreground">
            {mesTexts.next}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {next.map((row) => (
              <li key={row.id}>
                <OperationCard row={row} workerId={workerId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function OperationCard({ row, workerId, onOpen }: { row: MesQueueRow; workerId: number; onOpen?: () => void }) {
  const mine = row.workers.some((w) => w.workerId === workerId);
  const greyed = !onOpen;
  return (
    <button
      type="button"
      disabled={greyed}
      onClick={onOpen}
      aria-label={`${row.moNumber}, ${row.seq} ${row.name}`}
      className={cn(
        'flex min-h-32 w-full flex-col gap-2 rounded-xl border-2 bg-card p-4 text-left shadow-sm outline-none',
        'focus-visible:ring-4 focus-visible:ring-blue-500',
        greyed ? 'cursor-default border-dashed border-slate-300 opacity-55' : 'border-slate-400 hover:border-slate-900',
        mine && 'border-green-700 ring-4 ring-green-200 dark:ring-green-900',
        row.priority === 'urgent' && !greyed && !mine && 'border-red-700',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold">{row.moNumber}</span>
        <PriorityPill priority={row.priority} />
        <span className="ml-auto">
          <StatusPill status={row.status} />
        </span>
      </div>
      <div className="text-xl leading-tight font-bold">
        {row.seq} · {row.name}
      </div>
      <div className="text-base">
        {row.itemName} <span className="text-muted-foreground">({row.sku})</span>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-base">
        <span>
          {mesTexts.good}: <b>{qtyText(row.goodQty)}</b> / {qtyText(row.moQty)} {row.unitShortName ?? ''}
        </span>
        {row.scrapQty !== '0.0000' ? (
          <span className="text-red-700 dark:text-red-400">
            {mesTexts.scrap}: <b>{qtyText(row.scrapQty)}</b>
          </span>
        ) : null}
        {row.dueDate ? (
          <span>
            {mesTexts.due}: {formatDateUk(row.dueDate)}
          </span>
        ) : null}
      </div>
      {row.materialsShort.length ? (
        <div className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-900/40 dark:text-amber-100">
          <b>{mesTexts.materialsShort}</b>
          <ul>
            {row.materialsShort.map((line) => (
              <li key={line.itemId}>{moMessages.shortLine(line)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="text-sm text-muted-foreground">
        {row.workers.length
          ? `${mesTexts.onIt}: ${row.workers.map((w) => (w.workerId === workerId ? `${w.name} (${mesTexts.you})` : w.name)).join(', ')}`
          : mesTexts.nobody}
      </div>
    </button>
  );
}
