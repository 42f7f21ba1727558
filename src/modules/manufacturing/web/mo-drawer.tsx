// The drawer of one manufacturing order (production.md §4 Page): its facts, the warning 'Специфікація змінилась
// після запуску', the buttons the state table allows (moAllowedActions; changes only with canAccess, prints for
// everyone who sees the order) and the tabs. Every change asks first; destructive ones need a reason.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  BanIcon,
  CheckCheckIcon,
  GitBranchPlusIcon,
  Loader2Icon,
  PackageMinusIcon,
  PackagePlusIcon,
  PencilIcon,
  PlayIcon,
  PrinterIcon,
  RocketIcon,
  TagIcon,
  TagsIcon,
  Trash2Icon,
  Undo2Icon,
} from 'lucide-react';
import {
  moActionLabels,
  moAllowedActions,
  moExcessLabels,
  moMessages,
  type MoDetail,
  type MoPostingRow,
  type TimeEntryRow,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { LabelsDialog } from '@/modules/labels/web/index.ts';
import { dec, isZero } from '@/shared/decimal.ts';
import { DocumentSheet, DocumentTabs } from '@/web/components/document-drawer.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { failureToast, toast } from '@/web/lib/use-toast.ts';
import {
  DueDate,
  MoStatusBadge,
  PriorityBadge,
  ProducedProgress,
  formatDateUk,
  formatQty,
  formatTimestampUk,
} from './manufacturing-parts.tsx';
import { isMoQuery, moQueryKey, moRequests, openPrint } from './manufacturing.api.ts';
import { moWebMessages } from './manufacturing.messages.ts';
import { CompleteDialog, ReasonDialog, SimpleActionDialog, TimeEntryDialog, type SimpleAction } from './mo-actions.tsx';
import { IssueDialog, OutputDialog } from './mo-posting-dialogs.tsx';
import { MoLinks } from './mo-related.tsx';
import { MaterialsAvailability, ReadyToCompleteBadge } from './mo-availability.tsx';
import {
  ChildOrders,
  CostTab,
  HistoryTab,
  MaterialsTab,
  OperationsTab,
  OrdersTab,
  PostingsTab,
  SerialsTab,
  TimeTab,
} from './mo-tabs.tsx';

const d = moWebMessages.drawer;

/** Every button of the state table, in the order the drawer shows them. */
type MoAction =
  | 'edit'
  | 'release'
  | 'unrelease'
  | 'start'
  | 'issue'
  | 'output'
  | 'complete'
  | 'childOrders'
  | 'traveler'
  | 'labels'
  | 'outputLabels'
  | 'cancel'
  | 'delete';
const actionOrder: readonly MoAction[] = [
  'release',
  'start',
  'issue',
  'output',
  'complete',
  'childOrders',
  'edit',
  'traveler',
  'labels',
  'outputLabels',
  'unrelease',
  'cancel',
  'delete',
];
const icons: Record<MoAction, typeof PlayIcon> = {
  edit: PencilIcon,
  release: RocketIcon,
  unrelease: Undo2Icon,
  start: PlayIcon,
  issue: PackageMinusIcon,
  output: PackagePlusIcon,
  complete: CheckCheckIcon,
  childOrders: GitBranchPlusIcon,
  traveler: PrinterIcon,
  labels: TagIcon,
  outputLabels: TagsIcon,
  cancel: BanIcon,
  delete: Trash2Icon,
};
const labels: Record<MoAction, string> = {
  ...moActionLabels,
  edit: d.edit,
  delete: d.delete,
  outputLabels: d.outputLabels,
};
/** Prints change nothing: offered to viewers too. */
const readOnlyActions: readonly MoAction[] = ['traveler', 'labels', 'outputLabels'];
const primaryActions: readonly MoAction[] = ['release', 'start', 'output', 'complete'];
/** The full quantity produced: 'Завершити' is the one next step (issue 21). */
const primaryOf = (mo: MoDetail): readonly MoAction[] => (mo.readyToComplete ? ['complete'] : primaryActions);

type Pending =
  | { kind: 'simple'; action: SimpleAction }
  | { kind: 'cancel' }
  | { kind: 'issue' }
  | { kind: 'output' }
  | { kind: 'complete' }
  | { kind: 'outputLabels' }
  | { kind: 'posting'; posting: MoPostingRow }
  | { kind: 'time'; entry: TimeEntryRow };

/** The actions the state allows and this user may take. */
export function offeredActions(mo: MoDetail, canChange: boolean): MoAction[] {
  const allowed = moAllowedActions[mo.status] as readonly string[];
  const hasSemiFinished = mo.materials.some((m) => m.kind === 'semi_finished');
  const order = mo.readyToComplete
    ? ['complete' as const, ...actionOrder.filter((a) => a !== 'complete')]
    : actionOrder;
  return order.filter(
    (action) =>
      // 'Етикетки випуску' (the output's labels): once something is output (the labels' dialog, one per unit or serial).
      (action === 'outputLabels' ? !isZero(dec(mo.producedQty)) : allowed.includes(action)) &&
      (canChange || readOnlyActions.includes(action)) &&
      (action !== 'childOrders' || hasSemiFinished),
  );
}

export function MoDrawer({
  moId,
  canChange,
  onEdit,
  onOpen,
  onClose,
}: {
  moId: number;
  canChange: boolean;
  onEdit: (id: number) => void;
  /** Opens another order (a parent or a child). */
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const query = useQuery<MoDetail>({ queryKey: moQueryKey(moId) });
  const mo = query.data;
  const [pending, setPending] = useState<Pending | null>(null);
  const done = () => setPending(null);
  return (
    <DocumentSheet
      doc={mo}
      query={query}
      loadTexts={{ loading: d.loading, loadError: d.loadError, retry: moWebMessages.retry }}
      title={mo ? mo.number : moWebMessages.title}
      badges={
        mo ? (
          <>
            <MoStatusBadge status={mo.status} />
            <PriorityBadge priority={mo.priority} />
            {mo.readyToComplete ? <ReadyToCompleteBadge /> : null}
          </>
        ) : null
      }
      description={
        mo ? `${mo.sku} · ${mo.itemName} × ${formatQty(mo.qty)} ${mo.unitShortName ?? ''}`.trim() : d.loading
      }
      onClose={onClose}
      dialogs={mo && pending ? <PendingDialog mo={mo} pending={pending} onDone={done} onDeleted={onClose} /> : null}
    >
      {(mo) => (
        <>
          {mo.specChanged ? (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
            >
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="font-medium">{moMessages.specChanged}</span>
                <span className="block text-xs">{d.specChangedHint}</span>
              </span>
            </div>
          ) : null}
          <Actions mo={mo} canChange={canChange} onEdit={() => onEdit(mo.id)} onDialog={setPending} />
          <MaterialsAvailability short={mo.materialsShort} />
          <Facts mo={mo} onOpen={onOpen} />
          <MoLinks moId={mo.id} revision={`${mo.version}:${mo.status}`} />
          <DocumentTabs
            tabs={[
              { value: 'materials', label: d.tabs.materials, content: <MaterialsTab mo={mo} onOpenMo={onOpen} /> },
              { value: 'operations', label: d.tabs.operations, content: <OperationsTab mo={mo} /> },
              {
                value: 'output',
                label: d.tabs.output,
                content: (
                  <PostingsTab
                    mo={mo}
                    canChange={canChange}
                    onCancel={(posting) => setPending({ kind: 'posting', posting })}
                  />
                ),
              },
              {
                value: 'time',
                label: d.tabs.time,
                content: (
                  <TimeTab mo={mo} canChange={canChange} onCorrect={(entry) => setPending({ kind: 'time', entry })} />
                ),
              },
              { value: 'cost', label: d.tabs.cost, content: <CostTab mo={mo} /> },
              { value: 'serials', label: d.tabs.serials, content: <SerialsTab mo={mo} /> },
              { value: 'orders', label: d.tabs.orders, content: <OrdersTab mo={mo} onOpenMo={onOpen} /> },
              { value: 'history', label: d.tabs.history, content: <HistoryTab mo={mo} /> },
            ]}
          />
        </>
      )}
    </DocumentSheet>
  );
}

function PendingDialog({
  mo,
  pending,
  onDone,
  onDeleted,
}: {
  mo: MoDetail;
  pending: Pending;
  onDone: () => void;
  onDeleted: () => void;
}) {
  switch (pending.kind) {
    case 'simple':
      return <SimpleActionDialog mo={mo} action={pending.action} onDone={onDone} onDeleted={onDeleted} />;
    case 'cancel':
      return <ReasonDialog mo={mo} onDone={onDone} />;
    case 'posting':
      return <ReasonDialog mo={mo} posting={pending.posting} onDone={onDone} />;
    case 'issue':
      return <IssueDialog mo={mo} onDone={onDone} />;
    case 'output':
      return <OutputDialog mo={mo} onDone={onDone} />;
    case 'complete':
      return <CompleteDialog mo={mo} onDone={onDone} />;
    case 'outputLabels':
      return (
        <LabelsDialog
          open
          onOpenChange={(open) => !open && onDone()}
          items={[]}
          document={{ type: 'manufacturing_order', id: mo.id, title: `${mo.number} · ${mo.itemName}` }}
        />
      );
    case 'time':
      return <TimeEntryDialog entry={pending.entry} onDone={onDone} />;
  }
}

function Actions({
  mo,
  canChange,
  onEdit,
  onDialog,
}: {
  mo: MoDetail;
  canChange: boolean;
  onEdit: () => void;
  onDialog: (pending: Pending) => void;
}) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => moRequests.start(mo.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: isMoQuery });
      toast({ title: moWebMessages.actions.done.start, description: mo.number });
    },
    onError: failureToast(moWebMessages.actions.failed),
  });

  function run(action: MoAction) {
    switch (action) {
      case 'edit':
        return onEdit();
      case 'start':
        return start.mutate();
      case 'traveler':
        return openPrint('traveler', mo.id);
      case 'labels':
        return openPrint('labels', mo.id);
      case 'issue':
      case 'output':
      case 'complete':
      case 'cancel':
      case 'outputLabels':
        return onDialog({ kind: action });
      default:
        return onDialog({ kind: 'simple', action });
    }
  }

  const offered = offeredActions(mo, canChange);
  return (
    <div className="grid gap-2">
      {offered.length ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={d.actionsLabel}>
          {offered.map((action) => {
            const Icon = icons[action];
            return (
              <Button
                key={action}
                size="sm"
                variant={
                  action === 'cancel'
                    ? 'destructive'
                    : action === 'delete'
                      ? 'ghost'
                      : primaryOf(mo).includes(action)
                        ? 'default'
                        : 'outline'
                }
                disabled={start.isPending}
                onClick={() => run(action)}
              >
                {action === 'start' && start.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <Icon aria-hidden="true" />
                )}
                {labels[action]}
              </Button>
            );
          })}
        </div>
      ) : null}
      {!canChange ? <p className="text-sm text-muted-foreground">{d.readOnly}</p> : null}
    </div>
  );
}

