// The drawer of one shipment (sales.md §3): its facts, the lines (a draft's quantities and each serial-tracked line's
// serial picker), the delivery and parcel fields (while no waybill pins them), the Nova Poshta block and the tracking
// timeline, and the actions of its status — 'Провести', 'Видалити', 'Скасувати' {reason} — each confirmed, plus the
// print forms. A posting or a waybill saves unsaved changes first.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CheckCheckIcon, Loader2Icon, PlusIcon, PrinterIcon, SaveIcon, Trash2Icon, XIcon } from 'lucide-react';
import {
  deliveryStatuses,
  deliveryStatusLabels,
  deliveryTypeLabels,
  deliveryTypes,
  senderProfileLabels,
  shipmentCancelSchema,
  type Shipment,
  type ShipmentLine,
} from '@/modules/shipments/shipments.contract.ts';
import {
  payerTypeLabels,
  payerTypes,
  paymentMethodLabels,
  paymentMethods,
  serviceTypeLabels,
  serviceTypes,
} from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { NpBranchPicker, NpCityPicker } from './np-pickers.tsx';
import { cmp, dec } from '@/shared/decimal.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, formatMoney, formatQty, formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { NpBlock, TrackingTimeline, type NpAction } from './np-block.tsx';
import { SerialPicker } from './serial-picker.tsx';
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

