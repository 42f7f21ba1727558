// The document dialog of a supplier receipt (warehouse.md §6). A draft is a form: header, lines, totals, and
// 'Зберегти' (POST, then PATCH with the version read), 'Провести' (saves first when changed, then posts with the
// version) and 'Видалити'. A posted or cancelled receipt is shown read-only (receipt-view.tsx).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { CheckCheckIcon, Loader2Icon, RefreshCwIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { receiptMessages, type Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { money, parseDecimalInput, receiptTotals, typedLineAmounts } from './receipt-amounts.ts';
import { formatQty, formatTimestampUk } from './receipt-format.ts';
import {
  applyReceiptFieldErrors,
  bodyOf,
  changedFields,
  currencyOf,
  isBaseCurrency,
  receiptResolver,
  toForm,
  type ReceiptFormValues,
} from './receipt-form.ts';
import { ReceiptLines } from './receipt-lines.tsx';
import { SerialsInput } from '@/modules/serial-numbers/web/index.ts';
import { ReceiptQuickAdd } from './receipt-quick-add.tsx';
import { ConfirmDialog, FormFailure, ReceiptStatusBadge } from './receipt-parts.tsx';
import { ReceiptHeaderFields } from './receipt-header.tsx';
import { ReceiptView, TotalsList } from './receipt-view.tsx';
import { isReceiptListQuery, receiptQueryKey, receiptsApi, type ReceiptBody } from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.dialog;
const t = receiptsWebMessages.toast;
/** The footer stays at the bottom of the scrolling dialog, so the actions are always at hand. */
const FOOTER_CLASS =
  'sticky -bottom-4 z-10 -mx-4 -mb-4 gap-2 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6';

interface Guard {
  dirty: boolean;
  busy: boolean;
}

