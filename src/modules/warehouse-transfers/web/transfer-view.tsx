// The document drawer of a transfer (warehouse.md §7): its header, its lines (a draft with the source's available
// quantity now, a posted one with the cost it moved at) and its actions — 'Редагувати', 'Провести' and 'Видалити'
// for a draft, 'Скасувати' (with a reason) for a posted one, 'Друк' for every one. Changes only with canAccess.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, Loader2Icon, PencilIcon, Trash2Icon } from 'lucide-react';
import { type Transfer, transferMessages } from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { SerialPicker } from '@/modules/serial-numbers/web/index.ts';
import { add, cmp, dec, fixed } from '@/shared/decimal.ts';
import { DocumentDrawer, useDocumentDrawer } from '@/web/components/document-drawer.tsx';
import {
  DocumentFacts,
  DocumentSection,
  MovedLinesTable,
  postingDescription,
  PrintButton,
  trailFacts,
  type DocumentFact,
} from '@/web/components/document-view.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { TransferStatusBadge } from './transfer-parts.tsx';
import { isTransferListQuery, printUrl, transferQueryKey, transfersApi } from './warehouse-transfers.api.ts';
import { transfersWebMessages } from './warehouse-transfers.messages.ts';

const v = transfersWebMessages.view;
const toasts = transfersWebMessages.toast;

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
  /** The serials typed or scanned for the draft's serial-tracked lines, by item, until saved with the draft. */
  const [serials, setSerials] = useState<Record<number, string[]>>({});
  /** A line's serials: those typed now, else those kept on the draft line. */
  const serialsOf = (doc: Transfer, itemId: number) =>
    serials[itemId] ?? doc.lines.find((line) => line.itemId === itemId)?.serials ?? [];
  const drawer = useDocumentDrawer<Transfer>({
    queryKey: transferQueryKey(transferId),
    isListQuery: isTransferListQuery,
    toasts,
    post: (doc) =>
      transfersApi.post(
        doc.id,
        doc.version,
        doc.lines
          .filter((line) => line.serialTracking)
          .map((line) => ({ itemId: line.itemId, serials: serialsOf(doc, line.itemId) })),
      ),
    remove: (doc) => transfersApi.remove(doc.id),
    onClose,
  });
  const { doc: transfer, setConfirming, setFailure, changed } = drawer;
  const serialsDirty =
    transfer?.status === 'draft' &&
    transfer.lines.some((line) => serials[line.itemId] && !sameList(serials[line.itemId]!, line.serials));

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
  const busy = drawer.busy || saveSerials.isPending;

  function askToPost(doc: Transfer) {
    // Every serial-tracked line names exactly its quantity of serials before posting is asked.
    const incomplete = doc.lines.find(
      (line) => line.serialTracking && cmp(dec(serialsOf(doc, line.itemId).length), dec(line.qty)) !== 0,
    );
    if (incomplete) {
      setFailure(
        v.serialsIncomplete(incomplete.sku, serialsOf(doc, incomplete.itemId).length, formatQty(incomplete.qty)),
      );
      return;
    }
    setFailure(null);
    setConfirming('post');
  }

  return (
    <DocumentDrawer
      state={drawer}
      busy={busy}
      title={transfer ? transfersWebMessages.dialog.title(transfer.number) : transfersWebMessages.title}
      status={transfer ? <TransferStatusBadge status={transfer.status} /> : null}
      description={postingDescription(transfer, {
        none: v.loading,
        draft: v.draftDescription,
        posted: v.postedDescription,
        cancelled: v.cancelledDescription,
      })}
      loadTexts={{ ...v, retry: transfersWebMessages.retry }}
      footerClassName="grid grid-cols-2 gap-2 border-t sm:flex sm:flex-row sm:flex-wrap sm:justify-end"
      footer={(doc) => (
        <>
          <PrintButton url={printUrl(doc.id)} label={v.print} />
          {canChange && doc.status === 'draft' ? (
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
              <Button type="button" variant="outline" disabled={busy} onClick={() => onEdit(doc)}>
                <PencilIcon aria-hidden="true" />
                {v.edit}
              </Button>
              <Button type="button" disabled={busy} onClick={() => askToPost(doc)}>
                {drawer.post.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <CheckCheckIcon aria-hidden="true" />
                )}
                {v.post}
              </Button>
            </>
          ) : null}
          {canChange && doc.status === 'posted' ? (
            <Button type="button" variant="destructive" onClick={() => setConfirming('cancel')}>
              <BanIcon aria-hidden="true" />
              {v.cancel}
            </Button>
          ) : null}
        </>
      )}
      confirmPost={(doc) => ({
        title: transfersWebMessages.confirmPost.title,
        description: transfersWebMessages.confirmPost.description(
          doc.lines.length,
          doc.fromWarehouseName,
          doc.toWarehouseName,
        ),
        confirm: transfersWebMessages.confirmPost.confirm,
        cancel: transfersWebMessages.confirmPost.cancel,
      })}
      cancel={(doc) => ({
        texts: transfersWebMessages.confirmCancel,
        description: transfersWebMessages.confirmCancel.description(
          doc.number,
          doc.fromWarehouseName,
          doc.toWarehouseName,
        ),
        requiredMessage: transferMessages.reason,
        toasts,
        cancel: (reason) => transfersApi.cancel(doc.id, reason),
      })}
    >
      {(doc) => (
        <TransferDetails
          transfer={doc}
          canChange={canChange}
          serialsOf={(itemId) => serialsOf(doc, itemId)}
          onSerialsChange={(itemId, next) => setSerials((all) => ({ ...all, [itemId]: next }))}
          onSaveSerials={serialsDirty && canChange ? () => saveSerials.mutate(doc) : null}
          savingSerials={saveSerials.isPending}
        />
      )}
    </DocumentDrawer>
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
        <MovedLinesTable lines={transfer.lines} draft={draft} markShort texts={v} none={transfersWebMessages.none} />
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
