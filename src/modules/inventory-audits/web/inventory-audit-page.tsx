// The counting screen /inventory-audits/{id} (warehouse.md §8): the header with progress, 'Почати підрахунок' in a
// draft, the scanner field (a keyboard-wedge scanner types the code and Enter: each scan adds 1), the line filters,
// the keyboard grid, the variance totals, 'Провести', 'Скасувати' and the 'Друк' menu.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeftIcon,
  BanIcon,
  CheckCheckIcon,
  EyeIcon,
  EyeOffIcon,
  Loader2Icon,
  PlayIcon,
  PlusIcon,
  PrinterIcon,
  ScanBarcodeIcon,
  Trash2Icon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import {
  auditScopeLabels,
  lineFilterLabels,
  lineFilters,
  type Audit,
  type AuditLine,
  type LineFilter,
  type ScanResult,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { formatDateUk, formatMoney, formatQty } from './audit-format.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { DocumentPageState, useDocumentPage } from '@/web/components/document-page.tsx';
import { DocumentFacts, type DocumentFact } from '@/web/components/document-view.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { failureToast, toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { AddLineDialog, CancelAuditDialog, DeleteDraftDialog, PostAuditDialog } from './audit-dialogs.tsx';
import { AuditLinesGrid } from './audit-lines-grid.tsx';
import { AuditProgress, AuditStatusBadge } from './audit-parts.tsx';
import {
  auditsKeyHead,
  auditLinesQueryKey,
  auditQueryKey,
  auditsApi,
  isAuditListQuery,
  printUrl,
} from './inventory-audits.api.ts';
import { auditsWebMessages as messages } from './inventory-audits.messages.ts';
import { AUDITS_ROUTE } from './inventory-audits-page.tsx';

const p = messages.page;
type Dialog = 'post' | 'cancel' | 'delete' | 'add' | null;

export function InventoryAuditPage() {
  const { valid, query } = useDocumentPage<Audit>('/inventory-audits/:id', auditQueryKey);
  if (!valid || !query.data) {
    return (
      <DocumentPageState
        valid={valid}
        query={query}
        texts={{ loading: p.loading, loadError: p.loadError, retry: messages.retry }}
        back={{ href: AUDITS_ROUTE, text: p.back }}
      />
    );
  }
  return <AuditScreen audit={query.data} />;
}

function AuditScreen({ audit }: { audit: Audit }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { canAccess } = usePermission(AUDITS_ROUTE);
  const [filter, setFilter] = useState<LineFilter | 'all'>('all');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reveal, setReveal] = useState(false);
  const counting = audit.status === 'counting';
  const editable = counting && canAccess;
  const showSystem = !audit.blind || !counting || reveal;

  const linesKey = auditLinesQueryKey(audit.id, filter);
  const linesQuery = useQuery<AuditLine[]>({
    queryKey: linesKey,
    enabled: audit.status !== 'draft',
    staleTime: 0,
  });

  /** A new copy of the audit: the header, every line list and the audit list are refreshed. */
  function changed(next?: Audit) {
    if (next) queryClient.setQueryData(auditQueryKey(audit.id), next);
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === auditsKeyHead && q.queryKey[1] === audit.id && q.queryKey.length > 2,
    });
    if (!next) void queryClient.invalidateQueries({ queryKey: auditQueryKey(audit.id), exact: true });
    void queryClient.invalidateQueries({ predicate: isAuditListQuery });
  }

  const start = useMutation({
    mutationFn: () => auditsApi.start(audit.id, audit.version),
    onSuccess: (started) => {
      toast({ title: p.started, description: started.number });
      changed(started);
    },
    onError: failureToast(p.startFailed),
  });

  const facts: DocumentFact[] = [
    [p.warehouse, audit.warehouseName],
    [p.date, formatDateUk(audit.documentDate)],
    [
      p.scope,
      audit.scopeNames.length
        ? `${auditScopeLabels[audit.scope]}: ${audit.scopeNames.join(', ')}`
        : auditScopeLabels[audit.scope],
    ],
  ];
  if (audit.counterNames.length) facts.push([p.counters, audit.counterNames.join(', ')]);
  if (audit.notes) facts.push([p.notes, audit.notes]);
  if (audit.cancelReason) facts.push([p.cancelReason, audit.cancelReason]);

  const lines = linesQuery.data ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-5">
      <div className="grid gap-3">
        <Link
          href={AUDITS_ROUTE}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {p.back}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
              {messages.title} <span className="font-mono">{audit.number}</span>
              <AuditStatusBadge status={audit.status} />
            </h1>
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <span>{p.progress}:</span>
              <AuditProgress counted={audit.countedCount} total={audit.lineCount} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {audit.status === 'draft' && canAccess ? (
              <>
                <Button onClick={() => start.mutate()} disabled={start.isPending}>
                  {start.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <PlayIcon aria-hidden="true" />
                  )}
                  {start.isPending ? p.starting : p.start}
                </Button>
                <Button variant="outline" onClick={() => setDialog('delete')}>
                  <Trash2Icon aria-hidden="true" />
                  {p.deleteDraft}
                </Button>
              </>
            ) : null}
            {editable ? (
              <Button onClick={() => setDialog('post')}>
                <CheckCheckIcon aria-hidden="true" />
                {p.post}
              </Button>
            ) : null}
            {(counting || audit.status === 'posted') && canAccess ? (
              <Button variant="outline" onClick={() => setDialog('cancel')}>
                <BanIcon aria-hidden="true" />
                {p.cancelAudit}
              </Button>
            ) : null}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <PrinterIcon aria-hidden="true" />
                  {p.print}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => window.open(printUrl(audit.id, 'count-sheet'), '_blank')}>
                  {p.countSheet}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => window.open(printUrl(audit.id, 'variance'), '_blank')}>
                  {p.varianceSheet}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>
        <DocumentFacts facts={facts} className="gap-y-2 sm:grid-cols-2 lg:grid-cols-3" />
        {!canAccess && audit.status !== 'cancelled' && audit.status !== 'posted' ? (
          <p className="text-sm text-muted-foreground">{p.readOnlyHint}</p>
        ) : null}
      </div>

      {audit.status === 'draft' ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {p.draftHint}
        </p>
      ) : (
        <>
          {editable ? <Scanner audit={audit} onScanned={() => changed()} /> : null}

          {audit.blind && counting ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
              <span>{p.blindNote}</span>
              <Button size="sm" variant="ghost" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
                {reveal ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                {reveal ? p.conceal : p.reveal}
              </Button>
            </div>
          ) : null}

          {showSystem ? <Totals audit={audit} /> : null}

          <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2 border-b p-3">
              <div className="flex flex-wrap gap-1.5" role="group" aria-label={p.filtersLabel}>
                {(['all', ...lineFilters] as const).map((value) => (
                  <Button
                    key={value}
                    size="sm"
                    variant={filter === value ? 'default' : 'outline'}
                    aria-pressed={filter === value}
                    onClick={() => setFilter(value)}
                  >
                    {value === 'all' ? p.allLines : lineFilterLabels[value]}
                  </Button>
                ))}
              </div>
              {editable ? (
                <Button size="sm" variant="outline" onClick={() => setDialog('add')}>
                  <PlusIcon aria-hidden="true" />
                  {p.add}
                </Button>
              ) : null}
            </div>
            {linesQuery.isPending ? (
              <StateMessage>
                <span role="status" className="flex items-center gap-2">
                  <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
                  {messages.grid.loading}
                </span>
              </StateMessage>
            ) : linesQuery.isError ? (
              <StateMessage>
                <ListLoadError
                  error={linesQuery.error}
                  message={messages.grid.loadError}
                  retryText={messages.retry}
                  onRetry={() => linesQuery.refetch()}
                />
              </StateMessage>
            ) : lines.length === 0 ? (
              <StateMessage>{filter === 'all' ? messages.grid.empty : messages.grid.emptyFiltered}</StateMessage>
            ) : (
              <AuditLinesGrid
                audit={audit}
                lines={lines}
                editable={editable}
                showSystem={showSystem}
                linesKey={linesKey}
              />
            )}
          </div>
        </>
      )}

      {dialog === 'post' ? (
        <PostAuditDialog
          audit={audit}
          onClose={() => setDialog(null)}
          onPosted={(posted) => {
            setDialog(null);
            changed(posted);
          }}
        />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelAuditDialog
          audit={audit}
          onClose={() => setDialog(null)}
          onCancelled={(cancelled) => {
            setDialog(null);
            changed(cancelled);
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteDraftDialog
          audit={audit}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            void queryClient.invalidateQueries({ predicate: isAuditListQuery });
            navigate(AUDITS_ROUTE);
          }}
        />
      ) : null}
      {dialog === 'add' ? (
        <AddLineDialog
          audit={audit}
          onClose={() => setDialog(null)}
          onAdded={() => {
            setDialog(null);
            changed();
          }}
        />
      ) : null}
    </div>
  );
}