function Facts({ mo, onOpen }: { mo: MoDetail; onOpen: (id: number) => void }) {
  const f = d.facts;
  const none = moWebMessages.none;
  const facts: [string, ReactNode][] = [
    [
      f.produced,
      <ProducedProgress
        key="progress"
        number={mo.number}
        produced={mo.producedQty}
        qty={mo.qty}
        progress={mo.progress}
        unit={mo.unitShortName}
      />,
    ],
    [f.dueDate, <DueDate key="due" date={mo.dueDate} overdue={mo.isOverdue} />],
    [f.plannedStart, mo.plannedStart ? formatDateUk(mo.plannedStart) : none],
    [f.responsible, mo.responsibleName ?? none],
    [f.recipe, mo.recipeName ?? none],
    [f.spec, mo.bomName ?? none],
    [f.techCard, mo.techCardName ?? none],
    [f.materialsWarehouse, mo.materialsWarehouseName],
    [f.outputWarehouse, mo.outputWarehouseName],
  ];
  if (/[1-9]/.test(mo.scrapQty)) facts.push([f.scrap, formatQty(mo.scrapQty)]);
  if (mo.parentMoId !== null) {
    facts.push([
      f.parent,
      <button key="parent" type="button" className="font-mono hover:underline" onClick={() => onOpen(mo.parentMoId!)}>
        {mo.parentMoNumber ?? `#${mo.parentMoId}`}
      </button>,
    ]);
  }
  if (mo.childOrders.length) {
    facts.push([f.childOrders, <ChildOrders key="children" orders={mo.childOrders} onOpenMo={onOpen} />]);
  }
  if (mo.releasedAt) facts.push([f.released, d.by(formatTimestampUk(mo.releasedAt), mo.releasedByName)]);
  if (mo.startedAt) facts.push([f.started, formatTimestampUk(mo.startedAt)]);
  if (mo.completedAt) facts.push([f.completed, d.by(formatTimestampUk(mo.completedAt), mo.completedByName)]);
  if (mo.excessHandling) facts.push([f.excess, moExcessLabels[mo.excessHandling]]);
  if (mo.cancelledAt) facts.push([f.cancelled, formatTimestampUk(mo.cancelledAt)]);
  if (mo.cancelReason) facts.push([f.cancelReason, mo.cancelReason]);
  if (mo.notes) facts.push([f.notes, mo.notes]);
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
