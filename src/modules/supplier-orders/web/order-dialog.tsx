// The create/edit dialog of a supplier order (warehouse.md §5): supplier, warehouse, dates, currency, VAT mode and
// the lines (item, quantity, price, VAT, the line's own delivery date). Checked with the contract's schema before it
// is sent; the server's field errors land on the inputs they name. Stored lines keep their ids, so receipts linked to
// them stay linked.
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Order, OrderBody } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { money, parseDecimalInput, typedLineAmounts, typedTotals } from './order-format.ts';
import { formatMoney } from './order-format.ts';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { dec } from '@/shared/decimal.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { SaveDraftButton } from '@/web/components/document-dialog.tsx';
import { formFields } from '@/web/components/document-fields.tsx';
import { applyFieldErrors } from '@/web/components/document-form.ts';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { BASE_CURRENCY, currencyOf, ORDER_FIELDS, orderResolver, toForm, type OrderFormValues } from './order-form.ts';
import { OrderLines } from './order-lines.tsx';
import { defaultWarehouseQuery, ordersApi } from './supplier-orders.api.ts';
import { ordersWebMessages } from './supplier-orders.messages.ts';
import { currencyUk } from '@/shared/decimal-format.ts';

const m = ordersWebMessages.form;

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
  const currency = currencyOf(currencyCode);
  const isBase = currency === BASE_CURRENCY;

  // A new order's warehouse is the one the server would give its items (the same rule, served): pre-selected and
  // following the lines until the user picks one.
  const warehousePicked = useRef(order !== undefined);
  const itemIds = (lines ?? []).flatMap((l) => (l.itemId ? [l.itemId] : []));
  const defaultWarehouse = useQuery({ ...defaultWarehouseQuery(itemIds), enabled: order === undefined });
  useEffect(() => {
    const found = defaultWarehouse.data;
    if (warehousePicked.current || !found?.warehouseId || form.getValues('warehouseId') === found.warehouseId) return;
    form.setValue('warehouseId', found.warehouseId);
    form.setValue('warehouseLabel', found.warehouseName);
  }, [defaultWarehouse.data, form]);

  const save = useMutation({
    mutationFn: (body: OrderBody) =>
      order ? ordersApi.update(order.id, { version: order.version, ...body }) : ordersApi.create(body),
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      toast({ title: order ? m.saved : m.created, description: saved.number });
      onSaved(saved);
    },
    onError: (error) => {
      const placed = applyFieldErrors(error, form, ORDER_FIELDS);
      setFailure(placed ? null : (serverMessageOf(error) ?? m.saveFailed));
    },
  });

  const { idOf, aria, box: field } = formFields<OrderFormValues>(formId, errors);

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
          <fieldset disabled={save.isPending} className="grid min-w-0 gap-6">
            <div className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
                        warehousePicked.current = true;
                        form.setValue('warehouseLabel', label);
                        f.onChange(value);
                      }}
                      onBlur={f.onBlur}
                      {...aria('warehouseId')}
                    />
                  )}
                />,
                { hint: m.warehouseHint },
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
            </div>

            <OrderLines form={form} formId={formId} />

            <dl className="grid justify-self-end gap-1 text-sm" aria-label={m.totalGross}>
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

            {field(
              'notes',
              m.notes,
              <Textarea rows={2} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
            )}
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
            {m.cancel}
          </Button>
          <SaveDraftButton formId={formId} saving={save.isPending} disabled={save.isPending} texts={m} />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
