// The create/edit dialog of a supplier order (warehouse.md §5): supplier, warehouse, dates, currency, VAT mode and
// the lines (item, quantity, price, VAT, the line's own delivery date). Checked with the contract's schema before it
// is sent; the server's field errors land on the inputs they name. Stored lines keep their ids, so receipts linked to
// them stay linked.
import { useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Loader2Icon, PackageIcon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import {
  orderCreateSchema,
  vatRates,
  type Order,
  type OrderBody,
  type OrderCreateInput,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { money, parseDecimalInput, typedLineAmounts, typedTotals } from './order-format.ts';
import { decimalInput, formatMoney, formatQty, todayIso } from './order-format.ts';
import { FormFailure } from './order-parts.tsx';
import { dec } from '@/shared/decimal.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
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
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { ordersApi } from './supplier-orders.api.ts';
import { ordersWebMessages } from './supplier-orders.messages.ts';

const m = ordersWebMessages.form;
const BASE_CURRENCY = 'UAH';
type VatRate = (typeof vatRates)[number];

interface LineRow {
  id: number | undefined;
  itemId: number | null;
  itemLabel: string | null;
  /** What has arrived against the stored line (a hint; the server keeps the line at least at it). */
  received: string | null;
  products: boolean;
  qty: string;
  unitPrice: string;
  vatRate: VatRate;
  expectedDate: string;
}

interface OrderFormValues {
  supplierId: number | null;
  supplierLabel: string | null;
  warehouseId: number | null;
  warehouseLabel: string | null;
  orderDate: string;
  expectedDate: string;
  currencyCode: string;
  fxRate: string;
  pricesIncludeVat: boolean;
  supplierReference: string;
  notes: string;
  lines: LineRow[];
}

const emptyLine = (vatRate: VatRate = '20'): LineRow => ({
  id: undefined,
  itemId: null,
  itemLabel: null,
  received: null,
  products: false,
  qty: '',
  unitPrice: '',
  vatRate,
  expectedDate: '',
});

function toForm(order?: Order): OrderFormValues {
  if (!order) {
    return {
      supplierId: null,
      supplierLabel: null,
      warehouseId: null,
      warehouseLabel: null,
      orderDate: todayIso(),
      expectedDate: '',
      currencyCode: BASE_CURRENCY,
      fxRate: '',
      pricesIncludeVat: false,
      supplierReference: '',
      notes: '',
      lines: [emptyLine()],
    };
  }
  return {
    supplierId: order.supplierId,
    supplierLabel: order.supplierName,
    warehouseId: order.warehouseId,
    warehouseLabel: order.warehouseName,
    orderDate: order.orderDate,
    expectedDate: order.expectedDate ?? '',
    currencyCode: order.currencyCode,
    fxRate: order.currencyCode === BASE_CURRENCY ? '' : decimalInput(order.fxRate),
    pricesIncludeVat: order.pricesIncludeVat,
    supplierReference: order.supplierReference ?? '',
    notes: order.notes ?? '',
    lines: order.lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      itemLabel: `${l.sku} · ${l.itemName}`,
      received: /^0*(\.0*)?$/.test(l.receivedQty) ? null : l.receivedQty,
      products: false,
      qty: decimalInput(l.qty),
      unitPrice: decimalInput(l.unitPrice),
      vatRate: l.vatRate,
      expectedDate: l.expectedDate ?? '',
    })),
  };
}

function toInput(values: OrderFormValues): OrderCreateInput {
  const currencyCode = values.currencyCode.trim().toUpperCase() || BASE_CURRENCY;
  return {
    supplierId: values.supplierId ?? 0,
    warehouseId: values.warehouseId,
    orderDate: values.orderDate,
    expectedDate: values.expectedDate,
    currencyCode,
    fxRate: currencyCode === BASE_CURRENCY ? '1' : values.fxRate,
    pricesIncludeVat: values.pricesIncludeVat,
    supplierReference: values.supplierReference,
    notes: values.notes,
    lines: values.lines.map((l) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      itemId: l.itemId ?? 0,
      qty: l.qty,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      expectedDate: l.expectedDate,
    })),
  };
}

const schemaResolver = zodResolver(orderCreateSchema);
/** The contract's schema over the body the form would send, its errors at the inputs' paths (`lines.0.qty`). */
const orderResolver: Resolver<OrderFormValues, unknown, OrderBody> = async (values, context, options) =>
  (await schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  )) as Awaited<ReturnType<Resolver<OrderFormValues, unknown, OrderBody>>>;

type OrderForm = UseFormReturn<OrderFormValues, unknown, OrderBody>;

const FIELD_NAMES = ['supplierId', 'warehouseId', 'orderDate', 'expectedDate', 'currencyCode', 'fxRate', 'lines'];

