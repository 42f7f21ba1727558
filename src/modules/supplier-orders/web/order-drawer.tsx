// The drawer of one supplier order (warehouse.md §5): its facts, the lines with ordered / received / remaining, the
// receipts made against it, and the actions its status allows — 'Надіслати', 'Підтвердити', 'Повернути в
// чернетку', 'Отримати', 'Закрити', 'Скасувати', 'Друк' — each confirmed first.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  BanIcon,
  CheckIcon,
  Loader2Icon,
  LockIcon,
  PencilIcon,
  PrinterIcon,
  SendIcon,
  Trash2Icon,
  TruckIcon,
  Undo2Icon,
} from 'lucide-react';
import {
  editableStatuses,
  orderMessages,
  orderReasonSchema,
  orderReceiveSchema,
  orderTransitions,
  receivableStatuses,
  type Order,
  type OrderReceipt,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { receiptStatusLabels } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { formatDateUk, formatMoney, formatQty, todayIso } from './order-format.ts';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { DeleteDraftDialog, DocumentLoadState } from '@/web/components/document-dialog.tsx';
import { FormField } from '@/web/components/document-fields.tsx';
import { lineQtyText } from '@/web/components/document-unit-select.tsx';
import {
  CancelDocumentDialog,
  DocumentFacts,
  DocumentSection,
  type DocumentFact,
} from '@/web/components/document-view.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { OrderStatusBadge, OverdueMark } from './order-parts.tsx';
import { isOrdersQuery, orderQueryKey, orderReceiptsQueryKey, ordersApi } from './supplier-orders.api.ts';
import { ordersWebMessages } from './supplier-orders.messages.ts';

const d = ordersWebMessages.drawer;
const a = ordersWebMessages.actions;

type Step = 'send' | 'returnToDraft' | 'delete' | 'confirm' | 'receive' | 'close' | 'cancel';
type Pending = { kind: Step } | null;

export function OrderDrawer({
  orderId,
  canChange,
  onEdit,
  onClose,
}: {
  orderId: number;
  canChange: boolean;
  onEdit: (order: Order) => void;
  onClose: () => void;
}) {
  const query = useQuery<Order>({ queryKey: orderQueryKey(orderId), gcTime: 0 });
  const order = query.data;
  const [pending, setPending] = useState<Pending>(null);
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-3xl">
        <SheetHeader className="pr-10">
          <SheetTitle className="flex flex-wrap items-center gap-2">
            {order ? order.number : ordersWebMessages.title}
            {order ? <OrderStatusBadge status={order.status} /> : null}
            {order?.isOverdue ? <OverdueMark /> : null}
          </SheetTitle>
          <SheetDescription>{order ? order.supplierName : d.loading}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {!order ? (
            <DocumentLoadState
              query={query}
              texts={{ loading: d.loading, loadError: d.loadError, retry: ordersWebMessages.retry }}
            />
          ) : (
            <>
              <Actions order={order} canChange={canChange} onEdit={() => onEdit(order)} onAction={setPending} />
              <Facts order={order} />
              <Lines order={order} />
              <Receipts orderId={order.id} />
            </>
          )}
        </div>
      </SheetContent>
      {order && pending ? (
        pending.kind === 'cancel' ? (
          <CancelOrderDialog order={order} onDone={() => setPending(null)} />
        ) : (
          <ActionDialog
            order={order}
            pending={{ kind: pending.kind }}
            onDone={() => setPending(null)}
            onDeleted={onClose}
          />
        )
      ) : null}
    </Sheet>
  );
}

