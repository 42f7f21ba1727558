// The create/edit dialog of a client order (sales.md §1 Page, 'The form'): the client (search) with its contact and
// terms, the selling company, the ship-from warehouse, the manager, dates, currency and VAT mode, a delivery preset
// picker that fills the delivery snapshot (which stays editable), the lines grid and live totals computed with the
// shared rule (the server's figures are authoritative). Checked with the contract's schema before it is sent; the
// server's field errors land on the inputs they name. Stored lines keep their ids; removed ones go as deletedLineIds.
// The client combobox creates a client inline (a nested dialog) for users who may change /clients.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import type { Order, OrderBody, OrderClientContext } from '@/modules/orders/orders.contract.ts';
import { deliveryLabels } from '@/modules/clients/clients.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { DateField } from '@/web/components/date-field.tsx';
import { useUnsavedChanges } from '@/web/components/unsaved-changes.tsx';
import { ClientCreateDialog } from './client-create-dialog.tsx';
import { ClientPicker, CLIENTS_ROUTE } from './client-picker.tsx';
import { formatMoney, money, typedLineAmounts, typedTotals } from './order-format.ts';
import { BASE_CURRENCY, NONE, orderResolver, toForm, type OrderForm, type OrderFormValues } from './order-form.ts';
import { OrderLines } from './order-lines.tsx';
import { FormFailure } from './order-parts.tsx';
import { clientContextQueryKey, ordersApi } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';
import { currencyUk } from '@/shared/decimal-format.ts';

const m = ordersWebMessages.form;

const FIELD_NAMES = [
  'clientId',
  'contactId',
  'companyId',
  'warehouseId',
  'managerUserId',
  'orderDate',
  'dueDate',
  'paymentDueDate',
  'currencyCode',
  'fxRate',
  'carrierId',
  'recipientName',
  'recipientPhone',
  'externalNumber',
  'lines',
];

