// The drawer of one repair (production.md §7 Page): its badges, the action bar — the next status as the one primary
// step, 'Виставити рахунок' for a paid repair, 'Квитанція' and 'Акт'; 'Відмова', 'Видати без оплати' and 'Видалити'
// under 'Ще', each behind a confirmation — and the tabs 'Опис', 'Запчастини', 'Час', 'Вартість', 'Історія', 'Файли'.
// The server guards every step; its refusal shows above the tabs in its own (Ukrainian) words.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  BanIcon,
  CheckIcon,
  ChevronRightIcon,
  HandCoinsIcon,
  PrinterIcon,
  ReceiptIcon,
  Trash2Icon,
} from 'lucide-react';
import {
  repairMessages,
  repairStatusLabels,
  type Repair,
  type RepairStatus,
} from '@/modules/repairs/repairs.contract.ts';
import { DocumentActionBar, ReasonDialog, type DocumentAction } from '@/web/components/document-actions.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { DocumentSheet, DocumentTabs } from '@/web/components/document-drawer.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { RepairStatusBadge, WarrantyBadge } from './repair-badges.tsx';
import { CostTab, DescriptionTab, HistoryTab } from './repair-tabs.tsx';
import { FilesTab } from './repair-files-tab.tsx';
import { PartsTab } from './repair-parts-tab.tsx';
import { TimeTab } from './repair-time-tab.tsx';
import { isRepairQuery, printUrl, repairQueryKey, repairsApi } from './repairs.api.ts';
import { repairsWebMessages } from './repairs-web.messages.ts';

const d = repairsWebMessages.drawer;

/** The one next status of each status on the way to 'Видано' (none after it). */
const nextStatus: Partial<Record<RepairStatus, RepairStatus>> = {
  received: 'diagnosed',
  diagnosed: 'in_repair',
  in_repair: 'ready',
  ready: 'returned',
};

const confirmTitles = {
  delete: d.deleteTitle,
  invoice: d.invoiceTitle,
  approve: d.approveTitle,
};
const confirmDescriptions = {
  delete: d.deleteDescription,
  invoice: d.invoiceDescription,
  approve: d.approveDescription,
};
const confirmLabels = { delete: d.delete, invoice: d.invoice, approve: d.approve };

type Pending =
  | { kind: 'status'; to: RepairStatus }
  | { kind: 'reject' }
  | { kind: 'returnUnpaid' }
  | { kind: 'delete' }
  | { kind: 'invoice' }
  | { kind: 'approve' };