function applyFieldErrors(error: unknown, form: OrderForm): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let placed = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const ok = FIELD_NAMES.includes(key) || /^lines\.\d+\.(itemId|qty|unitPrice|vatRate|expectedDate)$/.test(key);
    if (!ok) continue;
    form.setError(key as FieldPath<OrderFormValues>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
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
  const form = useForm<OrderFormValues, unknown, OrderBody>({ resolver: orderResolver, defaultValues: toForm(order) });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [currencyCode, fxRate, pricesIncludeVat, lines] = useWatch({
    control: form.control,
    name: ['currencyCode', 'fxRate', 'pricesIncludeVat', 'lines'],
  });
  const [supplierLabel, warehouseLabel] = useWatch({
    control: form.control,
    name: ['supplierLabel', 'warehouseLabel'],
  });
  const currency = currencyCode.trim().toUpperCase() || BASE_CURRENCY;
  const isBase = currency === BASE_CURRENCY;

  const save = useMutation({
    mutationFn: (body: OrderBody) =>
      order ? ordersApi.update(order.id, { version: order.version, ...body }) : ordersApi.create(body),
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: order ? m.saved : m.created, description: saved.number });
      onSaved(saved);
    },
    onError: (error) => {
      const placed = applyFieldErrors(error, form);
      setFailure(placed ? null : (serverMessageOf(error) ?? m.saveFailed));
    },
  });

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

  const dateField = (name: 'orderDate' | 'expectedDate', required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => <DateField {...aria(name, required)} value={f.value ?? ''} onChange={f.onChange} />}
    />
  );

  const totals = typedTotals(
    (lines ?? []).map((l) => typedLineAmounts(l, pricesIncludeVat)),
    isBase ? dec('1') : parseDecimalInput(fxRate),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-5xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{order ? m.editTitle(order.number) : m.createTitle}</DialogTitle>
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
              'supplierId',
              m.supplier,
              <Controller
                control={form.control}
                name="supplierId"
                render={({ field: f }) => (
                  <ReferencePicker
                    ref={f.ref}
                    route="/suppliers"
                    value={f.value}
                    valueLabel={supplierLabel}
                    placeholder={m.supplierPlaceholder}
                    disabled={order !== undefined && order.status !== 'draft'}
                    onChange={(value, label) => {
                      form.setValue('supplierLabel', label);
                      f.onChange(value);
                    }}
                    onBlur={f.onBlur}
                    {...aria('supplierId', true)}
                  />
                )}
              />,
              { required: true },
            )}
            {field(
              'warehouseId',
              m.warehouse,
              <Controller
                control={form.control}
                name="warehouseId"
                render={({ field: f }) => (
                  <ReferencePicker
                    ref={f.ref}
                    route="/warehouses"
                    value={f.value}
                    valueLabel={warehouseLabel}
                    placeholder={m.warehousePlaceholder}
                    clearLabel={m.warehousePlaceholder}
                    onChange={(value, label) => {
                      form.setValue('warehouseLabel', label);
                      f.onChange(value);
                    }}
                    onBlur={f.onBlur}
                    {...aria('warehouseId')}
                  />
                )}
              />,
            )}
            {field(
              'supplierReference',
              m.supplierReference,
              <Input maxLength={100} {...aria('supplierReference')} {...form.register('supplierReference')} />,
              {
                hint: m.supplierReferenceHint,
              },
            )}
            {field('orderDate', m.orderDate, dateField('orderDate', true), {
              required: true,
            })}
            {field('expectedDate', m.expectedDate, dateField('expectedDate'))}
            <div className="grid grid-cols-2 gap-3">
              {field(
                'currencyCode',
                m.currency,
                <Input
                  maxLength={3}
                  className="uppercase"
                  {...aria('currencyCode')}
                  {...form.register('currencyCode')}
                />,
              )}
              {isBase
                ? null
                : field(
                    'fxRate',
                    m.fxRate(currency),
                    <Input inputMode="decimal" {...aria('fxRate', true)} {...form.register('fxRate')} />,
                    {
                      required: true,
                    },
                  )}
            </div>
            <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-3">
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

          <OrderLines form={form} formId={formId} disabled={save.isPending} />

          <dl className="grid justify-self-end gap-1 text-sm" aria-label={m.totalGross}>
            {(
              [
                [m.totalNet, totals.net],
                [m.totalVat, totals.vat],
                [m.totalGross, totals.gross],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-6">
                <dt className="text-muted-foreground">{`${label}, ${currency}`}</dt>
                <dd className="font-medium tabular-nums">{formatMoney(money(value))}</dd>
              </div>
            ))}
          </dl>

          {field(
            'notes',
            m.notes,
            <Textarea rows={2} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
          )}
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
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
    </Dialog>
  );
}