function applyFieldErrors(error: unknown, form: OrderForm): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let placed = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const ok =
      FIELD_NAMES.includes(key) || /^lines\.\d+\.(itemId|qty|unitId|unitPrice|discountPercent|vatRate)$/.test(key);
    if (!ok) continue;
    form.setError(key as FieldPath<OrderFormValues>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

type Preset = OrderClientContext['presets'][number];

/** The preset's place and terms, copied into the order's snapshot fields. */
function applyPreset(form: OrderForm, preset: Preset) {
  const set = (name: FieldPath<OrderFormValues>, value: unknown) =>
    form.setValue(name, value as never, { shouldDirty: true });
  set('deliveryPresetId', String(preset.id));
  set('carrierId', preset.carrierId);
  set('carrierLabel', preset.carrierName);
  set('recipientName', preset.recipientName);
  set('recipientPhone', preset.recipientPhone);
  set('npCityRef', preset.cityRef ?? '');
  set('npCityName', preset.cityName ?? '');
  set('deliveryType', preset.deliveryType);
  set('npWarehouseRef', preset.warehouseRef ?? '');
  set('npWarehouseNumber', preset.warehouseNumber ?? '');
  set('npWarehouseAddress', preset.warehouseAddress ?? '');
  set('address', preset.address ?? '');
  set('serviceType', preset.serviceType);
  set('payerType', preset.payerType);
  set('paymentMethod', preset.paymentMethod);
  set('codEnabled', preset.codEnabled);
}

export function OrderDialog({
  order,
  onSaved,
  onClose,
}: {
  /** Absent when creating. */
  order?: Order;
  onSaved: (order: Order) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const form = useForm<OrderFormValues, unknown, OrderBody>({ resolver: orderResolver, defaultValues: toForm(order) });
  const { errors, isDirty } = form.formState;
  // A filled form is not thrown away by Esc, the close button or a click outside without a question (issue 20).
  const unsaved = useUnsavedChanges(isDirty);
  const [failure, setFailure] = useState<string | null>(null);
  /** The name typed in the client search when 'Створити клієнта' was chosen; null while not creating. */
  const [newClientName, setNewClientName] = useState<string | null>(null);
  const canCreateClient = usePermission(CLIENTS_ROUTE).canAccess;
  const watched = useWatch({ control: form.control });
  const currency = (watched.currencyCode ?? '').trim().toUpperCase() || BASE_CURRENCY;
  const isBase = currency === BASE_CURRENCY;
  const status = order?.status ?? 'draft';
  const clientQuery = useQuery<OrderClientContext>({
    queryKey: clientContextQueryKey(watched.clientId ?? 0),
    enabled: watched.clientId != null,
  });
  const client = watched.clientId != null ? clientQuery.data : undefined;

  const save = useMutation({
    mutationFn: (body: OrderBody) => {
      if (!order) return ordersApi.create(body);
      const kept = new Set(body.lines.map((l) => l.id).filter((id): id is number => id !== undefined));
      return ordersApi.update(order.id, {
        ...body,
        version: order.version,
        deletedLineIds: order.lines.map((l) => l.id).filter((id) => !kept.has(id)),
      });
    },
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: order ? m.saved : m.created, description: saved.orderNumber });
      onSaved(saved);
    },
    onError: (error) => {
      const placed = applyFieldErrors(error, form);
      setFailure(placed ? null : (serverMessageOf(error) ?? m.saveFailed));
    },
  });

  async function changeClient(clientId: number | null, label: string | null) {
    form.setValue('clientLabel', label);
    form.setValue('clientId', clientId, { shouldValidate: form.formState.isSubmitted });
    form.setValue('contactId', NONE);
    form.setValue('deliveryPresetId', NONE);
    if (clientId == null) return;
    try {
      const context = await queryClient.fetchQuery<OrderClientContext>({ queryKey: clientContextQueryKey(clientId) });
      if (form.getValues('clientId') !== clientId) return;
      const primary = context.contacts.find((c) => c.isPrimary) ?? context.contacts[0];
      if (primary) form.setValue('contactId', String(primary.id));
      // A new order takes the client's primary delivery preset at once; its fields stay editable.
      const preset = context.presets.find((p) => p.isPrimary) ?? context.presets[0];
      if (!order && preset && !form.getValues('recipientName')) applyPreset(form, preset);
    } catch {
      // The context query shows its own state; the form still works without it.
    }
  }

  const idOf = (name: string) => `${formId}-${name}`;
  const errorOf = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const field = (name: string, label: string, input: ReactNode, opts: { required?: boolean; hint?: string } = {}) => (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={idOf(name)}>
        {label}
        {opts.required ? (
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {input}
      <FieldMessage id={`${idOf(name)}-message`} error={errorOf(name)} hint={opts.hint} />
    </div>
  );
  const aria = (name: string, required = false) => ({
    id: idOf(name),
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
    'aria-required': required ? true : undefined,
  });
  const text = (name: keyof OrderFormValues, props: Record<string, unknown> = {}) => (
    <Input {...aria(name)} {...props} {...form.register(name)} />
  );
  // Dates are typed дд.мм.рррр in every browser (the toolkit's DateField), not in the browser's own date format.
  const date = (name: 'orderDate' | 'dueDate' | 'paymentDueDate', required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => <DateField {...aria(name, required)} value={f.value ?? ''} onChange={f.onChange} />}
    />
  );
  const choice = (
    name: 'deliveryType' | 'serviceType' | 'payerType' | 'paymentMethod',
    options: Record<string, string>,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <Select value={f.value} onValueChange={f.onChange}>
          <SelectTrigger id={idOf(name)} ref={f.ref}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{m.notSet}</SelectItem>
            {Object.entries(options).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
  const picker = (
    name: 'companyId' | 'warehouseId' | 'managerUserId' | 'carrierId',
    labelName: 'companyLabel' | 'warehouseLabel' | 'managerLabel' | 'carrierLabel',
    route: string,
    clearLabel: string,
    disabled = false,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <ReferencePicker
          ref={f.ref}
          route={route}
          value={f.value}
          valueLabel={watched[labelName] ?? null}
          placeholder={clearLabel}
          clearLabel={clearLabel}
          disabled={disabled}
          onChange={(value, label) => {
            form.setValue(labelName, label);
            f.onChange(value);
          }}
          onBlur={f.onBlur}
          {...aria(name)}
        />
      )}
    />
  );

  const totals = typedTotals(
    (watched.lines ?? []).map((l) =>
      typedLineAmounts(
        {
          qty: l?.qty ?? '',
          unitPrice: l?.unitPrice ?? '',
          vatRate: l?.vatRate ?? '20',
          discountPercent: l?.discountPercent ?? '',
        },
        watched.pricesIncludeVat ?? false,
        client?.discountPercent ?? null,
      ),
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && unsaved.attempt(onClose)}>
      <DialogContent className="max-h-[95vh] gap-5 overflow-y-auto p-4 sm:max-w-6xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{order ? m.editTitle(order.orderNumber) : m.createTitle}</DialogTitle>
          <DialogDescription>{order ? m.editDescription : m.createDescription}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid min-w-0 gap-6"
          onSubmit={form.handleSubmit((body) => save.mutate(body))}
        >
          <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {field(
              'clientId',
              m.client,
              <Controller
                control={form.control}
                name="clientId"
                render={({ field: f }) => (
                  <ClientPicker
                    ref={f.ref}
                    value={f.value}
                    valueLabel={watched.clientLabel ?? null}
                    placeholder={m.clientPlaceholder}
                    disabled={status !== 'draft'}
                    canCreate={canCreateClient}
                    onChange={(value, label) => void changeClient(value, label)}
                    onCreate={setNewClientName}
                    onBlur={f.onBlur}
                    {...aria('clientId', true)}
                  />
                )}
              />,
              {
                required: true,
                hint: client
                  ? client.isActive
                    ? m.clientTerms(client.paymentTermDays, client.discountPercent, client.priceList)
                    : m.clientInactive
                  : undefined,
              },
            )}
            {field(
              'contactId',
              m.contact,
              <Controller
                control={form.control}
                name="contactId"
                render={({ field: f }) => (
                  <Select value={f.value} onValueChange={f.onChange} disabled={!client}>
                    <SelectTrigger id={idOf('contactId')} ref={f.ref}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>{m.contactNone}</SelectItem>
                      {(client?.contacts ?? []).map((c) => (
                        <SelectItem key={c.id} value={String(c.id)}>
                          {[c.fullName, c.phone].filter(Boolean).join(', ')}
                        </SelectItem>
                      ))}
                      {order?.contactId && !client?.contacts.some((c) => c.id === order.contactId) ? (
                        <SelectItem value={String(order.contactId)}>
                          {order.contactName ?? `#${order.contactId}`}
                        </SelectItem>
                      ) : null}
                    </SelectContent>
                  </Select>
                )}
              />,
            )}
            {field(
              'companyId',
              m.company,
              picker('companyId', 'companyLabel', '/companies', m.companyDefault, status === 'partially_shipped'),
            )}
            {field(
              'warehouseId',
              m.warehouse,
              picker(
                'warehouseId',
                'warehouseLabel',
                '/warehouses',
                m.warehouseDefault,
                status === 'partially_shipped',
              ),
            )}
            {field('managerUserId', m.manager, picker('managerUserId', 'managerLabel', '/users', m.managerDefault))}
            {field('orderDate', m.orderDate, date('orderDate', true), {
              required: true,
            })}
            {field('dueDate', m.dueDate, date('dueDate'))}
            {field('paymentDueDate', m.paymentDueDate, date('paymentDueDate'), {
              hint: m.paymentDueHint,
            })}
            <div className="grid grid-cols-2 gap-3">
              {field(
                'currencyCode',
                m.currency,
                text('currencyCode', { maxLength: 3, className: 'uppercase', disabled: status !== 'draft' }),
              )}
              {isBase
                ? null
                : field(
                    'fxRate',
                    m.fxRate(currency),
                    text('fxRate', { inputMode: 'decimal', disabled: status !== 'draft' }),
                    { required: true },
                  )}
            </div>
            {field('externalNumber', m.externalNumber, text('externalNumber', { maxLength: 60 }))}
            <div className="flex items-center gap-3 self-end pb-2">
              <Controller
                control={form.control}
                name="pricesIncludeVat"
                render={({ field: f }) => (
                  <Switch id={idOf('pricesIncludeVat')} checked={f.value} onCheckedChange={f.onChange} />
                )}
              />
              <Label htmlFor={idOf('pricesIncludeVat')}>{m.pricesIncludeVat}</Label>
            </div>
          </fieldset>

          <OrderLines
            form={form}
            formId={formId}
            disabled={save.isPending}
            currency={currency}
            pricing={{
              priceList: client?.priceList ?? 'retail',
              discountPercent: client?.discountPercent ?? null,
              pricesIncludeVat: watched.pricesIncludeVat ?? false,
              warehouseId: watched.warehouseId ?? order?.warehouseId ?? null,
            }}
          />

          <div className="grid justify-items-end gap-1">
            <dl className="grid gap-1 text-sm" aria-label={m.totalGross}>
              {(
                [
                  [m.totalNet, totals.net],
                  [m.totalVat, totals.vat],
                  [m.totalGross, totals.gross],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-6">
                  <dt className="text-muted-foreground">{`${label}, ${currencyUk(currency)}`}</dt>
                  <dd className="font-medium tabular-nums">{formatMoney(money(value))}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-muted-foreground">{m.totalsHint}</p>
          </div>

          <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 rounded-lg border p-3 sm:p-4">
            <legend className="px-1 text-base font-semibold">{m.delivery}</legend>
            <div className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {field(
                'deliveryPresetId',
                m.preset,
                <Select
                  value={watched.deliveryPresetId ?? NONE}
                  disabled={!client}
                  onValueChange={(value) => {
                    const preset = client?.presets.find((p) => String(p.id) === value);
                    if (preset) applyPreset(form, preset);
                    else form.setValue('deliveryPresetId', NONE);
                  }}
                >
                  <SelectTrigger id={idOf('deliveryPresetId')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>{m.presetNone}</SelectItem>
                    {(client?.presets ?? []).map((p) => (
                      <SelectItem key={p.id} value={String(p.id)}>
                        {p.label}
                      </SelectItem>
                    ))}
                    {order?.deliveryPresetId && !client?.presets.some((p) => p.id === order.deliveryPresetId) ? (
                      <SelectItem value={String(order.deliveryPresetId)}>{`#${order.deliveryPresetId}`}</SelectItem>
                    ) : null}
                  </SelectContent>
                </Select>,
                { hint: client && client.presets.length === 0 ? m.noPresets : m.presetHint },
              )}
              {field('carrierId', m.carrier, picker('carrierId', 'carrierLabel', '/carriers', m.carrierNone))}
              {field('deliveryType', m.deliveryType, choice('deliveryType', deliveryLabels.deliveryType))}
              {field('recipientName', m.recipientName, text('recipientName', { maxLength: 200 }))}
              {field('recipientPhone', m.recipientPhone, text('recipientPhone', { maxLength: 40, type: 'tel' }))}
              {field('npCityName', m.city, text('npCityName', { maxLength: 200 }))}
              {field('npWarehouseNumber', m.branch, text('npWarehouseNumber', { maxLength: 20 }))}
              {field('npWarehouseAddress', m.branchAddress, text('npWarehouseAddress', { maxLength: 300 }))}
              {field('address', m.address, text('address', { maxLength: 500 }))}
              {field('serviceType', m.serviceType, choice('serviceType', deliveryLabels.serviceType))}
              {field('payerType', m.payerType, choice('payerType', deliveryLabels.payerType))}
              {field('paymentMethod', m.paymentMethod, choice('paymentMethod', deliveryLabels.paymentMethod))}
              <div className="flex items-center gap-3 self-end pb-2">
                <Controller
                  control={form.control}
                  name="codEnabled"
                  render={({ field: f }) => (
                    <Switch id={idOf('codEnabled')} checked={f.value} onCheckedChange={f.onChange} />
                  )}
                />
                <Label htmlFor={idOf('codEnabled')}>{m.cod}</Label>
              </div>
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              'clientNotes',
              m.clientNotes,
              <Textarea rows={2} maxLength={2000} {...aria('clientNotes')} {...form.register('clientNotes')} />,
            )}
            {field(
              'notes',
              m.notes,
              <Textarea rows={2} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
            )}
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        {newClientName !== null ? (
          // Outside the order's <form> in React's tree too, so its submit never reaches the order form.
          <ClientCreateDialog
            initialName={newClientName}
            onClose={() => setNewClientName(null)}
            onCreated={(created) => {
              setNewClientName(null);
              form.clearErrors('clientId');
              void changeClient(created.id, created.label);
            }}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => unsaved.attempt(onClose)}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {save.isPending ? m.saving : m.save}
          </Button>
        </DialogFooter>
      </DialogContent>
      {unsaved.prompt}
    </Dialog>
  );
}
