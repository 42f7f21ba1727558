// The delivery and parcel fields of a shipment's drawer (sales.md §3): carrier, sender profile, recipient, the Nova
// Poshta city and branch (or an address), the service, payer and payment, the parcel and its seats, and the tracking
// kept by hand for other carriers. Editable while no waybill pins them.
import { useId, type ReactNode } from 'react';
import { PlusIcon, XIcon } from 'lucide-react';
import {
  deliveryStatuses,
  deliveryStatusLabels,
  deliveryTypeLabels,
  deliveryTypes,
  senderProfileLabels,
  type Shipment,
} from '@/modules/shipments/shipments.contract.ts';
import {
  payerTypeLabels,
  payerTypes,
  paymentMethodLabels,
  paymentMethods,
  serviceTypeLabels,
  serviceTypes,
} from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { cn } from '@/web/lib/utils.ts';
import { NpBranchPicker, NpCityPicker } from './np-pickers.tsx';
import type { ShipmentForm } from './shipment-form.ts';
import { shipmentsWebMessages } from './shipments.messages.ts';

const d = shipmentsWebMessages.drawer;
const NONE = '__none';

export function DeliverySection({
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