const d = shipmentsWebMessages.drawer;
const NONE = '__none';
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
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
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
            <ShipmentBody key={s.id} shipment={s} canChange={canChange} onChanged={onChanged} onClose={onClose} />
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
      if (/^\d+(\.\d+)?$/.test(typed) && cmp(dec(typed), dec(line.remainingQty)) > 0) {
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

  const serials = useMutation({
    mutationFn: ({ line, add, remove }: { line: ShipmentLine; add?: string[]; remove?: number }) =>
      shipmentsApi.update(s.id, {
        version: s.version,
        lines: [
          {
            id: line.id,
            serialIds: line.serials.map((x) => x.id).filter((id) => id !== remove),
            ...(add ? { serials: add } : {}),
          },
        ],
      }),
    onSuccess: (next, { line }) => {
      setSerialErrors((e) => ({ ...e, [line.id]: '' }));
      accept(next, false);
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
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2" role="group" aria-label={shipmentsWebMessages.columns.status}>
          {canChange && draft ? (
            <>
              <Button size="sm" onClick={() => setConfirm('post')} disabled={action.isPending}>
                <CheckCheckIcon aria-hidden="true" />
                {d.post}
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
              serialPending={serials.isPending && serials.variables?.line.id === line.id}
              serialError={serialErrors[line.id]}
              onAddSerials={(add) => serials.mutate({ line, add })}
              onRemoveSerial={(remove) => serials.mutate({ line, remove })}
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
          onConfirm={() => action.mutate('post')}
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

function Facts({ shipment: s }: { shipment: Shipment }) {
  const facts: Array<[string, ReactNode]> = [
    [
      d.order,
      <span key="order" className="font-mono">
        {s.orderNumber}
      </span>,
    ],
    [d.client, s.clientName],
    [d.date, formatDateUk(s.shipmentDate)],
    [d.warehouse, s.warehouseName],
  ];
  if (s.postedAt) facts.push([d.postedAt, formatTimestampUk(s.postedAt)]);
  if (s.cancelledAt) facts.push([d.cancelledAt, formatTimestampUk(s.cancelledAt)]);
  if (s.cancelReason) facts.push([d.cancelReason, s.cancelReason]);
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LineCard({
  shipment: s,
  line,
  editable,
  qty,
  error,
  onQty,
  serialPending,
  serialError,
  onAddSerials,
  onRemoveSerial,
}: {
  shipment: Shipment;
  line: ShipmentLine;
  editable: boolean;
  qty: string;
  error: string | undefined;
  onQty: (qty: string) => void;
  serialPending: boolean;
  serialError: string | undefined;
  onAddSerials: (serials: string[]) => void;
  onRemoveSerial: (id: number) => void;
}) {
  const id = useId();
  const unit = line.unitShortName ? ` ${line.unitShortName}` : '';
  const cells: Array<[string, string]> = [
    [d.ordered, `${formatQty(line.orderedQty)}${unit}`],
    [d.remaining, `${formatQty(line.remainingQty)}${unit}`],
  ];
  if (s.status === 'draft' && line.itemKind !== 'service')
    cells.push([d.reserved, `${formatQty(line.reservedQty)}${unit}`]);
  cells.push([d.price, formatMoney(line.unitPrice)], [d.sum, formatMoney(line.lineGross)]);
  if (line.unitCost !== null) cells.push([d.unitCost, formatMoney(line.unitCost)]);
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="font-semibold">{line.lineNo}. </span>
          {line.itemName}
          <span className="block text-xs text-muted-foreground">{d.sku(line.sku)}</span>
        </p>
        {editable ? (
          <div className="grid w-32 gap-1">
            <Label htmlFor={id} className="text-xs">
              {d.qty}
            </Label>
            <Input
              id={id}
              inputMode="decimal"
              className="text-right tabular-nums"
              value={qty}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-message`}
              onChange={(event) => onQty(event.target.value)}
            />
          </div>
        ) : (
          <span className="text-sm font-medium whitespace-nowrap tabular-nums">
            {formatQty(line.qty)}
            {unit}
          </span>
        )}
      </div>
      {editable ? <FieldMessage id={`${id}-message`} error={error} /> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {cells.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 sm:grid sm:justify-start sm:gap-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {line.serialTracking ? (
        <SerialPicker
          line={line}
          editable={editable}
          pending={serialPending}
          error={serialError}
          onAdd={onAddSerials}
          onRemove={onRemoveSerial}
        />
      ) : null}
    </li>
  );
}

function DeliverySection({
  shipment: s,
  form,
  errors,
  editable,
  manualTracking,
  set,
  setForm,
}: {
  shipment: Shipment;
  form: ShipmentForm;
  errors: Record<string, string>;
  editable: boolean;
  manualTracking: boolean;
  set: <K extends keyof ShipmentForm>(key: K, value: ShipmentForm[K]) => void;
  setForm: (update: (f: ShipmentForm) => ShipmentForm) => void;
}) {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const described = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id(name)}-message`,
  });
  const field = (name: string, label: string, control: ReactNode, className?: string) => (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id(name)}>{label}</Label>
      {control}
      <FieldMessage id={`${id(name)}-message`} error={errors[name] || undefined} />
    </div>
  );
  const text = (name: keyof ShipmentForm & string, label: string, inputProps: Record<string, unknown> = {}) =>
    field(
      name,
      label,
      <Input
        id={id(name)}
        value={form[name] as string}
        disabled={!editable}
        onChange={(event) => set(name, event.target.value as never)}
        {...described(name)}
        {...inputProps}
      />,
    );
  const select = (
    name: 'serviceType' | 'payerType' | 'paymentMethod' | 'deliveryType',
    label: string,
    values: readonly string[],
    labels: Record<string, string>,
  ) =>
    field(
      name,
      label,
      <Select
        value={form[name] || NONE}
        onValueChange={(v) => set(name, (v === NONE ? '' : v) as never)}
        disabled={!editable}
      >
        <SelectTrigger id={id(name)} {...described(name)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{shipmentsWebMessages.none}</SelectItem>
          {values.map((v) => (
            <SelectItem key={v} value={v}>
              {labels[v]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>,
    );
  const np = s.carrierKind === 'nova_poshta' || form.deliveryType === 'branch' || form.deliveryType === 'postomat';

  return (
    <section className="grid gap-4" aria-label={d.delivery}>
      <h3 className="text-base font-semibold">{d.delivery}</h3>
      {!editable && ['creating', 'created', 'unknown'].includes(s.waybillState) && s.status !== 'cancelled' ? (
        <p className="text-sm text-muted-foreground">{d.lockedByWaybill}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          'carrierId',
          d.carrier,
          <ReferencePicker
            id={id('carrierId')}
            route="/carriers"
            value={form.carrierId}
            valueLabel={form.carrierLabel}
            clearLabel={d.carrierNone}
            disabled={!editable}
            onChange={(carrierId, label) => setForm((f) => ({ ...f, carrierId, carrierLabel: label }))}
            {...described('carrierId')}
          />,
        )}
        {s.clientNpProfile || form.senderProfile === 'client'
          ? field(
              'senderProfile',
              d.senderProfile,
              <Select
                value={form.senderProfile}
                onValueChange={(v) => set('senderProfile', v as 'own' | 'client')}
                disabled={!editable}
              >
                <SelectTrigger id={id('senderProfile')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="own">{senderProfileLabels.own}</SelectItem>
                  <SelectItem value="client">{senderProfileLabels.client}</SelectItem>
                </SelectContent>
              </Select>,
            )
          : null}
        {text('recipientName', d.recipientName, { autoComplete: 'off' })}
        {text('recipientPhone', d.recipientPhone, { type: 'tel', inputMode: 'tel', placeholder: '+380XXXXXXXXX' })}
        {select('deliveryType', d.deliveryType, deliveryTypes, deliveryTypeLabels)}
        {np
          ? field(
              'npCityRef',
              d.npCity,
              <NpCityPicker
                id={id('npCityRef')}
                cityRef={form.npCityRef}
                cityName={form.npCityName}
                disabled={!editable}
                onChange={(city) =>
                  setForm((f) => ({
                    ...f,
                    npCityRef: city.ref,
                    npCityName: city.name,
                    ...(f.npCityRef === city.ref
                      ? {}
                      : { npWarehouseRef: null, npWarehouseNumber: null, npWarehouseAddress: null }),
                  }))
                }
                {...described('npCityRef')}
              />,
            )
          : null}
        {np && form.deliveryType !== 'address'
          ? field(
              'npWarehouseRef',
              form.deliveryType === 'postomat' ? d.npPostomat : d.npBranch,
              <NpBranchPicker
                id={id('npWarehouseRef')}
                cityRef={form.npCityRef}
                type={
                  form.deliveryType === 'postomat' ? 'postomat' : form.deliveryType === 'branch' ? 'branch' : undefined
                }
                warehouseRef={form.npWarehouseRef}
                warehouseLabel={
                  form.npWarehouseAddress ?? (form.npWarehouseNumber ? `№ ${form.npWarehouseNumber}` : null)
                }
                disabled={!editable}
                onChange={(w) =>
                  setForm((f) => ({
                    ...f,
                    npWarehouseRef: w.ref,
                    npWarehouseNumber: w.number,
                    npWarehouseAddress: w.description,
                  }))
                }
                {...described('npWarehouseRef')}
              />,
            )
          : null}
        {!np || form.deliveryType === 'address' ? text('address', d.address) : null}
        {select('serviceType', d.serviceType, serviceTypes, serviceTypeLabels)}
        {select('payerType', d.payerType, payerTypes, payerTypeLabels)}
        {select('paymentMethod', d.paymentMethod, paymentMethods, paymentMethodLabels)}
      </div>

      <h4 className="text-sm font-semibold">{d.parcel}</h4>
      <div className="grid gap-3 sm:grid-cols-3">
        {text('weightKg', d.weightKg, { inputMode: 'decimal' })}
        {text('declaredValue', d.declaredValue, { inputMode: 'decimal' })}
        {text('codAmount', d.codAmount, { inputMode: 'decimal' })}
        <div className="sm:col-span-3">{text('description', d.description, { maxLength: 100 })}</div>
      </div>
      <SeatsEditor form={form} errors={errors} editable={editable} setForm={setForm} />

      {manualTracking ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {text('trackingNumber', d.trackingNumber, { autoComplete: 'off' })}
          {field(
            'deliveryStatus',
            d.deliveryStatusManual,
            <Select
              value={form.deliveryStatus}
              onValueChange={(v) => set('deliveryStatus', v as ShipmentForm['deliveryStatus'])}
            >
              <SelectTrigger id={id('deliveryStatus')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {deliveryStatuses.map((v) => (
                  <SelectItem key={v} value={v}>
                    {deliveryStatusLabels[v]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>,
          )}
        </div>
      ) : s.carrierKind !== 'nova_poshta' && s.trackingNumber ? (
        <p className="text-sm">
          {d.trackingNumber}: <span className="font-mono">{s.trackingNumber}</span>{' '}
          {s.trackingUrl ? (
            <a href={s.trackingUrl} target="_blank" rel="noreferrer" className="text-primary hover:underline">
              {d.trackingLink}
            </a>
          ) : null}
        </p>
      ) : null}
      {editable || s.notes
        ? field(
            'notes',
            d.notes,
            <Textarea
              id={id('notes')}
              rows={2}
              maxLength={2000}
              value={form.notes}
              disabled={!editable}
              onChange={(event) => set('notes', event.target.value)}
            />,
          )
        : null}
    </section>
  );
}

function SeatsEditor({
  form,
  errors,
  editable,
  setForm,
}: {
  form: ShipmentForm;
  errors: Record<string, string>;
  editable: boolean;
  setForm: (update: (f: ShipmentForm) => ShipmentForm) => void;
}) {
  const base = useId();
  if (!form.seats.length && !editable) return null;
  const keys = [
    ['weightKg', d.seatWeight],
    ['lengthCm', d.seatLength],
    ['widthCm', d.seatWidth],
    ['heightCm', d.seatHeight],
  ] as const;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">{d.seats}</span>
      <ol className="grid gap-2">
        {form.seats.map((seat, i) => (
          <li
            key={i}
            className="grid grid-cols-2 items-end gap-2 rounded-md border p-2 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
          >
            {keys.map(([key, label]) => {
              const inputId = `${base}-${i}-${key}`;
              const error = errors[`seats.${i}.${key}`];
              return (
                <div key={key} className="grid gap-1">
                  <Label htmlFor={inputId} className="text-xs">
                    {label}
                  </Label>
                  <Input
                    id={inputId}
                    inputMode="decimal"
                    value={seat[key]}
                    disabled={!editable}
                    aria-invalid={error ? true : undefined}
                    title={error}
                    onChange={(event) =>
                      setForm((f) => ({
                        ...f,
                        seats: f.seats.map((x, j) => (j === i ? { ...x, [key]: event.target.value } : x)),
                      }))
                    }
                  />
                </div>
              );
            })}
            {editable ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={d.seatRemove(i + 1)}
                onClick={() => setForm((f) => ({ ...f, seats: f.seats.filter((_, j) => j !== i) }))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {Object.keys(errors).some((k) => k.startsWith('seats.')) ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {Object.entries(errors).find(([k, v]) => k.startsWith('seats.') && v)?.[1]}
        </p>
      ) : null}
      {editable ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            setForm((f) => ({ ...f, seats: [...f.seats, { weightKg: '', lengthCm: '', widthCm: '', heightCm: '' }] }))
          }
        >
          <PlusIcon aria-hidden="true" />
          {d.seatAdd}
        </Button>
      ) : null}
    </div>
  );
}

function CancelDialog({
  shipment,
  onCancelled,
  onClose,
}: {
  shipment: Shipment;
  onCancelled: (shipment: Shipment) => void;
  onClose: () => void;
}) {
  const c = shipmentsWebMessages.confirmCancel;
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const cancel = useMutation({
    mutationFn: (text: string) => shipmentsApi.cancel(shipment.id, text),
    onSuccess: (next) => {
      toast({ title: shipmentsWebMessages.toast.cancelled, description: next.number });
      onCancelled(next);
    },
  });
  function confirm() {
    const parsed = shipmentCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    cancel.mutate(parsed.data.reason);
  }
  return (
    <ConfirmDialog
      title={c.title}
      description={c.description(shipment.number)}
      confirmLabel={c.confirm}
      cancelLabel={c.cancel}
      pending={cancel.isPending}
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>
          {c.reason}
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        </Label>
        <Textarea
          id={reasonId}
          rows={3}
          maxLength={500}
          placeholder={c.reasonPlaceholder}
          value={reason}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${reasonId}-message`}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <FieldMessage id={`${reasonId}-message`} error={error} />
        {cancel.error ? (
          <FormFailure>{serverMessageOf(cancel.error) ?? shipmentsWebMessages.toast.actionFailed}</FormFailure>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
