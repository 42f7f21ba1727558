// The document drawer of a transfer (warehouse.md §7): its header, its lines (a draft with the source's available
// quantity now, a posted one with the cost it moved at) and its actions — 'Редагувати', 'Провести' and 'Видалити'
// for a draft, 'Скасувати' (with a reason) for a posted one, 'Друк' for every one. Changes only with canAccess.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, Loader2Icon, PencilIcon, PrinterIcon, Trash2Icon } from 'lucide-react';
import { type Transfer, transferMessages } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { add, cmp, dec, fixed } from '@/shared/decimal.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { ReasonDialog } from '@/web/components/document-actions.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  ConfirmDialog,
  FormFailure,
  formatDateUk,
  formatMoney,
  formatQty,
  formatTimestampUk,
  TransferStatusBadge,
} from './transfer-parts.tsx';
import { SerialsInput } from '@/modules/serial-numbers/web/index.ts';
import { isTransferListQuery, printUrl, transferQueryKey, transfersApi } from './warehouse-transfers.api.ts';
import { transfersWebMessages } from './warehouse-transfers.messages.ts';

const v = transfersWebMessages.view;
const toasts = transfersWebMessages.toast;

type Confirming = 'post' | 'delete' | 'cancel' | null;

export function TransferDrawer({
  transferId,
  canChange,
  onEdit,
  onClose,
}: {
  transferId: number;
  canChange: boolean;
  onEdit: (transfer: Transfer) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery<Transfer>({ queryKey: transferQueryKey(transferId), gcTime: 0 });
  const transfer = query.data;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The serials typed or scanned for the draft's serial-tracked lines, by item (sent with 'Провести'). */
  const [serials, setSerials] = useState<Record<number, string[]>>({});

  function changed(next: Transfer) {
    queryClient.setQueryData(transferQueryKey(transferId), next);
    void queryClient.invalidateQueries({ predicate: isTransferListQuery });
  }

  const post = useMutation({
    mutationFn: (doc: Transfer) =>
      transfersApi.post(
        doc.id,
        doc.version,
        doc.lines
          .filter((line) => line.serialTracking)
          .map((line) => ({ itemId: line.itemId, serials: serials[line.itemId] ?? [] })),
      ),
    onMutate: () => setFailure(null),
    onSuccess: (posted) => {
      setConfirming(null);
      toast({ title: toasts.posted, description: posted.number });
      changed(posted);
    },
    onError: (error) => {
      setConfirming(null);
      setFailure(serverMessageOf(error) ?? toasts.postFailed);
      void query.refetch();
    },
  });
  const remove = useMutation({
    mutationFn: (doc: Transfer) => transfersApi.remove(doc.id),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast({ title: toasts.deleted, description: transfer?.number });
      void queryClient.invalidateQueries({ predicate: isTransferListQuery });
      onClose();
    },
    onError: (error) => {
      setConfirming(null);
      setFailure(serverMessageOf(error) ?? toasts.deleteFailed);
    },
  });

  let description: string = v.loading;
  if (transfer?.status === 'draft') description = v.draftDescription;
  if (transfer?.status === 'posted') description = v.postedDescription(formatTimestampUk(transfer.postedAt ?? ''));
  if (transfer?.status === 'cancelled') {
    description = v.cancelledDescription(formatTimestampUk(transfer.cancelledAt ?? ''));
  }
  const busy = post.isPending || remove.isPending;

  let body: ReactNode;
  if (!transfer && query.isError) {
    body = (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={v.loadError}
          retryText={transfersWebMessages.retry}
          onRetry={query.refetch}
        />
      </StateMessage>
    );
  } else if (!transfer) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{v.loading}</span>
      </StateMessage>
    );
  } else {
    body = (
      <TransferDetails
        transfer={transfer}
        canChange={canChange}
        serials={serials}
        onSerialsChange={(itemId, next) => setSerials((all) => ({ ...all, [itemId]: next }))}
      />
    );
  }

  return (
    <Sheet open onOpenChange={(open) => !open && !busy && onClose()}>
      <SheetContent className="w-full gap-0 sm:max-w-2xl">
        <SheetHeader className="border-b">
          <SheetTitle className="flex flex-wrap items-center gap-2 pr-8">
            {transfer ? transfersWebMessages.dialog.title(transfer.number) : transfersWebMessages.title}
            {transfer ? <TransferStatusBadge status={transfer.status} /> : null}
          </SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-4">
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          {body}
        </div>
        {transfer ? (
          <SheetFooter className="grid grid-cols-2 gap-2 border-t sm:flex sm:flex-row sm:flex-wrap sm:justify-end">
            <Button type="button" variant="outline" onClick={() => window.open(printUrl(transfer.id), '_blank')}>
              <PrinterIcon aria-hidden="true" />
              {v.print}
            </Button>
            {canChange && transfer.status === 'draft' ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive hover:text-destructive dark:text-red-400"
                  disabled={busy}
                  onClick={() => setConfirming('delete')}
                >
                  <Trash2Icon aria-hidden="true" />
                  {v.delete}
                </Button>
                <Button type="button" variant="outline" disabled={busy} onClick={() => onEdit(transfer)}>
                  <PencilIcon aria-hidden="true" />
                  {v.edit}
                </Button>
                <Button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    // Every serial-tracked line names exactly its quantity of serials before posting is asked.
                    const incomplete = transfer.lines.find(
                      (line) =>
                        line.serialTracking && cmp(dec((serials[line.itemId] ?? []).length), dec(line.qty)) !== 0,
                    );
                    if (incomplete) {
                      setFailure(
                        v.serialsIncomplete(
                          incomplete.sku,
                          (serials[incomplete.itemId] ?? []).length,
                          formatQty(incomplete.qty),
                        ),
                      );
                      return;
                    }
                    setFailure(null);
                    setConfirming('post');
                  }}
                >
                  {post.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <CheckCheckIcon aria-hidden="true" />
                  )}
                  {v.post}
                </Button>
              </>
            ) : null}
            {canChange && transfer.status === 'posted' ? (
              <Button type="button" variant="destructive" onClick={() => setConfirming('cancel')}>
                <BanIcon aria-hidden="true" />
                {v.cancel}
              </Button>
            ) : null}
          </SheetFooter>
        ) : null}
      </SheetContent>

      {transfer && confirming === 'post' ? (
        <ConfirmDialog
          title={transfersWebMessages.confirmPost.title}
          description={transfersWebMessages.confirmPost.description(
            transfer.lines.length,
            transfer.fromWarehouseName,
            transfer.toWarehouseName,
          )}
          confirmLabel={transfersWebMessages.confirmPost.confirm}
          cancelLabel={transfersWebMessages.confirmPost.cancel}
          pending={post.isPending}
          onConfirm={() => post.mutate(transfer)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {transfer && confirming === 'delete' ? (
        <ConfirmDialog
          title={transfersWebMessages.confirmDelete.title}
          description={transfersWebMessages.confirmDelete.description(transfer.number)}
          confirmLabel={transfersWebMessages.confirmDelete.confirm}
          cancelLabel={transfersWebMessages.confirmDelete.cancel}
          pending={remove.isPending}
          destructive
          onConfirm={() => remove.mutate(transfer)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {transfer && confirming === 'cancel' ? (
        <CancelTransferDialog
          transfer={transfer}
          onCancelled={(cancelled) => {
            setConfirming(null);
            changed(cancelled);
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Sheet>
  );
}

function TransferDetails({
  transfer,
  canChange,
  serials,
  onSerialsChange,
}: {
  transfer: Transfer;
  canChange: boolean;
  serials: Record<number, string[]>;
  onSerialsChange: (itemId: number, serials: string[]) => void;
}) {
  const facts: [string, ReactNode][] = [
    [v.documentDate, formatDateUk(transfer.documentDate)],
    [v.from, transfer.fromWarehouseName],
    [v.to, transfer.toWarehouseName],
  ];
  if (transfer.reason) facts.push([v.reason, transfer.reason]);
  if (transfer.postedAt) facts.push([v.postedAt, formatTimestampUk(transfer.postedAt)]);
  if (transfer.cancelledAt) facts.push([v.cancelledAt, formatTimestampUk(transfer.cancelledAt)]);
  if (transfer.cancelReason) facts.push([v.cancelReason, transfer.cancelReason]);
  if (transfer.notes) facts.push([v.notes, transfer.notes]);
  const draft = transfer.status === 'draft';
  const totalQty = transfer.lines.reduce((sum, line) => add(sum, dec(line.qty)), dec(0));
  const unitOf = (unit: string | null) => (unit ? ` ${unit}` : '');
  const tracked = transfer.lines.filter((line) => line.serialTracking);

  return (
    <div className="grid min-w-0 gap-5">
      {draft && !canChange ? <p className="text-sm text-muted-foreground">{v.readOnlyHint}</p> : null}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-sm break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="grid min-w-0 gap-2" aria-label={v.lines}>
        <h3 className="text-base font-semibold">{v.lines}</h3>
        <div className="min-w-0 overflow-x-auto rounded-lg border">
          <Table aria-label={v.lines} className="min-w-[30rem]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-10">№</TableHead>
                <TableHead>{v.item}</TableHead>
                <TableHead className="text-right">{v.qty}</TableHead>
                {draft ? <TableHead className="text-right">{v.available}</TableHead> : null}
                {!draft ? <TableHead className="text-right whitespace-normal">{v.unitCost}</TableHead> : null}
                {!draft ? <TableHead className="text-right">{v.value}</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {transfer.lines.map((line) => {
                const short = draft && line.available !== null && cmp(dec(line.qty), dec(line.available)) > 0;
                return (
                  <TableRow key={line.id}>
                    <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                    <TableCell className="min-w-40">
                      <span className="block">{line.itemName}</span>
                      <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span>
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatQty(line.qty)}
                      {unitOf(line.unitShortName)}
                    </TableCell>
                    {draft ? (
                      <TableCell
                        className={cn(
                          'text-right whitespace-nowrap tabular-nums',
                          short && 'font-medium text-amber-700 dark:text-amber-300',
                        )}
                        title={short ? v.shortHint : undefined}
                      >
                        {line.available === null ? transfersWebMessages.none : formatQty(line.available)}
                        {short ? <span className="sr-only"> ({v.shortHint})</span> : null}
                      </TableCell>
                    ) : null}
                    {!draft ? (
                      <TableCell className="text-right tabular-nums">
                        {line.unitCost === null ? transfersWebMessages.none : formatMoney(line.unitCost)}
                      </TableCell>
                    ) : null}
                    {!draft ? (
                      <TableCell className="text-right tabular-nums">
                        {line.value === null ? transfersWebMessages.none : formatMoney(line.value)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
        <dl className="grid justify-items-end gap-1 text-sm">
          <div className="flex gap-4">
            <dt className="text-muted-foreground">{v.totalQty}</dt>
            <dd className="tabular-nums">{formatQty(fixed(totalQty, 4))}</dd>
          </div>
          {transfer.value !== null ? (
            <div className="flex gap-4">
              <dt className="text-muted-foreground">{v.totalValue}</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(transfer.value)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {tracked.length ? (
        <section className="grid min-w-0 gap-3" aria-label={v.serials}>
          <h3 className="text-base font-semibold">{v.serials}</h3>
          {draft && canChange ? <p className="text-sm text-muted-foreground">{v.serialsHint}</p> : null}
          {tracked.map((line) => (
            <SerialsInput
              key={line.id}
              sku={line.sku}
              qty={line.qty}
              value={draft ? (serials[line.itemId] ?? []) : line.serials}
              editable={draft && canChange}
              onChange={(next) => onSerialsChange(line.itemId, next)}
            />
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** 'Скасувати': the reason is required (the contract's schema says so), then the reversal is asked for. */
function CancelTransferDialog({
  transfer,
  onCancelled,
  onClose,
}: {
  transfer: Transfer;
  onCancelled: (transfer: Transfer) => void;
  onClose: () => void;
}) {
  const c = transfersWebMessages.confirmCancel;
  const cancel = useMutation({
    mutationFn: (text: string) => transfersApi.cancel(transfer.id, text),
    onSuccess: (cancelled) => {
      toast({ title: toasts.cancelled, description: cancelled.number });
      onCancelled(cancelled);
    },
  });
  const failure = cancel.error ? (serverMessageOf(cancel.error) ?? toasts.cancelFailed) : null;

  return (
    <ReasonDialog
      title={c.title}
      description={c.description(transfer.number, transfer.fromWarehouseName, transfer.toWarehouseName)}
      confirmLabel={c.confirm}
      cancelLabel={c.cancel}
      pending={cancel.isPending}
      reasonLabel={c.reason}
      placeholder={c.reasonPlaceholder}
      requiredMessage={transferMessages.reason}
      error={failure ?? undefined}
      onConfirm={(reason) => cancel.mutate(reason)}
      onClose={onClose}
    />
  );
}