function Actions({
  order,
  canChange,
  onEdit,
  onAction,
}: {
  order: Order;
  canChange: boolean;
  onEdit: () => void;
  onAction: (pending: Pending) => void;
}) {
  const can = (action: keyof typeof orderTransitions) => orderTransitions[action].from.includes(order.status);
  const buttons: ReactNode[] = [];
  if (canChange) {
    if ((editableStatuses as readonly string[]).includes(order.status)) {
      buttons.push(
        <Button key="edit" variant="outline" size="sm" onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
          {d.edit}
        </Button>,
      );
    }
    if (can('send')) {
      buttons.push(
        <Button key="send" size="sm" onClick={() => onAction({ kind: 'send' })}>
          <SendIcon aria-hidden="true" />
          {a.send}
        </Button>,
      );
    }
    if (can('confirm')) {
      buttons.push(
        <Button key="confirm" size="sm" onClick={() => onAction({ kind: 'confirm' })}>
          <CheckIcon aria-hidden="true" />
          {a.confirm}
        </Button>,
      );
    }
    if ((receivableStatuses as readonly string[]).includes(order.status)) {
      buttons.push(
        <Button key="receive" size="sm" onClick={() => onAction({ kind: 'receive' })}>
          <TruckIcon aria-hidden="true" />
          {a.receive}
        </Button>,
      );
    }
    if (can('return-to-draft') && order.receivedPercent === 0) {
      buttons.push(
        <Button key="return" variant="outline" size="sm" onClick={() => onAction({ kind: 'returnToDraft' })}>
          <Undo2Icon aria-hidden="true" />
          {a.returnToDraft}
        </Button>,
      );
    }
    if (can('close')) {
      buttons.push(
        <Button key="close" variant="outline" size="sm" onClick={() => onAction({ kind: 'close' })}>
          <LockIcon aria-hidden="true" />
          {a.close}
        </Button>,
      );
    }
    if (can('cancel')) {
      buttons.push(
        <Button key="cancel" variant="destructive" size="sm" onClick={() => onAction({ kind: 'cancel' })}>
          <BanIcon aria-hidden="true" />
          {a.cancel}
        </Button>,
      );
    }
    if (order.status === 'draft') {
      buttons.push(
        <Button key="delete" variant="ghost" size="sm" onClick={() => onAction({ kind: 'delete' })}>
          <Trash2Icon aria-hidden="true" />
          {d.delete}
        </Button>,
      );
    }
  }
  buttons.push(
    <Button key="print" variant="outline" size="sm" onClick={() => window.open(ordersApi.printUrl(order.id), '_blank')}>
      <PrinterIcon aria-hidden="true" />
      {d.print}
    </Button>,
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={ordersWebMessages.columns.status}>
        {buttons}
      </div>
      {!canChange ? <p className="text-sm text-muted-foreground">{d.readOnly}</p> : null}
    </div>
  );
}

function Facts({ order }: { order: Order }) {
  const facts: DocumentFact[] = [
    [d.supplier, order.supplierName],
    [d.orderDate, formatDateUk(order.orderDate)],
    [d.expectedDate, order.expectedDate ? formatDateUk(order.expectedDate) : ordersWebMessages.none],
    [d.warehouse, order.warehouseName ?? d.noWarehouse],
  ];
  if (order.supplierReference) facts.push([d.supplierReference, order.supplierReference]);
  facts.push([d.currency, order.currencyCode]);
  if (order.currencyCode !== 'UAH') facts.push([d.fxRate, formatQty(order.fxRate)]);
  facts.push([d.pricesIncludeVat, order.pricesIncludeVat ? d.yes : d.no]);
  if (order.closeReason) facts.push([d.closeReason, order.closeReason]);
  if (order.cancelReason) facts.push([d.cancelReason, order.cancelReason]);
  if (order.notes) facts.push([d.notes, order.notes]);
  return <DocumentFacts facts={facts} />;
}

function Lines({ order }: { order: Order }) {
  return (
    <DocumentSection title={d.lines} className="gap-2">
      <div className="min-w-0 overflow-x-auto rounded-lg border">
        <Table aria-label={d.lines} className="min-w-[40rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-8">№</TableHead>
              <TableHead>{ordersWebMessages.form.item}</TableHead>
              <TableHead className="text-right">{d.ordered}</TableHead>
              <TableHead className="text-right">{d.received}</TableHead>
              <TableHead className="text-right">{d.remaining}</TableHead>
              <TableHead className="text-right">{d.price}</TableHead>
              <TableHead className="text-right">{d.amount}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                <TableCell className="min-w-40">
                  <span className="block">{line.itemName}</span>
                  <span className="block text-xs text-muted-foreground">
                    {line.sku}
                    {line.expectedDate ? ` · ${formatDateUk(line.expectedDate)}` : ''}
                  </span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{lineQtyText(line)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQty(line.receivedQty)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{formatQty(line.remainingQty)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.unitPrice)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.lineGross)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-right text-sm text-muted-foreground">
        {d.totals(
          formatMoney(order.totalNet),
          formatMoney(order.totalVat),
          formatMoney(order.totalGross),
          order.currencyCode,
        )}
      </p>
    </DocumentSection>
  );
}

