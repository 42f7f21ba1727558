// The plain tabs of a repair's drawer (production.md §7 Page): 'Опис' (the intake facts, and while the repair is open
// the diagnosis, the work done, the estimate, the worker and the client's approval, saved with the repair's
// version), 'Вартість' (parts at AVCO, labour, total) and 'Історія' (every status change with its user and comment).
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { repairStatusLabels, type Repair, type RepairHistoryRow } from '@/modules/repairs/repairs.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { DocumentFacts, type DocumentFact } from '@/web/components/document-view.tsx';
import { LineDecimalInput } from '@/web/components/document-lines.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput, formatDateUk, formatMoney, formatQty, formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { formatDayUk } from './repair-badges.tsx';
import { repairHistoryQueryKey, repairsApi } from './repairs.api.ts';
import { repairsWebMessages } from './repairs-web.messages.ts';

const d = repairsWebMessages.drawer;
const none = repairsWebMessages.none;

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-sm text-muted-foreground">{children}</p>;
}

export function Scroll({ children }: { children: ReactNode }) {
  return <div className="min-w-0 overflow-x-auto rounded-lg border">{children}</div>;
}

/** '41,5' or '41.5' → '41.5'; '' stays '' (no estimate). */
const apiDecimal = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');

export function DescriptionTab({
  repair,
  canChange,
  onChanged,
  onFailure,
}: {
  repair: Repair;
  canChange: boolean;
  onChanged: (next: Repair) => void;
  onFailure: (message: string | null) => void;
}) {
  const f = d.facts;
  const facts: DocumentFact[] = [
    [f.item, repair.itemName],
    [f.serial, repair.serial ?? none],
    [f.client, repair.clientName],
    [f.intakeDate, formatDateUk(repair.intakeDate)],
    ...(repair.contactName ? [[f.contact, repair.contactName] as DocumentFact] : []),
    [f.soldAt, repair.soldAt ? formatDayUk(repair.soldAt) : none],
    [f.warrantyUntil, repair.warrantyUntil ? formatDateUk(repair.warrantyUntil) : none],
    ...(repair.warrantyOverrideReason ? [[f.overrideReason, repair.warrantyOverrideReason] as DocumentFact] : []),
    [f.problem, repair.problemDescription],
    [f.accessories, repair.accessories ?? none],
    [f.visualDamage, repair.visualDamage ?? none],
    ...(repair.notes ? [[f.notes, repair.notes] as DocumentFact] : []),
    ...(repair.returnedAt ? [[f.returnedAt, formatTimestampUk(repair.returnedAt)] as DocumentFact] : []),
    ...(repair.returnedWithoutPaymentReason
      ? [[f.withoutPayment, repair.returnedWithoutPaymentReason] as DocumentFact]
      : []),
  ];
  const open = repair.status !== 'returned' && repair.status !== 'cancelled';
  return (
    <div className="grid min-w-0 gap-5">
      <DocumentFacts facts={facts} />
      {canChange && open ? (
        <WorkForm key={repair.version} repair={repair} onChanged={onChanged} onFailure={onFailure} />
      ) : (
        <DocumentFacts
          facts={[
            [f.worker, repair.assignedWorkerName ?? none],
            [f.diagnosis, repair.diagnosis ?? none],
            [f.workDone, repair.workDone ?? none],
            [f.estimatedCost, repair.estimatedCost ? formatMoney(repair.estimatedCost) : none],
          ]}
        />
      )}
    </div>
  );
}

