// The drawer of one shipment (sales.md §3): its facts, the lines (a draft's quantities and each serial-tracked line's
// serial picker: scan, type, choose among the warehouse's serials or fill automatically), the delivery and parcel
// fields (while no waybill pins them), the Nova Poshta block and the tracking timeline, and the actions of its status
// — 'Провести', 'Видалити', 'Скасувати' {reason} — each confirmed, plus the print forms. 'Провести' is offered only
// when every serial-tracked line names as many serials as its quantity (the button says how many are missing). A
// posting or a waybill saves unsaved changes first. Its parts are in shipment-drawer-parts.tsx and
// shipment-delivery.tsx.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, Loader2Icon, PrinterIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { serialUnits } from '@/modules/serial-numbers/web/index.ts';
import { shipmentMessages, type Shipment, type ShipmentLine } from '@/modules/shipments/shipments.contract.ts';
import { cmp, dec, isZero } from '@/shared/decimal.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { NpBlock, TrackingTimeline, type NpAction } from './np-block.tsx';
import { DeliverySection } from './shipment-delivery.tsx';
import { CancelDialog, Facts, LineCard } from './shipment-drawer-parts.tsx';
import { ConfirmDialog, DeliveryStatusBadge, FormFailure, ShipmentStatusBadge } from './shipment-parts.tsx';
import {
  changesAnything,
  formOf,
  patchOf,
  serverMessagesOf,
  validatePatch,
  type ShipmentForm,
} from './shipment-form.ts';
import { shipmentPrintUrl, shipmentQueryKey, shipmentsApi } from './shipments.api.ts';
import { shipmentsWebMessages } from './shipments.messages.ts';
import { ShipmentBackToOrder, ShipmentLinks, useCloseToOrder } from './shipment-related.tsx';

const d = shipmentsWebMessages.drawer;
type Confirm = 'post' | 'delete' | 'cancel' | 'deleteWaybill' | null;