export function ReceiptDialog({
  receiptId,
  canChange,
  onClose,
}: {
  /** Absent when creating. */
  receiptId?: number;
  /** May the user change receipts (create, save, post, delete, cancel)? */
  canChange: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  /** The latest copy the server answered with (after a save, a posting, a reload); the query's until then. */
  const [latest, setLatest] = useState<Receipt | undefined>();
  const [editorKey, setEditorKey] = useState(0);
  const [guard, setGuard] = useState<Guard>({ dirty: false, busy: false });
  const [confirmClose, setConfirmClose] = useState(false);
  // Asked afresh each time the dialog opens: another user may have changed the document meanwhile.
  const query = useQuery<Receipt>({
    queryKey: receiptQueryKey(receiptId ?? 0),
    enabled: receiptId !== undefined,
    gcTime: 0,
  });
  const receipt = latest ?? (receiptId !== undefined ? query.data : undefined);

  function changed(next: Receipt) {
    setLatest(next);
    void queryClient.invalidateQueries({ predicate: isReceiptListQuery });
  }

  function requestClose() {
    if (guard.busy) return;
    if (guard.dirty) setConfirmClose(true);
    else onClose();
  }

  /** After a conflict: the server's current copy replaces the form (its changes are dropped). */
  async function reload(id: number) {
    try {
      const fresh = await receiptsApi.get(id);
      setLatest(fresh);
      setEditorKey((key) => key + 1);
    } catch (error) {
      toast({ variant: 'destructive', title: t.reloadFailed, description: serverMessageOf(error) });
    }
  }

  const loading = receiptId !== undefined && !receipt;
  const editable = canChange && (!receipt || receipt.status === 'draft');

  let description: string = m.createDescription;
  if (receipt?.status === 'draft') description = m.draftDescription;
  if (receipt?.status === 'posted') description = m.postedDescription(formatTimestampUk(receipt.postedAt ?? ''));
  if (receipt?.status === 'cancelled') {
    description = m.cancelledDescription(formatTimestampUk(receipt.cancelledAt ?? ''));
  }

  let body: ReactNode;
  if (loading && query.isError) {
    body = (
      <>
        <StateMessage>
          <ListLoadError
            error={query.error}
            message={m.loadError}
            retryText={receiptsWebMessages.retry}
            onRetry={query.refetch}
          />
        </StateMessage>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {m.close}
          </Button>
        </DialogFooter>
      </>
    );
  } else if (loading) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{m.loading}</span>
      </StateMessage>
    );
  } else if (editable) {
    body = (
      <ReceiptEditor
        key={editorKey}
        receipt={receipt}
        onSaved={changed}
        onDeleted={() => {
          void queryClient.invalidateQueries({ predicate: isReceiptListQuery });
          onClose();
        }}
        onGuardChange={setGuard}
        onReload={receipt ? () => void reload(receipt.id) : undefined}
        onClose={requestClose}
      />
    );
  } else if (receipt) {
    body = (
      <ReceiptView
        receipt={receipt}
        canChange={canChange}
        footerClassName={FOOTER_CLASS}
        onChanged={changed}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-5xl sm:p-6">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {receipt ? m.title(receipt.number) : receiptId !== undefined ? m.untitled : m.createTitle}
            {receipt ? <ReceiptStatusBadge status={receipt.status} /> : null}
          </DialogTitle>
          <DialogDescription>{loading ? m.loading : description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
      {confirmClose ? (
        <ConfirmDialog
          title={receiptsWebMessages.confirmClose.title}
          description={receiptsWebMessages.confirmClose.description}
          confirmLabel={receiptsWebMessages.confirmClose.confirm}
          cancelLabel={receiptsWebMessages.confirmClose.cancel}
          destructive
          onConfirm={onClose}
          onClose={() => setConfirmClose(false)}
        />
      ) : null}
    </Dialog>
  );
}

interface Failure {
  message: string;
  /** The version was stale: the way out is to reload the document. */
  stale: boolean;
}

function ReceiptEditor({
  receipt,
  onSaved,
  onDeleted,
  onGuardChange,
  onReload,
  onClose,
}: {
  receipt: Receipt | undefined;
  onSaved: (receipt: Receipt) => void;
  onDeleted: () => void;
  onGuardChange: (guard: Guard) => void;
  onReload: (() => void) | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useForm<ReceiptFormValues, unknown, ReceiptBody>({
    resolver: receiptResolver,
    defaultValues: toForm(receipt),
  });
  const { isDirty } = form.formState;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [postValues, setPostValues] = useState<ReceiptBody | null>(null);
  /** Serials typed or scanned for the saved draft's serial-tracked lines, by item (sent with 'Провести'). */
  const [typedSerials, setTypedSerials] = useState<Record<number, string[]>>({});
  const trackedLines = (receipt?.status === 'draft' ? receipt.lines : []).filter((line) => line.serialTracking);
  const [deleting, setDeleting] = useState(false);

  const [currencyCode, fxRate, pricesIncludeVat, extraCosts, lines] = useWatch({
    control: form.control,
    name: ['currencyCode', 'fxRate', 'pricesIncludeVat', 'extraCosts', 'lines'],
  });
  const warehouseLabel = useWatch({ control: form.control, name: 'warehouseLabel' });
  const currency = currencyOf(currencyCode);
  const isBase = isBaseCurrency(currencyCode);

  /** Sends the form: a new receipt is created; a draft gets its version and what changed. */
  async function persist(values: ReceiptBody): Promise<Receipt> {
    if (!receipt) return receiptsApi.create(values);
    return receiptsApi.update(receipt.id, { version: receipt.version, ...changedFields(values, bodyOf(receipt)) });
  }

  /** The saved copy becomes the form's new starting point (the labels already known are kept). */
  function adopt(saved: Receipt) {
    const current = form.getValues();
    const next = toForm(saved);
    if (next.companyId === current.companyId) next.companyLabel = current.companyLabel;
    next.lines.forEach((line, index) => {
      const before = current.lines[index];
      if (before && before.itemId === line.itemId) line.source = before.source;
    });
    form.reset(next);
    onSaved(saved);
  }

  function fail(error: unknown, fallback: string) {
    const placed = applyReceiptFieldErrors(error, form);
    const stale = error instanceof ApiError && error.status === 409 && error.serverMessage === receiptMessages.version;
    setFailure(placed && !stale ? null : { message: serverMessageOf(error) ?? fallback, stale });
  }

  const save = useMutation({
    mutationFn: persist,
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: receipt ? t.saved : t.created, description: saved.number });
      adopt(saved);
    },
    onError: (error) => fail(error, t.saveFailed),
  });

  const post = useMutation({
    mutationFn: async (values: ReceiptBody) => {
      let current = receipt;
      if (!current || form.formState.isDirty) {
        current = await persist(values);
        adopt(current);
      }
      // Typed serials go with their saved line (by item); a tracked line left empty gets them generated.
      const serials = current.lines
        .filter((line) => line.serialTracking && (typedSerials[line.itemId] ?? []).length)
        .map((line) => ({ lineId: line.id, serials: typedSerials[line.itemId]! }));
      return receiptsApi.post(current.id, current.version, serials);
    },
    onMutate: () => setFailure(null),
    onSuccess: (posted) => {
      setPostValues(null);
      toast({ title: t.posted, description: posted.number });
      onSaved(posted);
    },
    onError: (error) => {
      setPostValues(null);
      fail(error, t.postFailed);
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => receiptsApi.remove(id),
    onSuccess: () => {
      toast({ title: t.deleted, description: receipt?.number });
      onDeleted();
    },
    onError: (error) => {
      setDeleting(false);
      fail(error, t.deleteFailed);
    },
  });

  const busy = save.isPending || post.isPending || remove.isPending;
  useEffect(() => {
    onGuardChange({ dirty: isDirty, busy });
    return () => onGuardChange({ dirty: false, busy: false });
  }, [isDirty, busy, onGuardChange]);

  const totals = receiptTotals(
    (lines ?? []).map((line) => typedLineAmounts(line, pricesIncludeVat)),
    isBase ? dec('1') : parseDecimalInput(fxRate),
  );
  const extra = parseDecimalInput(extraCosts);

  return (
    <>
      <form
        id={formId}
        noValidate
        className="grid min-w-0 gap-6"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <fieldset disabled={busy} className="grid min-w-0 gap-6">
          <legend className="sr-only">{m.header}</legend>
          {receipt?.supplierOrderNumber ? (
            <p className="text-sm">
              <span className="text-muted-foreground">{m.supplierOrder}: </span>
              <span className="font-mono">{receipt.supplierOrderNumber}</span>
            </p>
          ) : null}
          <ReceiptHeaderFields form={form} formId={formId} />

          <ReceiptQuickAdd receipt={receipt} dirty={isDirty} onChanged={adopt} />
          <ReceiptLines form={form} formId={formId} currency={currency} pricesIncludeVat={pricesIncludeVat} />
          {trackedLines.length ? (
            <section className="grid min-w-0 gap-3" aria-label={receiptsWebMessages.serials.title}>
              <h3 className="text-base font-semibold">{receiptsWebMessages.serials.title}</h3>
              <p className="text-sm text-muted-foreground">{receiptsWebMessages.serials.hint}</p>
              {trackedLines.map((line) => (
                <SerialsInput
                  key={line.id}
                  sku={line.sku}
                  qty={line.qty}
                  value={typedSerials[line.itemId] ?? []}
                  editable
                  onChange={(next) => setTypedSerials((all) => ({ ...all, [line.itemId]: next }))}
                />
              ))}
            </section>
          ) : null}

          <TotalsList
            currency={currency}
            net={money(totals.net)}
            vat={money(totals.vat)}
            gross={money(totals.gross)}
            uah={totals.uah ? money(totals.uah) : null}
            fxRate={isBase ? null : parseDecimalInput(fxRate) ? fxRate.replace(',', '.') : null}
            extraCosts={extra ? money(extra) : '0.00'}
          />
        </fieldset>
        {failure ? (
          <FormFailure>
            <span>{failure.message}</span>
            {failure.stale && onReload ? (
              <Button type="button" variant="outline" size="sm" onClick={onReload}>
                <RefreshCwIcon aria-hidden="true" />
                {m.reload}
              </Button>
            ) : null}
          </FormFailure>
        ) : null}
      </form>

      <DialogFooter className={cn(FOOTER_CLASS, 'grid grid-cols-2 sm:flex sm:justify-between')}>
        {/* Below 640 px: the two actions on top, 'Видалити' and 'Закрити' under them; from 640 px one row. */}
        <div className="order-2 col-span-2 grid grid-cols-2 gap-2 sm:order-none sm:col-span-1 sm:flex">
          {receipt ? (
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:text-destructive dark:text-red-400"
              disabled={busy}
              onClick={() => setDeleting(true)}
            >
              <Trash2Icon aria-hidden="true" />
              {m.delete}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            className={cn('sm:hidden', !receipt && 'col-span-2')}
            onClick={onClose}
            disabled={busy}
          >
            {m.close}
          </Button>
        </div>
        <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:flex">
          <Button type="button" variant="outline" className="hidden sm:inline-flex" onClick={onClose} disabled={busy}>
            {m.close}
          </Button>
          <Button type="submit" form={formId} variant="outline" disabled={busy || (receipt !== undefined && !isDirty)}>
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {save.isPending ? m.saving : m.save}
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={() =>
              void form.handleSubmit((values) => {
                // Serials typed for a line must be all of them (none at all means: generate them).
                const incomplete = trackedLines.find((line) => {
                  const count = (typedSerials[line.itemId] ?? []).length;
                  return count > 0 && cmp(dec(count), dec(line.qty)) !== 0;
                });
                if (incomplete) {
                  setFailure({
                    message: receiptsWebMessages.serials.incomplete(
                      incomplete.sku,
                      (typedSerials[incomplete.itemId] ?? []).length,
                      formatQty(incomplete.qty),
                    ),
                    stale: false,
                  });
                  return;
                }
                setPostValues(values);
              })()
            }
          >
            {post.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckCheckIcon aria-hidden="true" />
            )}
            {post.isPending ? m.posting : m.post}
          </Button>
        </div>
      </DialogFooter>

      {postValues ? (
        <ConfirmDialog
          title={receiptsWebMessages.confirmPost.title}
          description={
            <>
              <span>{receiptsWebMessages.confirmPost.description(postValues.lines.length, warehouseLabel)}</span>
              {!receipt || isDirty ? <span>{receiptsWebMessages.confirmPost.savesFirst}</span> : null}
            </>
          }
          confirmLabel={receiptsWebMessages.confirmPost.confirm}
          cancelLabel={receiptsWebMessages.confirmPost.cancel}
          pending={post.isPending}
          onConfirm={() => post.mutate(postValues)}
          onClose={() => setPostValues(null)}
        />
      ) : null}
      {deleting && receipt ? (
        <ConfirmDialog
          title={receiptsWebMessages.confirmDelete.title}
          description={receiptsWebMessages.confirmDelete.description(receipt.number)}
          confirmLabel={receiptsWebMessages.confirmDelete.confirm}
          cancelLabel={receiptsWebMessages.confirmDelete.cancel}
          pending={remove.isPending}
          destructive
          onConfirm={() => remove.mutate(receipt.id)}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}
