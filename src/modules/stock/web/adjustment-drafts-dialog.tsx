// 'Чернетки коригувань': the page's draft adjustments (opening balances from a file, drafts saved elsewhere), each
// with its lines on request, 'Провести' and 'Видалити' — both confirmed, both answered by the server's own words.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheckIcon, ChevronDownIcon, ChevronUpIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import {
  adjustmentReasonLabels,
  type Adjustment,
  type AdjustmentSummary,
} from '@/modules/stock/adjustments.contract.ts';
import { ListStates } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import {
  adjustmentQueryKey,
  adjustmentsApi,
  draftsQueryFn,
  draftsQueryKey,
  isStockQuery,
  type StockRoute,
} from './adjustments.api.ts';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { formatDateUk, formatQty, formatSignedQty, formatUnitCost } from './stock-format.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.drafts;

type Pending = { kind: 'post' | 'remove'; draft: AdjustmentSummary } | null;

export function AdjustmentDraftsDialog({
  route,
  canChange,
  onClose,
}: {
  route: StockRoute;
  canChange: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: draftsQueryKey(route), queryFn: draftsQueryFn });
  const [open, setOpen] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const action = useMutation({
    mutationFn: async ({ kind, draft }: NonNullable<Pending>) => {
      if (kind === 'remove') return adjustmentsApi.remove(route, draft.id);
      // Posted with the version read now, so a draft changed meanwhile is refused, not posted blind.
      const current = await adjustmentsApi.get(route, draft.id);
      return adjustmentsApi.post(route, draft.id, current.version);
    },
    onSuccess: (_result, { kind, draft }) => {
      toast({ title: kind === 'post' ? m.posted(draft.number) : m.removed(draft.number) });
      setPending(null);
      setFailure(null);
      void queryClient.invalidateQueries({ predicate: isStockQuery });
    },
    onError: (error) => {
      setFailure(serverMessageOf(error) ?? m.failed);
      setPending(null);
    },
  });

  const rows = query.data?.items ?? [];

  return (
    <Dialog open onOpenChange={(next) => !next && !action.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {failure ? (
          <div
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
          >
            {failure}
          </div>
        ) : null}
        <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={stockMessages.retry}>
          {rows.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">{m.empty}</p>
          ) : (
            <ul className="grid max-h-[60vh] gap-2 overflow-y-auto" aria-label={m.title}>
              {rows.map((draft) => (
                <li key={draft.id} className="grid gap-2 rounded-md border p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0 text-sm">
                      <span className="font-mono font-medium">{draft.number}</span>{' '}
                      <span className="text-muted-foreground">
                        {formatDateUk(draft.documentDate)} · {draft.warehouseName} ·{' '}
                        {adjustmentReasonLabels[draft.reason]} · {m.lines(draft.lineCount)}
                      </span>
                      {draft.comment ? (
                        <span className="block text-xs text-muted-foreground">{draft.comment}</span>
                      ) : null}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-expanded={open === draft.id}
                        onClick={() => setOpen(open === draft.id ? null : draft.id)}
                      >
                        {open === draft.id ? (
                          <ChevronUpIcon aria-hidden="true" />
                        ) : (
                          <ChevronDownIcon aria-hidden="true" />
                        )}
                        {open === draft.id ? m.hide : m.show(draft.number)}
                      </Button>
                      {canChange ? (
                        <>
                          <Button
                            type="button"
                            size="sm"
                            disabled={action.isPending}
                            onClick={() => setPending({ kind: 'post', draft })}
                          >
                            <CheckCheckIcon aria-hidden="true" />
                            {m.post}
                          </Button>
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            disabled={action.isPending}
                            onClick={() => setPending({ kind: 'remove', draft })}
                          >
                            <Trash2Icon aria-hidden="true" />
                            {m.remove}
                          </Button>
                        </>
                      ) : null}
                    </div>
                  </div>
                  {open === draft.id ? <DraftLines route={route} id={draft.id} /> : null}
                </li>
              ))}
            </ul>
          )}
        </ListStates>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {m.close}
          </Button>
        </DialogFooter>
      </DialogContent>
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'post' ? m.confirmPost(pending.draft.number) : m.confirmRemove(pending.draft.number)}
          description={pending.kind === 'post' ? m.confirmPostText : m.confirmRemoveText}
          confirmLabel={pending.kind === 'post' ? m.post : m.remove}
          cancelLabel={m.cancel}
          destructive={pending.kind === 'remove'}
          pending={action.isPending}
          onConfirm={() => action.mutate(pending)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </Dialog>
  );
}

function DraftLines({ route, id }: { route: StockRoute; id: number }) {
  const query = useQuery<Adjustment>({ queryKey: adjustmentQueryKey(route, id), gcTime: 0 });
  if (query.isError) return <p className="text-sm text-destructive">{m.linesLoadError}</p>;
  if (!query.data) return <Loader2Icon className="size-4 animate-spin" aria-label={m.show('')} />;
  return (
    <div className="overflow-x-auto">
      <Table className="min-w-[28rem]" aria-label={m.show(query.data.number)}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{m.columns.sku}</TableHead>
            <TableHead>{m.columns.name}</TableHead>
            <TableHead className="text-right">{m.columns.delta}</TableHead>
            <TableHead className="text-right">{m.columns.unitCost}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell className="font-mono text-xs">{line.sku}</TableCell>
              <TableCell>{line.itemName}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatSignedQty(line.deltaQty)}
                {line.enteredUnitId !== null && line.enteredUnitShortName ? (
                  <span className="block text-xs text-muted-foreground">
                    {m.entered(
                      line.countedQty === null ? formatSignedQty(line.enteredQty) : formatQty(line.enteredQty),
                      line.enteredUnitShortName,
                      line.countedQty !== null,
                    )}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {line.unitCost === null ? stockMessages.none : formatUnitCost(line.unitCost)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
