// The document dialog of a supplier receipt (warehouse.md §6). A draft is a form: header, lines, totals, and
// 'Зберегти' (POST, then PATCH with the version read), 'Провести' (saves first when changed, then posts with the
// version) and 'Видалити'. A posted or cancelled receipt is shown read-only (receipt-view.tsx).
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { CheckCheckIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import { receiptMessages, type Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { SerialPicker } from '@/modules/serial-numbers/web/index.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import {
  DeleteDraftDialog,
  DocumentDialog,
  DocumentFailure,
  SaveDraftButton,
  useDocumentDialog,
  useReportGuard,
  type DialogGuard,
} from '@/web/components/document-dialog.tsx';
import { applyFieldErrors, changedFields, failureOf } from '@/web/components/document-form.ts';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { DocumentSection, postingDescription } from '@/web/components/document-view.tsx';
import { RECORD_FOOTER_CLASS, type RecordFailure } from '@/web/components/record-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { DialogFooter } from '@/web/components/ui/dialog.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { money, parseDecimalInput, receiptTotals, typedLineAmounts } from './receipt-amounts.ts';
import {
  bodyOf,
  currencyOf,
  isBaseCurrency,
  RECEIPT_FIELDS,
  receiptResolver,
  toForm,
  type ReceiptFormValues,
} from './receipt-form.ts';
import { ReceiptLines } from './receipt-lines.tsx';
import { ReceiptQuickAdd } from './receipt-quick-add.tsx';
import { ReceiptStatusBadge } from './receipt-parts.tsx';
import { ReceiptHeaderFields } from './receipt-header.tsx';
import { ReceiptView, TotalsList } from './receipt-view.tsx';
import {
  defaultWarehouseQuery,
  isReceiptListQuery,
  receiptQueryKey,
  receiptsApi,
  type ReceiptBody,
} from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.dialog;
const t = receiptsWebMessages.toast;

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
  const dialog = useDocumentDialog({
    id: receiptId,
    queryKey: receiptQueryKey(receiptId ?? 0),
    get: receiptsApi.get,
    reloadFailed: t.reloadFailed,
  });
  /** The latest copy the server answered with (after a save, a posting, a reload); the query's until then. */
  const receipt = dialog.doc;

  function changed(next: Receipt) {
    dialog.setLatest(next);
    void queryClient.invalidateQueries({ predicate: isReceiptListQuery });
  }

  const editable = canChange && (!receipt || receipt.status === 'draft');
  const description = postingDescription(receipt, {
    none: m.createDescription,
    draft: m.draftDescription,
    posted: m.postedDescription,
    cancelled: m.cancelledDescription,
  });

  return (
    <DocumentDialog
      state={dialog}
      texts={{
        loading: m.loading,
        loadError: m.loadError,
        retry: receiptsWebMessages.retry,
        close: m.close,
      }}
      title={receipt ? m.title(receipt.number) : receiptId !== undefined ? m.untitled : m.createTitle}
      status={receipt ? <ReceiptStatusBadge status={receipt.status} /> : null}
      description={description}
      className="sm:max-w-5xl"
      onClose={onClose}
    >
      {(requestClose) =>
        editable ? (
          <ReceiptEditor
            key={dialog.editorKey}
            receipt={receipt}
            onSaved={changed}
            onDeleted={() => {
              void queryClient.invalidateQueries({ predicate: isReceiptListQuery });
              onClose();
            }}
            onGuardChange={dialog.setGuard}
            onReload={dialog.reload}
            onClose={requestClose}
          />
        ) : receipt ? (
          <ReceiptView
            receipt={receipt}
            canChange={canChange}
            footerClassName={RECORD_FOOTER_CLASS}
            onChanged={changed}
            onClose={onClose}
          />
        ) : null
      }
    </DocumentDialog>
  );
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
  onGuardChange: (guard: DialogGuard) => void;
  onReload: (() => void) | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useForm<ReceiptFormValues, unknown, ReceiptBody>({
    resolver: receiptResolver,
    defaultValues: toForm(receipt),
  });
  const { isDirty } = form.formState;
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const [postValues, setPostValues] = useState<ReceiptBody | null>(null);
  /** Serials typed or scanned for the saved draft's serial-tracked lines, by item: kept with the draft when saved. */
  const [typedSerials, setTypedSerials] = useState<Record<number, string[]>>(() => keptSerials(receipt));
  const trackedLines = (receipt?.status === 'draft' ? receipt.lines : []).filter((line) => line.serialTracking);
  const serialsDirty = trackedLines.some((line) => !sameList(typedSerials[line.itemId] ?? [], line.serials));
  const dirty = isDirty || serialsDirty;
  const [deleting, setDeleting] = useState(false);

  const [currencyCode, fxRate, pricesIncludeVat, extraCosts, lines] = useWatch({
    control: form.control,
    name: ['currencyCode', 'fxRate', 'pricesIncludeVat', 'extraCosts', 'lines'],
  });
  const [warehouseId, warehouseLabel] = useWatch({ control: form.control, name: ['warehouseId', 'warehouseLabel'] });
  const currency = currencyOf(currencyCode);

  // A new receipt goes where its items belong — components where production takes them from, products where sales
  // ship them from (the supplier order's rule) — following the lines until the user picks a warehouse himself.
  const itemIds = (lines ?? []).flatMap((line) => (line.itemId ? [line.itemId] : []));
  const defaultWarehouse = useQuery({ ...defaultWarehouseQuery(itemIds), enabled: receipt === undefined });
  useEffect(() => {
    const found = defaultWarehouse.data;
    if (!found?.warehouseId || form.getFieldState('warehouseId').isDirty) return;
    if (form.getValues('warehouseId') === found.warehouseId) return;
    form.setValue('warehouseId', found.warehouseId);
    form.setValue('warehouseLabel', found.warehouseName);
  }, [defaultWarehouse.data, form]);
  const isBase = isBaseCurrency(currencyCode);

  /** Sends the form: a new receipt is created; a draft gets its version and what changed. */
  async function persist(values: ReceiptBody): Promise<Receipt> {
    // The lines of items whose serials were typed carry them (lines sent without serials keep the saved ones).
    const lines = values.lines.map((line) =>
      typedSerials[line.itemId] ? { ...line, serials: typedSerials[line.itemId] } : line,
    );
    if (!receipt) return receiptsApi.create({ ...values, lines });
    const change = changedFields(values, bodyOf(receipt));
    return receiptsApi.update(receipt.id, {
      version: receipt.version,
      ...change,
      ...(change.lines || serialsDirty ? { lines } : {}),
    });
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
    const placed = applyFieldErrors(error, form, RECEIPT_FIELDS);
    setFailure(failureOf(error, { placed, versionMessage: receiptMessages.version, fallback }));
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
      if (!current || dirty) {
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
  useReportGuard(onGuardChange, dirty, busy);

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

          <ReceiptQuickAdd receipt={receipt} dirty={dirty} onChanged={adopt} />
          <ReceiptLines
            form={form}
            formId={formId}
            currency={currency}
            pricesIncludeVat={pricesIncludeVat}
            warehouseId={warehouseId}
          />
          {trackedLines.length ? (
            <DocumentSection title={receiptsWebMessages.serials.title} hint={receiptsWebMessages.serials.hint}>
              {trackedLines.map((line) => (
                <SerialPicker
                  key={line.id}
                  sku={line.sku}
                  qty={line.qty}
                  value={typedSerials[line.itemId] ?? []}
                  editable
                  onChange={(next) => setTypedSerials((all) => ({ ...all, [line.itemId]: next }))}
                />
              ))}
            </DocumentSection>
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
        <DocumentFailure failure={failure} reloadLabel={m.reload} onReload={onReload} />
      </form>

      <DialogFooter className={cn(RECORD_FOOTER_CLASS, 'grid grid-cols-2 sm:flex sm:justify-between')}>
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
          <SaveDraftButton
            formId={formId}
            variant="outline"
            saving={save.isPending}
            disabled={busy || (receipt !== undefined && !dirty)}
            texts={m}
          />
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
              {!receipt || dirty ? <span>{receiptsWebMessages.confirmPost.savesFirst}</span> : null}
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
        <DeleteDraftDialog
          number={receipt.number}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(receipt.id)}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}

/** The serials kept on a draft's serial-tracked lines, by item (the dialog's starting point). */
function keptSerials(receipt: Receipt | undefined): Record<number, string[]> {
  if (receipt?.status !== 'draft') return {};
  return Object.fromEntries(
    receipt.lines.filter((line) => line.serialTracking && line.serials.length).map((l) => [l.itemId, l.serials]),
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