export function RepairDrawer({
  repairId,
  canChange,
  onClose,
}: {
  repairId: number;
  canChange: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery<Repair>({ queryKey: repairQueryKey(repairId) });
  const repair = query.data;
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** After any change: this repair, its lists and the stats are asked again. */
  function refresh(next?: Repair) {
    if (next) queryClient.setQueryData(repairQueryKey(repairId), next);
    void queryClient.invalidateQueries({ predicate: isRepairQuery });
  }

  const run = useMutation({
    mutationFn: async (step: { pending: Pending; comment: string }): Promise<Repair | null> => {
      const p = step.pending;
      if (!repair) return null;
      if (p.kind === 'status') return repairsApi.changeStatus(repair.id, { to: p.to, comment: step.comment });
      if (p.kind === 'reject') return repairsApi.changeStatus(repair.id, { to: 'cancelled', comment: step.comment });
      if (p.kind === 'returnUnpaid') return repairsApi.returnUnpaid(repair.id, step.comment);
      if (p.kind === 'approve') return repairsApi.update(repair.id, { version: repair.version, clientApproved: true });
      if (p.kind === 'invoice') {
        const result = await repairsApi.invoice(repair.id);
        toast({ title: d.invoiced, description: result.orderNumber });
        return result.repair;
      }
      await repairsApi.remove(repair.id);
      return null;
    },
    onMutate: () => setFailure(null),
    onSuccess: (next, step) => {
      setPending(null);
      const p = step.pending;
      if (p.kind === 'delete') {
        toast({ title: d.deleted, description: repair?.number });
        void queryClient.invalidateQueries({ predicate: isRepairQuery });
        onClose();
        return;
      }
      if (p.kind === 'approve') toast({ title: d.approvedToast, description: repair?.number });
      else if (p.kind !== 'invoice' && next)
        toast({ title: d.statusChanged(repairStatusLabels[next.status]), description: next.number });
      refresh(next ?? undefined);
    },
    onError: (error) => {
      setPending(null);
      setFailure(serverMessageOf(error) ?? d.failed);
    },
  });

  return (
    <DocumentSheet
      doc={repair}
      query={query}
      loadTexts={{ loading: d.loading, loadError: d.loadError, retry: repairsWebMessages.retry }}
      title={repair ? d.title(repair.number) : repairsWebMessages.title}
      badges={
        repair ? (
          <>
            <RepairStatusBadge status={repair.status} />
            <WarrantyBadge warranty={repair.isWarranty} />
          </>
        ) : null
      }
      description={repair ? [repair.itemName, repair.serial, repair.clientName].filter(Boolean).join(' · ') : d.loading}
      className="sm:max-w-3xl"
      busy={run.isPending}
      onClose={onClose}
      dialogs={
        <>
          {repair && pending?.kind === 'status' ? (
            <StatusDialog
              title={d.statusTitle(repairStatusLabels[pending.to])}
              pending={run.isPending}
              onConfirm={(comment) => run.mutate({ pending, comment })}
              onClose={() => setPending(null)}
            />
          ) : null}
          {repair && (pending?.kind === 'reject' || pending?.kind === 'returnUnpaid') ? (
            <ReasonDialog
              title={pending.kind === 'reject' ? d.rejectTitle(repair.number) : d.returnUnpaidTitle(repair.number)}
              description={pending.kind === 'reject' ? d.rejectDescription : d.returnUnpaidDescription}
              confirmLabel={pending.kind === 'reject' ? d.reject : d.returnUnpaid}
              cancelLabel={d.back}
              destructive={pending.kind === 'reject'}
              pending={run.isPending}
              onConfirm={(comment) => run.mutate({ pending, comment })}
              onClose={() => setPending(null)}
            />
          ) : null}
          {repair && (pending?.kind === 'delete' || pending?.kind === 'invoice' || pending?.kind === 'approve') ? (
            <ConfirmDialog
              title={confirmTitles[pending.kind](repair.number)}
              description={confirmDescriptions[pending.kind]}
              confirmLabel={confirmLabels[pending.kind]}
              cancelLabel={d.back}
              destructive={pending.kind === 'delete'}
              pending={run.isPending}
              onConfirm={() => run.mutate({ pending, comment: '' })}
              onClose={() => setPending(null)}
            />
          ) : null}
        </>
      }
    >
      {(repair) => (
        <>
          <RepairActions
            repair={repair}
            canChange={canChange}
            busy={run.isPending}
            onStep={(step) => {
              setFailure(null);
              setPending(step);
            }}
          />
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <DocumentTabs
            tabs={[
              {
                value: 'description',
                label: d.tabs.description,
                content: (
                  <DescriptionTab repair={repair} canChange={canChange} onChanged={refresh} onFailure={setFailure} />
                ),
              },
              {
                value: 'parts',
                label: d.tabs.parts,
                content: <PartsTab repair={repair} canChange={canChange} onChanged={() => refresh()} />,
              },
              {
                value: 'time',
                label: d.tabs.time,
                content: <TimeTab repair={repair} canChange={canChange} onChanged={() => refresh()} />,
              },
              { value: 'cost', label: d.tabs.cost, content: <CostTab repair={repair} /> },
              { value: 'history', label: d.tabs.history, content: <HistoryTab repairId={repair.id} /> },
              { value: 'files', label: d.tabs.files, content: <FilesTab repairId={repair.id} canChange={canChange} /> },
            ]}
          />
        </>
      )}
    </DocumentSheet>
  );
}

/** The buttons of the repair's state: changes only with canChange, the prints for everyone who sees it. */
function RepairActions({
  repair,
  canChange,
  busy,
  onStep,
}: {
  repair: Repair;
  canChange: boolean;
  busy: boolean;
  onStep: (step: Pending) => void;
}) {
  const next = nextStatus[repair.status];
  // A paid repair starts only once the client agreed (§7 guard): said on the button before it is pressed.
  const awaitsApproval = next === 'in_repair' && !repair.isWarranty && !repair.clientApproved;
  const primary: DocumentAction | null =
    canChange && next && repair.allowedTransitions.includes(next)
      ? {
          id: 'next',
          label: d.next(repairStatusLabels[next]),
          icon: <ChevronRightIcon aria-hidden="true" />,
          disabled: busy || awaitsApproval,
          disabledReason: awaitsApproval ? repairMessages.needsApproval : undefined,
          onSelect: () => onStep({ kind: 'status', to: next }),
        }
      : null;
  const secondary: DocumentAction[] = [];
  const open = repair.status !== 'returned' && repair.status !== 'cancelled';
  if (canChange && open && !repair.isWarranty && !repair.clientApproved) {
    secondary.push({
      id: 'approve',
      label: d.approve,
      icon: <CheckIcon aria-hidden="true" />,
      disabled: busy,
      onSelect: () => onStep({ kind: 'approve' }),
    });
  }
  if (canChange && repair.canInvoice) {
    secondary.push({
      id: 'invoice',
      label: d.invoice,
      icon: <ReceiptIcon aria-hidden="true" />,
      disabled: busy,
      onSelect: () => onStep({ kind: 'invoice' }),
    });
  }
  secondary.push(
    {
      id: 'print-intake',
      label: d.printIntake,
      icon: <PrinterIcon aria-hidden="true" />,
      onSelect: () => window.open(printUrl(repair.id, 'intake'), '_blank'),
    },
    {
      id: 'print-act',
      label: d.printAct,
      icon: <PrinterIcon aria-hidden="true" />,
      onSelect: () => window.open(printUrl(repair.id, 'act'), '_blank'),
    },
  );
  const more: DocumentAction[] = [];
  // A step back of the state table ('Діагностовано' → 'Прийнято' and so on), never the primary one.
  for (const to of repair.allowedTransitions) {
    if (!canChange || to === next || to === 'cancelled') continue;
    more.push({
      id: `status-${to}`,
      label: d.backTo(repairStatusLabels[to]),
      onSelect: () => onStep({ kind: 'status', to }),
    });
  }
  if (canChange && repair.status === 'ready' && !repair.isWarranty && !repair.billingOrderPaid) {
    more.push({
      id: 'return-unpaid',
      label: d.returnUnpaid,
      icon: <HandCoinsIcon aria-hidden="true" />,
      onSelect: () => onStep({ kind: 'returnUnpaid' }),
    });
  }
  if (canChange && repair.allowedTransitions.includes('cancelled')) {
    more.push({
      id: 'reject',
      label: d.reject,
      icon: <BanIcon aria-hidden="true" />,
      destructive: true,
      onSelect: () => onStep({ kind: 'reject' }),
    });
  }
  if (canChange && repair.canDelete) {
    more.push({
      id: 'delete',
      label: d.delete,
      icon: <Trash2Icon aria-hidden="true" />,
      destructive: true,
      onSelect: () => onStep({ kind: 'delete' }),
    });
  }
  return (
    <div className="grid gap-2">
      <DocumentActionBar primary={primary} secondary={secondary} more={more} />
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        {!repair.isWarranty && open ? (
          <span className="inline-flex items-center gap-1.5">
            {repair.clientApproved ? <CheckIcon className="size-4 text-emerald-600" aria-hidden="true" /> : null}
            {repair.clientApproved && repair.clientApprovedAt
              ? d.approved(formatTimestampUk(repair.clientApprovedAt))
              : d.notApproved}
          </span>
        ) : null}
        {repair.billingOrderNumber ? (
          <span>
            {repair.billingOrderId !== null ? (
              // The order the invoice is: its payment and shipment are made there.
              <Link href={`/orders?open=${repair.billingOrderId}`} className="underline underline-offset-4">
                {d.order(repair.billingOrderNumber)}
              </Link>
            ) : (
              d.order(repair.billingOrderNumber)
            )}{' '}
            · {repair.billingOrderPaid ? d.orderPaid : d.orderUnpaid}
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** A status step: a confirmation with an optional comment, written to the history. */
function StatusDialog({
  title,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  pending: boolean;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  return (
    <ConfirmDialog
      title={title}
      description={null}
      confirmLabel={d.confirm}
      cancelLabel={d.back}
      pending={pending}
      onConfirm={() => onConfirm(comment.trim())}
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Label htmlFor="repair-status-comment">{d.statusComment}</Label>
        <Textarea
          id="repair-status-comment"
          rows={2}
          maxLength={500}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
