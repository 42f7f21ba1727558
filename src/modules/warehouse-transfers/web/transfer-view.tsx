// The document drawer of a transfer (warehouse.md §7): its header, its lines (a draft with the source's available
// quantity now, a posted one with the cost it moved at) and its actions — 'Редагувати', 'Провести' and 'Видалити'
// for a draft, 'Скасувати' (with a reason) for a posted one, 'Друк' for every one. Changes only with canAccess.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, Loader2Icon, PencilIcon, Trash2Icon } from 'lucide-react';
import { type Transfer, transferMessages } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { SerialPicker } from '@/modules/serial-numbers/web/index.ts';
import { add, cmp, dec, fixed } from '@/shared/decimal.ts';
import { DeleteDraftDialog, DocumentLoadState } from '@/web/components/document-dialog.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import {
  CancelDocumentDialog,
  DocumentFacts,
  DocumentSection,
  postingDescription,
  PrintButton,
  trailFacts,
  withUnit,
  type DocumentFact,
} from '@/web/components/document-view.tsx';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { TransferStatusBadge } from './transfer-parts.tsx';
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
  /** The serials typed or scanned for the draft's serial-tracked lines, by item, until saved with the draft. */
  const [serials, setSerials] = useState<Record<number, string[]>>({});
  /** A line's serials: those typed now, else those kept on the draft line. */
  const serialsOf = (doc: Transfer, itemId: number) =>
    serials[itemId] ?? doc.lines.find((line) => line.itemId === itemId)?.serials ?? [];
  const serialsDirty =
    transfer?.status === 'draft' &&
    transfer.lines.some((line) => serials[line.itemId] && !sameList(serials[line.itemId]!, line.serials));

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
          .map((line) => ({ itemId: line.itemId, serials: serialsOf(doc, line.itemId) })),
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
  /** The typed serials saved with the draft's lines (the draft keeps them until posting). */
  const saveSerials = useMutation({
    mutationFn: (doc: Transfer) =>
      transfersApi.update(doc.id, {
        version: doc.version,
        lines: doc.lines.map((line) => ({
          itemId: line.itemId,
          qty: line.qty,
          notes: line.notes,
          ...(line.serialTracking ? { serials: serialsOf(doc, line.itemId) } : {}),
        })),
      }),
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: toasts.serialsSaved, description: saved.number });
      setSerials({});
      changed(saved);
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? toasts.saveFailed),
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

  const description = postingDescription(transfer, {
    none: v.loading,
    draft: v.draftDescription,
    posted: v.postedDescription,
    cancelled: v.cancelledDescription,
  });
  const busy = post.isPending || remove.isPending || saveSerials.isPending;

  const body: ReactNode = transfer ? (
    <TransferDetails
      transfer={transfer}
      canChange={canChange}
      serialsOf={(itemId) => serialsOf(transfer, itemId)}
      onSerialsChange={(itemId, next) => setSerials((all) => ({ ...all, [itemId]: next }))}
      onSaveSerials={serialsDirty && canChange ? () => saveSerials.mutate(transfer) : null}
      savingSerials={saveSerials.isPending}
    />
  ) : (
    <DocumentLoadState query={query} texts={{ ...v, retry: transfersWebMessages.retry }} />
  );

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
            <PrintButton url={printUrl(transfer.id)} label={v.print} />
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
                        line.serialTracking && cmp(dec(serialsOf(transfer, line.itemId).length), dec(line.qty)) !== 0,
                    );
                    if (incomplete) {
                      setFailure(
                        v.serialsIncomplete(
                          incomplete.sku,
                          serialsOf(transfer, incomplete.itemId).length,
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
        <DeleteDraftDialog
          number={transfer.number}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(transfer)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {transfer && confirming === 'cancel' ? (
        <CancelDocumentDialog
          texts={transfersWebMessages.confirmCancel}
          description={transfersWebMessages.confirmCancel.description(
            transfer.number,
            transfer.fromWarehouseName,
            transfer.toWarehouseName,
          )}
          requiredMessage={transferMessages.reason}
          toasts={toasts}
          cancel={(reason) => transfersApi.cancel(transfer.id, reason)}
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
  serialsOf,
  onSerialsChange,
  onSaveSerials,
  savingSerials,
}: {
  transfer: Transfer;
  canChange: boolean;
  serialsOf: (itemId: number) => string[];
  onSerialsChange: (itemId: number, serials: string[]) => void;
  /** Saves the typed serials with the draft; null when there is nothing new to save. */
  onSaveSerials: (() => void) | null;
  savingSerials: boolean;
}) {
  const facts: DocumentFact[] = [
    [v.documentDate, formatDateUk(transfer.documentDate)],
    [v.from, transfer.fromWarehouseName],
    [v.to, transfer.toWarehouseName],
  ];
  if (transfer.reason) facts.push([v.reason, transfer.reason]);
  facts.push(...trailFacts(transfer, v));
  const draft = transfer.status === 'draft';
  const totalQty = transfer.lines.reduce((sum, line) => add(sum, dec(line.qty)), dec(0));
  const tracked = transfer.lines.filter((line) => line.serialTracking);

  return (
    <div className="grid min-w-0 gap-5">
      {draft && !canChange ? <p className="text-sm text-muted-foreground">{v.readOnlyHint}</p> : null}
      <DocumentFacts facts={facts} />
      <DocumentSection title={v.lines} className="gap-2">
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
                      {withUnit(formatQty(line.qty), line.unitShortName)}
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
      </DocumentSection>
      {tracked.length ? (
        <DocumentSection title={v.serials} hint={draft && canChange ? v.serialsHint : null}>
          {tracked.map((line) => (
            <SerialPicker
              key={line.id}
              sku={line.sku}
              qty={line.qty}
              value={draft ? serialsOf(line.itemId) : line.serials}
              editable={draft && canChange}
              choices={{ itemId: line.itemId, warehouseId: transfer.fromWarehouseId }}
              onChange={(next) => onSerialsChange(line.itemId, next)}
            />
          ))}
          {onSaveSerials ? (
            <div>
              <Button type="button" variant="outline" disabled={savingSerials} onClick={onSaveSerials}>
                {savingSerials ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                {v.saveSerials}
              </Button>
            </div>
          ) : null}
        </DocumentSection>
      ) : null}
    </div>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