/** The scanner field: always focusable; a wedge scanner types the code and Enter. Focus stays here for the next scan. */
function Scanner({ audit, onScanned }: { audit: Audit; onScanned: () => void }) {
  const s = messages.scanner;
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [last, setLast] = useState<ScanResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const scan = useMutation({
    mutationFn: (text: string) => auditsApi.scan(audit.id, text),
    onSuccess: (result) => {
      setLast(result);
      setFailure(null);
      navigator.vibrate?.(40);
      onScanned();
    },
    onError: (error) => {
      setLast(null);
      setFailure(serverMessageOf(error) ?? s.failed);
      navigator.vibrate?.([80, 40, 80]);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    if (!text) return;
    setCode('');
    scan.mutate(text);
    input.current?.focus();
  }
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border bg-card p-3 shadow-sm" role="search">
      <Label htmlFor="audit-scanner" className="flex items-center gap-2">
        <ScanBarcodeIcon className="size-4" aria-hidden="true" />
        {s.label}
      </Label>
      <Input
        ref={input}
        id="audit-scanner"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="done"
        placeholder={s.placeholder}
        aria-describedby="audit-scanner-status"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <p id="audit-scanner-status" aria-live="polite" className="min-h-5 text-sm">
        {failure ? (
          <span className="text-destructive dark:text-red-400">{failure}</span>
        ) : last ? (
          <span className="font-medium">{s.result(last.name, last.sku, formatQty(last.qty))}</span>
        ) : (
          <span className="text-muted-foreground">{s.hint}</span>
        )}
      </p>
    </form>
  );
}

function Totals({ audit }: { audit: Audit }) {
  const t = messages.totals;
  const rows: Array<[string, string, string, string]> = [
    [t.surplus, `+${formatQty(audit.totals.surplusQty)}`, formatMoney(audit.totals.surplusValue), 'surplus'],
    [t.shortage, `−${formatQty(audit.totals.shortageQty)}`, formatMoney(audit.totals.shortageValue), 'shortage'],
    [t.net, formatQty(audit.totals.netQty), formatMoney(audit.totals.netValue), 'net'],
  ];
  return (
    <section aria-label={t.title} className="grid grid-cols-3 gap-2">
      {rows.map(([label, qty, value, kind]) => (
        <div key={label} className="grid gap-0.5 rounded-xl border bg-card p-3 shadow-sm">
          <span className="text-xs text-muted-foreground">{label}</span>
          <span
            className={cn(
              'text-base font-semibold tabular-nums sm:text-lg',
              kind === 'surplus' && 'text-emerald-700 dark:text-emerald-400',
              kind === 'shortage' && 'text-destructive dark:text-red-400',
            )}
          >
            {qty}
          </span>
          <span className="text-xs tabular-nums sm:text-sm">{value}</span>
        </div>
      ))}
    </section>
  );
}