export function ShipmentDrawer({
  shipmentId,
  canChange,
  onChanged,
  onClose,
}: {
  shipmentId: number;
  canChange: boolean;
  onChanged: () => void;
  onClose: () => void;
}) {
  const query = useQuery<Shipment>({ queryKey: shipmentQueryKey(shipmentId), gcTime: 0 });
  const s = query.data;
  const close = useCloseToOrder(s, onClose);
  return (
    <Sheet open onOpenChange={(open) => !open && close()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-3xl">
        <SheetHeader className="pr-10">
          <SheetTitle className="flex flex-wrap items-center gap-2">
            {s ? s.number : shipmentsWebMessages.title}
            {s ? <ShipmentStatusBadge status={s.status} /> : null}
            {s ? <DeliveryStatusBadge status={s.deliveryStatus} waybill={s.waybillState} /> : null}
          </SheetTitle>
          <SheetDescription>{s ? `${s.orderNumber} · ${s.clientName}` : d.loading}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {query.isError && !s ? (
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={d.loadError}
                retryText={shipmentsWebMessages.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
          ) : !s ? (
            <StateMessage>
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              <span role="status">{d.loading}</span>
            </StateMessage>
          ) : (
            <ShipmentBody key={s.id} shipment={s} canChange={canChange} onChanged={onChanged} onClose={close} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function ShipmentBody({
  shipment: s,
  canChange,
  onChanged,
  onClose,
}: {
  shipment: Shipment;
  canChange: boolean;
  onChanged: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ShipmentForm>(() => formOf(s));
  const [baseline, setBaseline] = useState<ShipmentForm>(() => formOf(s));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serialErrors, setSerialErrors] = useState<Record<number, string>>({});
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [npPending, setNpPending] = useState<NpAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const gapsId = useId();

  const draft = s.status === 'draft';
  const waybillActive = ['creating', 'created', 'unknown'].includes(s.waybillState);
  const deliveryEditable = canChange && s.status !== 'cancelled' && !waybillActive;
  const linesEditable = canChange && draft;
  const manualTracking = s.carrierKind !== null && s.carrierKind !== 'nova_poshta';
  const opts = { lines: linesEditable, manualTracking: canChange && manualTracking && s.status === 'posted' };
  const { body: patch } = patchOf(form, baseline, s.version, opts);
  const dirty = changesAnything(patch);

  /** The server's copy replaces the cached one; the form follows it when asked (after a save). */
  function accept(next: Shipment, resetForm: boolean) {
    queryClient.setQueryData(shipmentQueryKey(next.id), next);
    if (resetForm) {
      setForm(formOf(next));
      setBaseline(formOf(next));
    }
    onChanged();
  }

  const set = <K extends keyof ShipmentForm>(key: K, value: ShipmentForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  /** Saves the changes (if any); answers the shipment after, or null when the form holds errors. */
  async function saveChanges(): Promise<Shipment | null> {
    const { body, lineIds } = patchOf(form, baseline, s.version, opts);
    if (!changesAnything(body)) return s;
    const local = validatePatch(body, lineIds);
    for (const line of s.lines) {
      const typed = form.lines[line.id]?.replace(',', '.').trim() ?? '';
      // Remaining is in the stock unit: a line typed in another unit is checked by the server.
      if (line.enteredUnitId === null && /^\d+(\.\d+)?$/.test(typed) && cmp(dec(typed), dec(line.remainingQty)) > 0) {
        local[`line:${line.id}`] = `Залишилось відвантажити лише ${formatQty(line.remainingQty)}`;
      }
    }
    if (Object.keys(local).length) {
      setErrors(local);
      return null;
    }
    try {
      const saved = await shipmentsApi.update(s.id, body);
      setErrors({});
      accept(saved, true);
      return saved;
    } catch (error) {
      const fields = serverMessagesOf(error, lineIds);
      if (fields) setErrors(fields);
      else setFailure(serverMessageOf(error) ?? d.saveFailed);
      void queryClient.invalidateQueries({ queryKey: shipmentQueryKey(s.id) });
      return null;
    }
  }

  const save = useMutation({
    mutationFn: saveChanges,
    onSuccess: (saved) => {
      if (saved) toast({ title: d.saved, description: saved.number });
    },
  });

  /** The quantity a line's serials must number: as typed when it is a number, else the saved one. */
  const serialQtyOf = (line: ShipmentLine) => {
    const typed = (form.lines[line.id] ?? '').replace(',', '.').trim();
    return /^\d+(\.\d+)?$/.test(typed) ? typed : line.qty;
  };
  // Serial-tracked lines whose serials do not yet number their quantity (a line typed to 0 leaves the shipment).
  const serialGaps = linesEditable
    ? s.lines.filter((line) => {
        const qty = serialQtyOf(line);
        return line.serialTracking && !isZero(dec(qty)) && cmp(dec(line.serials.length), dec(qty)) !== 0;
      })
    : [];
  const serialsMissing = serialGaps.reduce(
    (sum, line) => sum + Math.max(serialUnits(serialQtyOf(line)) - line.serials.length, 0),
    0,
  );

  const serials = useMutation({
    /** Saves a line's whole set of serials (the server reserves the new ones); a typed quantity goes with them. */
    mutationFn: ({ line, next }: { line: ShipmentLine; next: string[] }) => {
      const qty = serialQtyOf(line);
      const withQty = !isZero(dec(qty)) && cmp(dec(qty), dec(line.qty)) !== 0;
      const added = next.filter((serial) => !line.serials.some((x) => x.serial === serial));
      return shipmentsApi.update(s.id, {
        version: s.version,
        lines: [
          {
            id: line.id,
            ...(withQty ? { qty } : {}),
            serialIds: line.serials.filter((x) => next.includes(x.serial)).map((x) => x.id),
            ...(added.length ? { serials: added } : {}),
          },
        ],
      });
    },
    onSuccess: (next, { line }) => {
      setSerialErrors((e) => ({ ...e, [line.id]: '' }));
      accept(next, false);
      // The quantity saved with the serials is no longer an unsaved change.
      const saved = formOf(next).lines[line.id];
      if (saved !== undefined) {
        setBaseline((b) => ({ ...b, lines: { ...b.lines, [line.id]: saved } }));
        setForm((f) => ({ ...f, lines: { ...f.lines, [line.id]: saved } }));
      }
    },
    onError: (error, { line }) => {
      const fields = serverMessagesOf(error, [line.id]);
      setSerialErrors((e) => ({
        ...e,
        [line.id]: fields?.[`line:${line.id}`] ?? serverMessageOf(error) ?? d.saveFailed,
      }));
      void queryClient.invalidateQueries({ queryKey: shipmentQueryKey(s.id) });
    },
  });

  const action = useMutation({
    mutationFn: async (kind: 'post' | 'delete' | 'cancel' | 'deleteWaybill') => {
      if (kind === 'post') {
        const saved = await saveChanges();
        if (!saved) return null;
        return shipmentsApi.post(s.id, saved.version);
      }
      if (kind === 'delete') {
        await shipmentsApi.remove(s.id);
        return null;
      }
      if (kind === 'deleteWaybill') return (await shipmentsApi.npDelete(s.id)).shipment;
      return null;
    },
    onSuccess: (next, kind) => {
      setConfirm(null);
      if (kind === 'delete') {
        toast({ title: shipmentsWebMessages.toast.deleted, description: s.number });
        onChanged();
        onClose();
        return;
      }
      if (!next) return;
      if (kind === 'post') toast({ title: shipmentsWebMessages.toast.posted, description: next.number });
      if (kind === 'deleteWaybill') toast({ title: 'ЕН видалено' });
      accept(next, true);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: shipmentQueryKey(s.id) }),
  });

  async function runNp(kind: NpAction) {
    if (kind === 'delete') {
      setConfirm('deleteWaybill');
      return;
    }
    setNpPending(kind);
    setFailure(null);
    try {
      if ((kind === 'create' || kind === 'price') && dirty) {
        const saved = await saveChanges();
        if (!saved) return;
      }
      const call = {
        price: shipmentsApi.npPrice,
        create: shipmentsApi.npCreate,
        reconcile: shipmentsApi.npReconcile,
        track: shipmentsApi.track,
      }[kind];
      const result = await call(s.id);
      toast({ title: result.message });
      accept(result.shipment, !dirty);
    } catch (error) {
      toast({ variant: 'destructive', title: shipmentsWebMessages.np.failed, description: serverMessageOf(error) });
      const fields = serverMessagesOf(error, []);
      if (fields) setErrors(fields);
      await queryClient.invalidateQueries({ queryKey: shipmentQueryKey(s.id) });
      onChanged();
    } finally {
      setNpPending(null);
    }
  }

  const actionFailure = action.error
    ? (serverMessageOf(action.error) ?? shipmentsWebMessages.toast.actionFailed)
    : null;
  const serviceOnly = s.lines.length > 0 && s.lines.every((l) => l.itemKind === 'service');

  return (
    <>
      <ShipmentBackToOrder shipment={s} />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2" role="group" aria-label={shipmentsWebMessages.columns.status}>
          {canChange && draft ? (
            <>
              <Button
                size="sm"
                onClick={() => setConfirm('post')}
                disabled={action.isPending || serialGaps.length > 0}
                aria-describedby={serialGaps.length ? gapsId : undefined}
              >
                <CheckCheckIcon aria-hidden="true" />
                {serialGaps.length ? (serialsMissing > 0 ? d.postMissing(serialsMissing) : d.postExcess) : d.post}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirm('delete')} disabled={action.isPending}>
                <Trash2Icon aria-hidden="true" />
                {d.delete}
              </Button>
            </>
          ) : null}
          {canChange && s.status === 'posted' ? (
            <Button variant="destructive" size="sm" onClick={() => setConfirm('cancel')}>
              <BanIcon aria-hidden="true" />
              {d.cancel}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() => window.open(shipmentPrintUrl(s.id, 'goods-issue-note'), '_blank')}
          >
            <PrinterIcon aria-hidden="true" />
            {serviceOnly ? d.printAct : d.printNote}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => window.open(shipmentPrintUrl(s.id, 'packing-list'), '_blank')}
          >
            <PrinterIcon aria-hidden="true" />
            {d.printPacking}
          </Button>
        </div>
        {!canChange ? <p className="text-sm text-muted-foreground">{d.readOnly}</p> : null}
        {canChange && serialGaps.length ? (
          <div id={gapsId} className="text-sm text-amber-800 dark:text-amber-300">
            <p>{d.serialGaps}:</p>
            <ul className="list-inside list-disc">
              {serialGaps.map((line) => (
                <li key={line.id}>
                  {shipmentMessages.serialCount(line.lineNo, line.sku, line.serials.length, serialQtyOf(line))}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {s.status === 'cancelled' && s.waybillState === 'created' && s.deliveryStatus === 'created' && canChange ? (
          <FormFailure>
            <span>{d.offerDeleteWaybill}</span>
            <Button size="sm" variant="outline" onClick={() => setConfirm('deleteWaybill')}>
              <Trash2Icon aria-hidden="true" />
              {shipmentsWebMessages.np.delete}
            </Button>
          </FormFailure>
        ) : null}
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </div>

      <Facts shipment={s} />
      <ShipmentLinks shipment={s} />

      <section className="grid gap-3" aria-label={d.lines}>
        <h3 className="text-base font-semibold">{d.lines}</h3>
        <ol className="grid gap-3">
          {s.lines.map((line) => (
            <LineCard
              key={line.id}
              shipment={s}
              line={line}
              editable={linesEditable}
              qty={form.lines[line.id] ?? ''}
              error={errors[`line:${line.id}`]}
              onQty={(qty) => {
                setForm((f) => ({ ...f, lines: { ...f.lines, [line.id]: qty } }));
                setErrors((e) => ({ ...e, [`line:${line.id}`]: '' }));
              }}
              serialQty={serialQtyOf(line)}
              serialPending={serials.isPending && serials.variables?.line.id === line.id}
              serialError={serialErrors[line.id]}
              onSerials={(next) => serials.mutate({ line, next })}
            />
          ))}
        </ol>
        <dl className="grid justify-items-end gap-1 text-sm" aria-label={d.totals}>
          {[
            [d.totalNet, s.totalNet],
            [d.totalVat, s.totalVat],
            [d.totalGross, s.totalGross],
          ].map(([label, value]) => (
            <div key={label} className="flex w-full max-w-xs justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">
                {formatMoney(value!)} {s.currencyCode === 'UAH' ? shipmentsWebMessages.np.uah : s.currencyCode}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <DeliverySection
        shipment={s}
        form={form}
        errors={errors}
        editable={deliveryEditable}
        manualTracking={opts.manualTracking}
        set={set}
        setForm={setForm}
      />

      {deliveryEditable || linesEditable || opts.manualTracking ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setFailure(null);
              save.mutate();
            }}
          >
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {save.isPending ? d.saving : d.save}
          </Button>
          {dirty ? <span className="text-sm text-amber-700 dark:text-amber-300">{d.unsaved}</span> : null}
        </div>
      ) : null}

      {s.carrierKind === 'nova_poshta' ? (
        <NpBlock shipment={s} canChange={canChange} pending={npPending} onAction={(kind) => void runNp(kind)} />
      ) : s.carrierKind === null && canChange && s.status !== 'cancelled' ? (
        <p className="text-sm text-muted-foreground">{shipmentsWebMessages.np.notNp}</p>
      ) : null}
      {s.trackingHistory.length > 0 || s.carrierKind === 'nova_poshta' ? <TrackingTimeline shipment={s} /> : null}

      {confirm === 'post' ? (
        <ConfirmDialog
          title={shipmentsWebMessages.confirmPost.title}
          description={shipmentsWebMessages.confirmPost.description(s.number, s.warehouseName)}
          confirmLabel={shipmentsWebMessages.confirmPost.confirm}
          cancelLabel={shipmentsWebMessages.confirmPost.cancel}
          pending={action.isPending}
          onConfirm={() => {
            if (!serialGaps.length) action.mutate('post');
          }}
          onClose={() => {
            setConfirm(null);
            action.reset();
          }}
        >
          {actionFailure ? <FormFailure>{actionFailure}</FormFailure> : null}
        </ConfirmDialog>
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmDialog
          title={shipmentsWebMessages.confirmDelete.title}
          description={shipmentsWebMessages.confirmDelete.description(s.number)}
          confirmLabel={shipmentsWebMessages.confirmDelete.confirm}
          cancelLabel={shipmentsWebMessages.confirmDelete.cancel}
          pending={action.isPending}
          destructive
          onConfirm={() => action.mutate('delete')}
          onClose={() => {
            setConfirm(null);
            action.reset();
          }}
        >
          {actionFailure ? <FormFailure>{actionFailure}</FormFailure> : null}
        </ConfirmDialog>
      ) : null}
      {confirm === 'deleteWaybill' ? (
        <ConfirmDialog
          title={shipmentsWebMessages.confirmDeleteWaybill.title}
          description={shipmentsWebMessages.confirmDeleteWaybill.description(s.trackingNumber ?? '')}
          confirmLabel={shipmentsWebMessages.confirmDeleteWaybill.confirm}
          cancelLabel={shipmentsWebMessages.confirmDeleteWaybill.cancel}
          pending={action.isPending}
          destructive
          onConfirm={() => action.mutate('deleteWaybill')}
          onClose={() => {
            setConfirm(null);
            action.reset();
          }}
        >
          {actionFailure ? <FormFailure>{actionFailure}</FormFailure> : null}
        </ConfirmDialog>
      ) : null}
      {confirm === 'cancel' ? (
        <CancelDialog
          shipment={s}
          onCancelled={(next) => {
            setConfirm(null);
            accept(next, true);
          }}
          onClose={() => setConfirm(null)}
        />
      ) : null}
    </>
  );
}