/** The repairer's part: worker, diagnosis, work done, estimate; only the changed fields are sent. */
function WorkForm({
  repair,
  onChanged,
  onFailure,
}: {
  repair: Repair;
  onChanged: (next: Repair) => void;
  onFailure: (message: string | null) => void;
}) {
  const id = useId();
  const f = d.facts;
  const [worker, setWorker] = useState(
    repair.assignedWorkerId === null ? null : { id: repair.assignedWorkerId, label: repair.assignedWorkerName ?? '' },
  );
  const [diagnosis, setDiagnosis] = useState(repair.diagnosis ?? '');
  const [workDone, setWorkDone] = useState(repair.workDone ?? '');
  const [estimate, setEstimate] = useState(repair.estimatedCost ? decimalInput(repair.estimatedCost) : '');
  const save = useMutation({
    mutationFn: (patch: Parameters<typeof repairsApi.update>[1]) => repairsApi.update(repair.id, patch),
    onMutate: () => onFailure(null),
    onSuccess: (next) => {
      toast({ title: d.edit.saved, description: next.number });
      onChanged(next);
    },
    onError: (error) => onFailure(serverMessageOf(error) ?? d.failed),
  });

  function submit() {
    const patch: Parameters<typeof repairsApi.update>[1] = { version: repair.version };
    if ((worker?.id ?? null) !== repair.assignedWorkerId) patch.assignedWorkerId = worker?.id ?? null;
    if (diagnosis.trim() !== (repair.diagnosis ?? '')) patch.diagnosis = diagnosis.trim() || null;
    if (workDone.trim() !== (repair.workDone ?? '')) patch.workDone = workDone.trim() || null;
    const estimatedCost = apiDecimal(estimate) || null;
    if (estimatedCost !== (repair.estimatedCost ? apiDecimal(decimalInput(repair.estimatedCost)) : null))
      patch.estimatedCost = estimatedCost;
    save.mutate(patch);
  }

  const area = (name: string, label: string, value: string, set: (v: string) => void) => (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Textarea
        id={`${id}-${name}`}
        rows={2}
        maxLength={2000}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <form
      className="grid min-w-0 gap-4 rounded-lg border p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 content-start gap-2">
          <Label htmlFor={`${id}-worker`}>{d.edit.worker}</Label>
          <ReferencePicker
            id={`${id}-worker`}
            route="/workers"
            value={worker?.id ?? null}
            valueLabel={worker?.label ?? null}
            clearLabel={d.edit.workerPlaceholder}
            onChange={(value, label) => setWorker(value === null ? null : { id: value, label: label ?? '' })}
          />
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <Label htmlFor={`${id}-estimate`}>{f.estimatedCost}</Label>
          <LineDecimalInput id={`${id}-estimate`} value={estimate} onChange={(e) => setEstimate(e.target.value)} />
        </div>
        {area('diagnosis', f.diagnosis, diagnosis, setDiagnosis)}
        {area('workDone', f.workDone, workDone, setWorkDone)}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {d.edit.save}
        </Button>
      </div>
    </form>
  );
}

export function CostTab({ repair }: { repair: Repair }) {
  const c = repairsWebMessages.cost;
  const costs = repair.costs;
  const rows: [string, string][] = [
    [c.parts, costs.partsCost],
    [c.labour(formatQty(costs.hours)), costs.labourCost],
  ];
  return (
    <div className="grid min-w-0 gap-3">
      <Scroll>
        <Table aria-label={d.tabs.cost}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell className="whitespace-normal">{label}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(value)}</TableCell>
              </TableRow>
            ))}
            <TableRow className="font-semibold">
              <TableCell>{c.total}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(costs.total)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Scroll>
      {repair.isWarranty ? (
        <p className="text-sm text-muted-foreground">{c.warrantyNote}</p>
      ) : (
        <DocumentFacts
          facts={[
            [c.partsForClient, formatMoney(costs.partsPriceForClient)],
            [c.hourPrice, formatMoney(costs.hourPrice)],
            [c.billable, formatMoney(costs.billable)],
          ]}
        />
      )}
    </div>
  );
}

export function HistoryTab({ repairId }: { repairId: number }) {
  const h = repairsWebMessages.history;
  // Every change of the repair invalidates its keys (isRepairQuery), so a status change asks for the history again.
  const query = useQuery<RepairHistoryRow[]>({ queryKey: repairHistoryQueryKey(repairId) });
  if (query.isError && !query.data) {
    return (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={d.loadError}
          retryText={repairsWebMessages.retry}
          onRetry={query.refetch}
        />
      </StateMessage>
    );
  }
  if (!query.data) return <Empty>{d.loading}</Empty>;
  if (!query.data.length) return <Empty>{h.empty}</Empty>;
  return (
    <Scroll>
      <Table aria-label={d.tabs.history} className="min-w-[36rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{h.at}</TableHead>
            <TableHead>{h.change}</TableHead>
            <TableHead>{h.user}</TableHead>
            <TableHead>{h.comment}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="tabular-nums whitespace-nowrap">{formatTimestampUk(row.at)}</TableCell>
              <TableCell>
                {row.from ? `${repairStatusLabels[row.from]} → ` : ''}
                {repairStatusLabels[row.to]}
              </TableCell>
              <TableCell>{row.userName ?? none}</TableCell>
              <TableCell className="whitespace-normal">{row.comment ?? none}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}
