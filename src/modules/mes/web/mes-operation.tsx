// The operation screen: what to make, who is on it, the big action buttons ('Почати', 'Пауза', 'Продовжити',
// 'Звітувати', 'Завершити'), the instructions (operation, recipe, tech card), materials and the time booked.
import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, FlagIcon, PauseIcon, PlayIcon, SendIcon } from 'lucide-react';
import {
  mesActionLabels,
  mesTexts,
  QUEUE_POLL_MS,
  type MesAction,
  type MesActionResult,
  type MesOperationDetail,
} from '@/modules/mes/mes.contract.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import { formatDateUk, formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isMesQuery, mesOperationQueryKey } from './mes.api.ts';
import { PauseDialog, QuantityDialog, type QuantityBody } from './mes-dialogs.tsx';
import { ShortMaterialsConfirm } from './mes-short-confirm.tsx';
import type { Identity } from './mes-identify.tsx';
import { BigButton, OfflineBanner, PriorityPill, qtyText, StatusPill } from './mes-parts.tsx';
import { useMesAction, type MesTap } from './use-mes-action.ts';

export function OperationScreen({
  operationId,
  identity,
  readOnly = false,
  onBack,
}: {
  operationId: number;
  identity: Identity;
  /** Without canAccess on /mes the screen shows the operation but no actions. */
  readOnly?: boolean;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery<MesOperationDetail>({
    queryKey: mesOperationQueryKey(operationId),
    refetchInterval: QUEUE_POLL_MS,
    staleTime: 0,
  });
  const [dialog, setDialog] = useState<'pause' | 'report' | 'finish' | null>(null);

  const onSuccess = useCallback(
    (result: MesActionResult, tap: MesTap) => {
      setDialog(null);
      void queryClient.invalidateQueries({ predicate: isMesQuery });
      toast({
        title: mesTexts.done(mesActionLabels[tap.action]),
        description: result.output ? mesTexts.output(result.output.number, qtyText(result.output.goodQty)) : undefined,
      });
      if (tap.action === 'finish') onBack();
    },
    [queryClient, onBack],
  );
  const action = useMesAction(onSuccess);

  const send = (name: MesAction, body: QuantityBody = {}) =>
    void action.run({
      operationId,
      action: name,
      body: {
        workerId: identity.worker.id,
        ...(identity.badgeCode ? { badgeCode: identity.badgeCode } : {}),
        ...body,
      },
    });

  if (query.isLoading) return <StateMessage>{mesTexts.loading}</StateMessage>;
  if (query.isError || !query.data) return <StateMessage>{mesTexts.error}</StateMessage>;
  const op = query.data;
  const me = identity.worker.id;
  const mine = op.workers.some((w) => w.workerId === me);
  const workedHere = op.entries.some((e) => e.workerId === me);
  const workable = op.status === 'ready' || op.status === 'in_progress' || op.status === 'paused';
  const canResume = !mine && workable && workedHere;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <BigButton tone="neutral" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          {mesTexts.back}
        </BigButton>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xl font-bold">{op.moNumber}</span>
          <PriorityPill priority={op.priority} />
          <StatusPill status={op.status} />
        </div>
      </div>

      <section className="flex flex-col gap-2 rounded-xl border-2 border-slate-400 bg-card p-4">
        <h2 className="text-3xl leading-tight font-bold">
          {op.seq} · {op.name}
        </h2>
        <p className="text-xl">
          {op.itemName} <span className="text-muted-foreground">({op.sku})</span>
        </p>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-lg sm:grid-cols-4">
          <Fact
            label={mesTexts.good}
            value={`${qtyText(op.goodQty)} / ${qtyText(op.moQty)} ${op.unitShortName ?? ''}`}
          />
          <Fact label={mesTexts.scrap} value={qtyText(op.scrapQty)} />
          {op.available !== null ? <Fact label={mesTexts.available} value={qtyText(op.available)} /> : null}
          <Fact label={mesTexts.planned} value={qtyText(op.plannedMinutes)} />
          {op.dueDate ? <Fact label={mesTexts.due} value={formatDateUk(op.dueDate)} /> : null}
          {op.equipment ? <Fact label="Обладнання" value={op.equipment} /> : null}
        </dl>
        <p className="text-base text-muted-foreground">
          {op.workers.length
            ? `${mesTexts.onIt}: ${op.workers.map((w) => (w.workerId === me ? `${w.name} (${mesTexts.you})` : w.name)).join(', ')}`
            : mesTexts.nobody}
          {op.isLast ? ` · ${mesTexts.last}` : ''}
        </p>
      </section>

      {action.failed && dialog === null ? (
        <OfflineBanner busy={action.busy} onRetry={() => void action.retry()} />
      ) : null}
      {action.error && dialog === null ? (
        <p role="alert" className="rounded-xl bg-red-700 px-4 py-3 text-xl font-semibold text-white">
          {action.error}
        </p>
      ) : null}

      <div className={readOnly ? 'hidden' : 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4'}>
        {!mine && workable && !canResume ? (
          <BigButton tone="start" disabled={action.busy} onClick={() => send('start')}>
            <PlayIcon aria-hidden="true" />
            {mesActionLabels.start}
          </BigButton>
        ) : null}
        {canResume ? (
          <BigButton tone="start" disabled={action.busy} onClick={() => send('resume')}>
            <PlayIcon aria-hidden="true" />
            {mesActionLabels.resume}
          </BigButton>
        ) : null}
        {mine ? (
          <>
            <BigButton tone="pause" disabled={action.busy} onClick={() => openDialog('pause')}>
              <PauseIcon aria-hidden="true" />
              {mesActionLabels.pause}
            </BigButton>
            <BigButton tone="report" disabled={action.busy} onClick={() => openDialog('report')}>
              <SendIcon aria-hidden="true" />
              {mesActionLabels.report}
            </BigButton>
          </>
        ) : null}
        {mine || workedHere ? (
          <BigButton tone="finish" disabled={action.busy} onClick={() => openDialog('finish')}>
            <FlagIcon aria-hidden="true" />
            {mesActionLabels.finish}
          </BigButton>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Instructions op={op} />
        <Materials op={op} />
      </div>
      <Entries op={op} />

      <PauseDialog
        open={dialog === 'pause'}
        onOpenChange={(open) => !open && setDialog(null)}
        busy={action.busy}
        error={action.error}
        onRetry={action.failed ? () => void action.retry() : null}
        onPause={(pauseReason) => send('pause', { pauseReason })}
      />
      <QuantityDialog
        mode={dialog === 'report' || dialog === 'finish' ? dialog : null}
        operation={op}
        busy={action.busy}
        error={action.error}
        onRetry={action.failed ? () => void action.retry() : null}
        onOpenChange={(open) => !open && setDialog(null)}
        onSubmit={(body) => send(dialog === 'finish' ? 'finish' : 'report', body)}
      />
      <ShortMaterialsConfirm
        question={action.question?.text ?? null}
        busy={action.busy}
        onConfirm={() => void action.confirm()}
        onCancel={action.clearError}
      />
    </div>
  );

  function openDialog(name: 'pause' | 'report' | 'finish') {
    action.clearError();
    setDialog(name);
  }
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-bold">{value}</dd>
    </div>
  );
}

function Instructions({ op }: { op: MesOperationDetail }) {
  const { operation, recipe, techCard } = op.instructions;
  const parts = [
    operation ? { title: mesTexts.operationInstructions, text: operation } : null,
    recipe?.instructions
      ? { title: `${mesTexts.recipeInstructions}: ${recipe.name}`, text: recipe.instructions }
      : null,
    techCard?.notes ? { title: `${mesTexts.techCardNotes}: ${techCard.name}`, text: techCard.notes } : null,
    op.moNotes ? { title: op.moNumber, text: op.moNotes } : null,
  ].filter((p): p is { title: string; text: string } => p !== null);
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4" aria-labelledby="mes-instructions">
      <h3 id="mes-instructions" className="text-xl font-bold">
        {mesTexts.instructions}
      </h3>
      {parts.length === 0 ? (
        <p className="text-muted-foreground">{mesTexts.noInstructions}</p>
      ) : (
        parts.map((p) => (
          <div key={p.title}>
            <h4 className="font-semibold">{p.title}</h4>
            <p className="text-lg whitespace-pre-wrap">{p.text}</p>
          </div>
        ))
      )}
    </section>
  );
}

function Materials({ op }: { op: MesOperationDetail }) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4" aria-labelledby="mes-materials">
      <h3 id="mes-materials" className="text-xl font-bold">
        {mesTexts.materials}
      </h3>
      {op.materials.length === 0 ? (
        <p className="text-muted-foreground">{mesTexts.noMaterials}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-base">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-3 font-medium">{mesTexts.sku}</th>
                <th className="py-1 pr-3 font-medium">{mesTexts.name}</th>
                <th className="py-1 pr-3 text-right font-medium">{mesTexts.required}</th>
                <th className="py-1 text-right font-medium">{mesTexts.issued}</th>
              </tr>
            </thead>
            <tbody>
              {op.materials.map((m) => (
                <tr key={m.id} className="border-t">
                  <td className="py-2 pr-3 whitespace-nowrap">{m.sku}</td>
                  <td className="py-2 pr-3">{m.name}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                    {qtyText(m.requiredQty)} {m.unitShortName ?? ''}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">{qtyText(m.issuedQty)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Entries({ op }: { op: MesOperationDetail }) {
  if (!op.entries.length) return null;
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4" aria-labelledby="mes-entries">
      <h3 id="mes-entries" className="text-xl font-bold">
        {mesTexts.entries}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-base">
          <tbody>
            {op.entries.map((e) => (
              <tr key={e.id} className="border-t">
                <td className="py-2 pr-3 whitespace-nowrap">{e.workerName}</td>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                  {formatTimestampUk(e.startedAt)} – {e.endedAt ? formatTimestampUk(e.endedAt).slice(11) : '…'}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {e.minutes !== null ? `${qtyText(e.minutes)} ${mesTexts.minutes}` : ''}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                  {mesTexts.good}: {qtyText(e.goodQty)}
                  {e.scrapQty !== '0.0000' ? ` · ${mesTexts.scrap}: ${qtyText(e.scrapQty)}` : ''}
                </td>
                <td className="py-2 text-muted-foreground">{e.pauseReason ?? e.scrapReason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