function OrderLines({ form, formId, disabled }: { form: OrderForm; formId: string; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const linesError = form.formState.errors.lines;
  const rootError = linesError?.root?.message ?? linesError?.message;
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`${formId}-lines`}>
      <h3 id={`${formId}-lines`} className="text-base font-semibold">
        {m.lines}
      </h3>
      {fields.length === 0 ? (
        <div className={cn('rounded-lg border border-dashed px-4 py-6 text-center', rootError && 'border-destructive')}>
          <p className="font-medium">{m.linesEmpty}</p>
          <p className="text-sm text-muted-foreground">{m.linesEmptyHint}</p>
        </div>
      ) : (
        <ol className="grid gap-2">
          {fields.map((f, index) => (
            <LineFields
              key={f.id}
              form={form}
              formId={formId}
              index={index}
              disabled={disabled}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <FieldMessage id={`${formId}-lines-message`} error={rootError} />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || fields.length >= 500}
          onClick={() => append(emptyLine(form.getValues('lines').at(-1)?.vatRate))}
        >
          <PlusIcon aria-hidden="true" />
          {m.addLine}
        </Button>
      </div>
    </section>
  );
}

function LineFields({
  form,
  formId,
  index,
  disabled,
  onRemove,
}: {
  form: OrderForm;
  formId: string;
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const n = index + 1;
  const line = useWatch({ control: form.control, name: `lines.${index}` }) as LineRow;
  const rowErrors = form.formState.errors.lines?.[index];
  const idOf = (name: string) => `${formId}-line-${index}-${name}`;
  const small = (name: 'qty' | 'unitPrice' | 'expectedDate', label: string, props: Record<string, unknown>) => {
    const error = rowErrors?.[name]?.message;
    return (
      <div className="grid min-w-0 content-start gap-1.5">
        <Label htmlFor={idOf(name)} className="text-xs font-normal text-muted-foreground">
          {label}
        </Label>
        <Input
          id={idOf(name)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${idOf(name)}-message`}
          {...props}
          {...form.register(`lines.${index}.${name}`)}
        />
        <FieldMessage
          id={`${idOf(name)}-message`}
          error={error}
          hint={name === 'qty' && line.received ? m.received(formatQty(line.received)) : undefined}
        />
      </div>
    );
  };
  const itemError = rowErrors?.itemId?.message;
  const vatError = rowErrors?.vatRate?.message;
  return (
    <li className="rounded-lg border p-3">
      <fieldset
        disabled={disabled}
        className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_6rem_9rem_2.5rem]"
      >
        <legend className="sr-only">{m.line(n)}</legend>
        <div className="col-span-2 grid min-w-0 content-start gap-1.5 sm:col-span-1">
          <Label htmlFor={idOf('itemId')} className="text-xs font-normal text-muted-foreground">
            {m.item}
          </Label>
          <div className="flex min-w-0 gap-1.5">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className={cn('size-9 shrink-0 border', line.products && 'bg-accent text-accent-foreground')}
              aria-label={m.productsToggle}
              aria-pressed={line.products}
              title={m.productsToggle}
              onClick={() => form.setValue(`lines.${index}.products`, !line.products)}
            >
              <PackageIcon aria-hidden="true" />
            </Button>
            <Controller
              control={form.control}
              name={`lines.${index}.itemId`}
              render={({ field }) => (
                <ReferencePicker
                  ref={field.ref}
                  id={idOf('itemId')}
                  route={line.products ? '/products' : '/components'}
                  value={field.value}
                  valueLabel={line.itemLabel}
                  placeholder={m.itemPlaceholder}
                  className="min-w-0 flex-1"
                  onChange={(value, label) => {
                    form.setValue(`lines.${index}.itemLabel`, label);
                    field.onChange(value);
                  }}
                  onBlur={field.onBlur}
                  aria-invalid={itemError ? true : undefined}
                  aria-describedby={`${idOf('itemId')}-message`}
                  aria-required
                />
              )}
            />
          </div>
          <FieldMessage id={`${idOf('itemId')}-message`} error={itemError} />
        </div>
        {small('qty', m.qty, { inputMode: 'decimal', className: 'text-right tabular-nums', 'aria-required': true })}
        {small('unitPrice', m.unitPrice, {
          inputMode: 'decimal',
          className: 'text-right tabular-nums',
          'aria-required': true,
        })}
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={idOf('vatRate')} className="text-xs font-normal text-muted-foreground">
            {m.vatRate}
          </Label>
          <Controller
            control={form.control}
            name={`lines.${index}.vatRate`}
            render={({ field }) => (
              <Select value={field.value} onValueChange={(v) => field.onChange(v as VatRate)}>
                <SelectTrigger id={idOf('vatRate')} ref={field.ref} aria-invalid={vatError ? true : undefined}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {vatRates.map((rate) => (
                    <SelectItem key={rate} value={rate}>
                      {`${rate} %`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldMessage id={`${idOf('vatRate')}-message`} error={vatError} />
        </div>
        {small('expectedDate', m.lineExpectedDate, { type: 'date' })}
        <div className="flex items-end justify-end pb-6">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive dark:text-red-400"
            aria-label={m.removeLine(n)}
            title={m.removeLine(n)}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