function Receipts({ orderId }: { orderId: number }) {
  const query = useQuery<OrderReceipt[]>({ queryKey: orderReceiptsQueryKey(orderId), gcTime: 0 });
  const [, navigate] = useLocation();
  return (
    <DocumentSection title={d.receipts} className="gap-2">
      {query.isError ? (
        <p className="text-sm text-destructive">{d.receiptsLoadError}</p>
      ) : !query.data ? (
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.receiptsEmpty}</p>
      ) : (
        <ul className="grid gap-1.5">
          {query.data.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <button
                type="button"
                className="font-mono hover:underline"
                aria-label={d.openReceipt(r.number)}
                onClick={() => navigate(`/supplier-receipts?open=${r.id}`)}
              >
                {r.number}
              </button>
              <span className="text-muted-foreground">{formatDateUk(r.documentDate)}</span>
              <span>{receiptStatusLabels[r.status]}</span>
              <span className="tabular-nums">
                {formatMoney(r.totalGross)} {r.currencyCode}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DocumentSection>
  );
}

/** 'Скасувати' with its required reason (the document toolkit's); the drawer's data refreshes after it. */
function CancelOrderDialog({ order, onDone }: { order: Order; onDone: () => void }) {
  const queryClient = useQueryClient();
  const r = ordersWebMessages.reasonDialog;
  return (
    <CancelDocumentDialog
      texts={{ ...r, title: r.cancelTitle, confirm: a.cancel }}
      description={r.cancelDescription}
      requiredMessage={orderMessages.reason}
      toasts={{ cancelled: a.done.cancel, cancelFailed: a.failed }}
      cancel={(reason) => ordersApi.cancel(order.id, order.version, reason)}
      onCancelled={() => {
        void queryClient.invalidateQueries({ predicate: isOrdersQuery });
        onDone();
      }}
      onClose={onDone}
    />
  );
}

/** The confirmation of the chosen action, with the fields it needs; the drawer's data refreshes after it. */
function ActionDialog({
  order,
  pending,
  onDone,
  onDeleted,
}: {
  order: Order;
  pending: { kind: Exclude<Step, 'cancel'> };
  onDone: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const formId = useId();
  const r = ordersWebMessages.reasonDialog;
  const s = ordersWebMessages.simpleConfirm;
  const c = ordersWebMessages.confirmDialog;
  const rv = ordersWebMessages.receiveDialog;
  const [reason, setReason] = useState('');
  const [emailSupplier, setEmailSupplier] = useState(false);
  const [expectedDate, setExpectedDate] = useState(order.expectedDate ?? '');
  const [supplierReference, setSupplierReference] = useState(order.supplierReference ?? '');
  const [docNumber, setDocNumber] = useState('');
  const [docDate, setDocDate] = useState(todayIso());
  const [documentType, setDocumentType] = useState<{ id: number | null; label: string | null }>({
    id: null,
    label: null,
  });
  // The receipt goes where the order says, unless changed here.
  const [warehouse, setWarehouse] = useState({ id: order.warehouseId, label: order.warehouseName });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const run = useMutation({
    mutationFn: async (): Promise<unknown> => {
      switch (pending.kind) {
        case 'send':
          return ordersApi.send(order.id, order.version, emailSupplier);
        case 'returnToDraft':
          return ordersApi.returnToDraft(order.id, order.version);
        case 'delete':
          return ordersApi.remove(order.id);
        case 'confirm':
          return ordersApi.confirm(order.id, {
            version: order.version,
            expectedDate: expectedDate || null,
            supplierReference: supplierReference.trim() || null,
          });
        case 'close':
          return ordersApi.close(order.id, order.version, reason.trim());
        case 'receive':
          return ordersApi.receive(order.id, {
            supplierDocNumber: docNumber.trim(),
            supplierDocDate: docDate,
            documentTypeId: documentType.id,
            warehouseId: warehouse.id,
          });
      }
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ predicate: isOrdersQuery });
      const emailedTo = pending.kind === 'send' ? (answer as { emailedTo?: string[] }).emailedTo : undefined;
      toast({ title: a.done[pending.kind], description: emailedTo ? s.emailed(emailedTo) : order.number });
      onDone();
      if (pending.kind === 'delete') onDeleted();
      if (pending.kind === 'receive') {
        const receipt = answer as { id: number; number: string };
        toast({ title: rv.created(receipt.number) });
        navigate(`/supplier-receipts?open=${receipt.id}`);
      }
    },
  });
  const failure = run.error ? (serverMessageOf(run.error) ?? a.failed) : null;

  function confirm() {
    if (pending.kind === 'close') {
      const parsed = orderReasonSchema.safeParse({ reason });
      if (!parsed.success) {
        setErrors({ reason: parsed.error.issues[0]?.message ?? r.reason });
        return;
      }
    }
    if (pending.kind === 'receive') {
      const parsed = orderReceiveSchema.safeParse({ supplierDocNumber: docNumber, supplierDocDate: docDate });
      if (!parsed.success) {
        setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
        return;
      }
    }
    setErrors({});
    run.mutate();
  }

  const textField = (name: string, label: string, input: ReactNode, required = false, hint?: string) => (
    <FormField id={`${formId}-${name}`} label={label} error={errors[name]} required={required} hint={hint}>
      {input}
    </FormField>
  );
  const inputAria = (name: string) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${formId}-${name}-message`,
  });

  let title: string;
  let description: string;
  let confirmLabel: string;
  let body: ReactNode = null;
  switch (pending.kind) {
    case 'send':
      [title, description, confirmLabel] = [s.sendTitle, s.sendDescription, a.send];
      body = (
        <label className="flex items-start gap-2 text-sm">
          <Checkbox checked={emailSupplier} onCheckedChange={(v) => setEmailSupplier(v === true)} className="mt-0.5" />
          <span>
            {s.emailSupplier}
            <span className="block text-xs text-muted-foreground">{s.emailSupplierHint}</span>
          </span>
        </label>
      );
      break;
    case 'returnToDraft':
      [title, description, confirmLabel] = [s.returnTitle, s.returnDescription, a.returnToDraft];
      break;
    case 'delete':
      return (
        <DeleteDraftDialog
          number={order.number}
          pending={run.isPending}
          texts={{ title: s.deleteTitle, description: s.deleteDescription, confirm: d.delete, cancel: s.cancel }}
          onConfirm={confirm}
          onClose={onDone}
        >
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </DeleteDraftDialog>
      );
    case 'confirm':
      [title, description, confirmLabel] = [c.title, c.description, c.confirm];
      body = (
        <div className="grid gap-3">
          {textField(
            'expectedDate',
            c.expectedDate,
            <DateField value={expectedDate} onChange={setExpectedDate} {...inputAria('expectedDate')} />,
          )}
          {textField(
            'supplierReference',
            c.supplierReference,
            <Input
              maxLength={100}
              value={supplierReference}
              onChange={(e) => setSupplierReference(e.target.value)}
              {...inputAria('supplierReference')}
            />,
          )}
        </div>
      );
      break;
    case 'receive':
      [title, description, confirmLabel] = [rv.title, rv.description, rv.confirm];
      body = (
        <div className="grid gap-3">
          {textField(
            'supplierDocNumber',
            rv.supplierDocNumber,
            <Input
              maxLength={60}
              value={docNumber}
              onChange={(e) => setDocNumber(e.target.value)}
              aria-required
              {...inputAria('supplierDocNumber')}
            />,
            true,
          )}
          {textField(
            'supplierDocDate',
            rv.supplierDocDate,
            <DateField value={docDate} onChange={setDocDate} aria-required {...inputAria('supplierDocDate')} />,
            true,
          )}
          {textField(
            'documentTypeId',
            rv.documentType,
            <ReferencePicker
              route="/supplier-document-types"
              value={documentType.id}
              valueLabel={documentType.label}
              clearLabel={rv.documentTypeHint}
              placeholder={rv.documentTypeHint}
              onChange={(id, label) => setDocumentType({ id, label })}
              {...inputAria('documentTypeId')}
            />,
            false,
          )}
          {textField(
            'warehouseId',
            rv.warehouse,
            <ReferencePicker
              route="/warehouses"
              value={warehouse.id}
              valueLabel={warehouse.label}
              placeholder={rv.warehouse}
              onChange={(id, label) => setWarehouse({ id, label })}
              {...inputAria('warehouseId')}
            />,
            false,
            rv.warehouseHint,
          )}
        </div>
      );
      break;
    case 'close':
      [title, description, confirmLabel] = [r.closeTitle, r.closeDescription, a.close];
      body = textField(
        'reason',
        r.reason,
        <Textarea
          rows={3}
          maxLength={500}
          placeholder={r.reasonPlaceholder}
          value={reason}
          aria-required
          onChange={(e) => {
            setReason(e.target.value);
            if (errors.reason) setErrors({});
          }}
          {...inputAria('reason')}
        />,
        true,
      );
      break;
  }

  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={pending.kind === 'receive' ? rv.cancel : pending.kind === 'confirm' ? c.cancel : s.cancel}
      pending={run.isPending}
      onConfirm={confirm}
      onClose={onDone}
    >
      {body || failure ? (
        <div className="grid gap-3">
          {body}
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
