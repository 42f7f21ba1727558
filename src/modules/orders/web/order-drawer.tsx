// The drawer of one client order (sales.md §1 Page): its facts, the actions its state allows (from the server's
// `allowedActions`), and the tabs 'Рядки' (ordered, shipped, reserved, remaining), 'Оплати', 'Відвантаження',
// 'Виробництво' and 'Історія'. Every change asks for confirmation first; destructive ones need a reason.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  BanIcon,
  BanknoteIcon,
  CheckIcon,
  CopyIcon,
  FactoryIcon,
  FileTextIcon,
  Loader2Icon,
  LockIcon,
  MailIcon,
  PackageCheckIcon,
  PackageMinusIcon,
  PencilIcon,
  PrinterIcon,
  ScissorsIcon,
  Trash2Icon,
  TruckIcon,
  Undo2Icon,
} from 'lucide-react';
import {
  orderActionLabels,
  orderReasonSchema,
  orderStatuses,
  type Order,
  type OrderAction,
  type OrderHistoryEntry,
  type OrderPayment,
  type OrderShipment,
  type OrderStatus,
} from '@/modules/orders/orders.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { formatDateUk, formatMoney, formatQty, formatTimestampUk } from './order-format.ts';
import {
  ConfirmDialog,
  DueDate,
  FormFailure,
  OrderStatusBadge,
  PaymentBadge,
  useStatusLabels,
} from './order-parts.tsx';
import { isOrdersQuery, orderQueryKey, ordersApi, orderTabQueryKey } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';

const d = ordersWebMessages.drawer;
const dl = ordersWebMessages.dialogs;

/** The actions that ask first (a dialog), and the ones that run at once. */
type DialogAction = Extract<
  OrderAction,
  | 'confirm'
  | 'return-to-draft'
  | 'unreserve'
  | 'delete'
  | 'close'
  | 'close-short'
  | 'cancel'
  | 'send-invoice'
  | 'ship'
  | 'production-approval'
>;

const icons: Record<OrderAction, typeof CheckIcon> = {
  edit: PencilIcon,
  confirm: CheckIcon,
  'return-to-draft': Undo2Icon,
  reserve: PackageCheckIcon,
  unreserve: PackageMinusIcon,
  close: LockIcon,
  'close-short': ScissorsIcon,
  cancel: BanIcon,
  copy: CopyIcon,
  delete: Trash2Icon,
  'production-approval': FactoryIcon,
  'print-invoice': PrinterIcon,
  'print-departments': FileTextIcon,
  'send-invoice': MailIcon,
  ship: TruckIcon,
  'record-payment': BanknoteIcon,
};
/** The actions that change nothing (prints) are offered to viewers too. */
const readOnlyActions: readonly OrderAction[] = ['print-invoice', 'print-departments'];
const primaryActions: readonly OrderAction[] = ['confirm', 'ship', 'record-payment'];
const destructiveActions: readonly OrderAction[] = ['cancel', 'delete'];

export function OrderDrawer({
  orderId,
  canChange,
  onEdit,
  onOpen,
  onClose,
}: {
  orderId: number;
  canChange: boolean;
  onEdit: (order: Order) => void;
  /** Opens another order (the copy just made). */
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const query = useQuery<Order>({ queryKey: orderQueryKey(orderId), gcTime: 0 });
  const order = query.data;
  const labels = useStatusLabels();
  const [pending, setPending] = useState<DialogAction | null>(null);
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-4xl">
        <SheetHeader className="pr-10">
          <SheetTitle className="flex flex-wrap items-center gap-2">
            {order ? order.orderNumber : ordersWebMessages.title}
            {order ? <OrderStatusBadge status={order.status} labels={labels} /> : null}
            {order ? <PaymentBadge status={order.paymentStatus} /> : null}
          </SheetTitle>
          <SheetDescription>{order ? order.clientName : d.loading}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {query.isError && !order ? (
            <StateMessage>
              <ListLoadError
                error={query.error}
                message={d.loadError}
                retryText={ordersWebMessages.retry}
                onRetry={query.refetch}
              />
            </StateMessage>
          ) : !order ? (
            <StateMessage>
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              <span role="status">{d.loading}</span>
            </StateMessage>
          ) : (
            <>
              <Actions
                order={order}
                canChange={canChange}
                onEdit={() => onEdit(order)}
                onDialog={setPending}
                onOpen={onOpen}
              />
              <Facts order={order} />
              <Tabs defaultValue="lines" className="min-w-0">
                <TabsList className="w-full justify-start">
                  <TabsTrigger value="lines">{d.tabs.lines}</TabsTrigger>
                  <TabsTrigger value="payments">{d.tabs.payments}</TabsTrigger>
                  <TabsTrigger value="shipments">{d.tabs.shipments}</TabsTrigger>
                  <TabsTrigger value="production">{d.tabs.production}</TabsTrigger>
                  <TabsTrigger value="history">{d.tabs.history}</TabsTrigger>
                </TabsList>
                <TabsContent value="lines">
                  <Lines order={order} />
                </TabsContent>
                <TabsContent value="payments">
                  <Payments order={order} />
                </TabsContent>
                <TabsContent value="shipments">
                  <Shipments orderId={order.id} />
                </TabsContent>
                <TabsContent value="production">
                  <Production order={order} />
                </TabsContent>
                <TabsContent value="history">
                  <History orderId={order.id} labels={labels} />
                </TabsContent>
              </Tabs>
            </>
          )}
        </div>
      </SheetContent>
      {order && pending ? (
        <ActionDialog order={order} action={pending} onDone={() => setPending(null)} onDeleted={onClose} />
      ) : null}
    </Sheet>
  );
}

function Actions({
  order,
  canChange,
  onEdit,
  onDialog,
  onOpen,
}: {
  order: Order;
  canChange: boolean;
  onEdit: () => void;
  onDialog: (action: DialogAction) => void;
  onOpen: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const immediate = useMutation({
    mutationFn: async (action: 'reserve' | 'copy'): Promise<Order> =>
      action === 'copy' ? ordersApi.copy(order.id) : ordersApi.action(order.id, 'reserve', { version: order.version }),
    onSuccess: (answer, action) => {
      void queryClient.invalidateQueries({ predicate: isOrdersQuery });
      if (action === 'copy') {
        toast({ title: ordersWebMessages.actions.done.copy!, description: answer.orderNumber });
        onOpen(answer.id);
        return;
      }
      const sum = (o: Order) => o.lines.reduce((s, l) => s + Number(l.reservedQty), 0);
      toast({
        title: ordersWebMessages.actions.done.reserve!,
        description: ordersWebMessages.actions.reserved(formatQty(String(sum(order))), formatQty(String(sum(answer)))),
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: ordersWebMessages.actions.failed,
        description: serverMessageOf(error) ?? undefined,
      }),
  });

  function run(action: OrderAction) {
    switch (action) {
      case 'edit':
        return onEdit();
      case 'print-invoice':
        return void window.open(ordersApi.printUrl(order.id, 'invoice'), '_blank');
      case 'print-departments':
        return void window.open(ordersApi.printUrl(order.id, 'departments'), '_blank');
      case 'record-payment':
        return navigate(`/payments?orderId=${order.id}`);
      case 'reserve':
      case 'copy':
        return immediate.mutate(action);
      default:
        return onDialog(action);
    }
  }

  const offered = order.allowedActions.filter((a) => canChange || readOnlyActions.includes(a));
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={ordersWebMessages.columns.status}>
        {offered.map((action) => {
          const Icon = icons[action];
          const busy = immediate.isPending && immediate.variables === action;
          return (
            <Button
              key={action}
              size="sm"
              variant={
                destructiveActions.includes(action)
                  ? action === 'delete'
                    ? 'ghost'
                    : 'destructive'
                  : primaryActions.includes(action)
                    ? 'default'
                    : 'outline'
              }
              disabled={immediate.isPending}
              onClick={() => run(action)}
            >
              {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
              {orderActionLabels[action]}
            </Button>
          );
        })}
      </div>
      {!canChange ? <p className="text-sm text-muted-foreground">{d.readOnly}</p> : null}
    </div>
  );
}

function Facts({ order }: { order: Order }) {
  const none = ordersWebMessages.none;
  const currency = order.currencyCode === 'UAH' ? ordersWebMessages.uah : order.currencyCode;
  const facts: [string, ReactNode][] = [
    [d.client, order.clientFullName ?? order.clientName],
    [d.orderDate, formatDateUk(order.orderDate)],
    [d.dueDate, <DueDate key="due" date={order.dueDate} overdue={order.isOverdue} />],
    [d.paymentDueDate, order.paymentDueDate ? formatDateUk(order.paymentDueDate) : none],
    [d.paid, `${formatMoney(order.paid)} ${currency}`],
    [d.outstanding, `${formatMoney(order.outstanding)} ${currency}`],
    [d.company, order.companyName],
    [d.warehouse, order.warehouseName],
  ];
  if (order.contactName) {
    facts.push([d.contact, [order.contactName, order.contactPhone, order.contactEmail].filter(Boolean).join(', ')]);
  }
  if (order.managerName) facts.push([d.manager, order.managerName]);
  if (order.currencyCode !== 'UAH') facts.push([d.fxRate, `${order.currencyCode}, ${formatQty(order.fxRate)}`]);
  facts.push([d.pricesIncludeVat, order.pricesIncludeVat ? d.yes : d.no]);
  if (order.externalNumber) facts.push([d.externalNumber, order.externalNumber]);
  const delivery = [
    order.carrierName,
    order.recipientName,
    order.recipientPhone,
    order.npCityName,
    order.npWarehouseNumber ? `№${order.npWarehouseNumber}` : null,
    order.npWarehouseAddress,
    order.address,
  ].filter(Boolean);
  if (delivery.length) facts.push([d.delivery, delivery.join(', ')]);
  if (order.closeReason) facts.push([d.closeReason, order.closeReason]);
  if (order.cancelReason) facts.push([d.cancelReason, order.cancelReason]);
  if (order.notes) facts.push([d.notes, order.notes]);
  if (order.clientNotes) facts.push([d.clientNotes, order.clientNotes]);
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ order }: { order: Order }) {
  return (
    <section className="grid min-w-0 gap-2" aria-label={d.tabs.lines}>
      <div className="min-w-0 overflow-x-auto rounded-lg border">
        <Table aria-label={d.tabs.lines} className="min-w-[46rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-8">№</TableHead>
              <TableHead>{ordersWebMessages.form.item}</TableHead>
              <TableHead className="text-right">{d.ordered}</TableHead>
              <TableHead className="text-right">{d.shipped}</TableHead>
              <TableHead className="text-right">{d.reserved}</TableHead>
              <TableHead className="text-right">{d.remaining}</TableHead>
              <TableHead className="text-right">{d.price}</TableHead>
              <TableHead className="text-right">{d.amount}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                <TableCell className="min-w-44">
                  <span className="block">{line.itemName}</span>
                  <span className="block text-xs text-muted-foreground">
                    {[line.sku, Number(line.discountPercent) > 0 ? `−${formatQty(line.discountPercent)} %` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatQty(line.qty)} {line.unitShortName ?? ''}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatQty(line.shippedQty)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {line.stockable ? formatQty(line.reservedQty) : ordersWebMessages.none}
                </TableCell>
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
    </section>
  );
}

function TabState({
  query,
  errorText,
  emptyText,
  children,
}: {
  query: { isError: boolean; data: unknown[] | undefined };
  errorText: string;
  emptyText: string;
  children: ReactNode;
}) {
  if (query.isError) return <p className="py-4 text-sm text-destructive">{errorText}</p>;
  if (!query.data) return <Loader2Icon className="my-4 size-4 animate-spin" aria-hidden="true" />;
  if (query.data.length === 0) return <p className="py-4 text-sm text-muted-foreground">{emptyText}</p>;
  return <>{children}</>;
}

function Payments({ order }: { order: Order }) {
  const query = useQuery<OrderPayment[]>({ queryKey: orderTabQueryKey(order.id, 'payments'), gcTime: 0 });
  const [, navigate] = useLocation();
  return (
    <section className="grid gap-2" aria-label={d.tabs.payments}>
      <TabState query={query} errorText={d.paymentsLoadError} emptyText={d.paymentsEmpty}>
        <ul className="grid gap-1.5">
          {query.data?.map((p) => (
            <li
              key={p.allocationId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <button
                type="button"
                className="font-mono hover:underline"
                aria-label={d.openPayment(p.number)}
                onClick={() => navigate(`/payments?open=${p.paymentId}`)}
              >
                {p.number}
              </button>
              <span className="text-muted-foreground">{formatDateUk(p.paymentDate)}</span>
              <span>
                {d.paymentStatus[p.status] ?? p.status}
                {p.type === 'refund' ? ` · ${d.refund}` : ''}
              </span>
              <span className="tabular-nums">
                {formatMoney(p.amount)} {p.currencyCode}
              </span>
            </li>
          ))}
        </ul>
      </TabState>
      <p className="text-right text-sm">
        <span className="text-muted-foreground">{d.paid}: </span>
        <span className="font-medium tabular-nums">{formatMoney(order.paid)}</span>
        <span className="text-muted-foreground"> · {d.outstanding}: </span>
        <span className="font-medium tabular-nums">{formatMoney(order.outstanding)}</span>
      </p>
    </section>
  );
}

function Shipments({ orderId }: { orderId: number }) {
  const query = useQuery<OrderShipment[]>({ queryKey: orderTabQueryKey(orderId, 'shipments'), gcTime: 0 });
  const [, navigate] = useLocation();
  return (
    <section className="grid gap-2" aria-label={d.tabs.shipments}>
      <TabState query={query} errorText={d.shipmentsLoadError} emptyText={d.shipmentsEmpty}>
        <ul className="grid gap-1.5">
          {query.data?.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <button
                type="button"
                className="font-mono hover:underline"
                aria-label={d.openShipment(s.number)}
                onClick={() => navigate(`/shipments?open=${s.id}`)}
              >
                {s.number}
              </button>
              <span className="text-muted-foreground">{formatDateUk(s.shipmentDate)}</span>
              <span>{d.shipmentStatus[s.status] ?? s.status}</span>
              <span className="text-muted-foreground">
                {[s.carrierName, s.trackingNumber, d.deliveryStatus[s.deliveryStatus] ?? s.deliveryStatus]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="tabular-nums">{formatMoney(s.totalGross)}</span>
            </li>
          ))}
        </ul>
      </TabState>
    </section>
  );
}

function Production({ order }: { order: Order }) {
  return (
    <section className="grid gap-3 py-2" aria-label={d.tabs.production}>
      <p className="text-sm font-medium">
        {order.productionApproved
          ? d.productionApproved(order.productionApprovedByName, order.productionApprovalNote)
          : d.productionNotApproved}
      </p>
      <div className="rounded-lg border border-dashed px-4 py-6 text-center">
        <p className="font-medium">{d.productionTitle}</p>
        <p className="text-sm text-muted-foreground">{d.productionEmpty}</p>
      </div>
    </section>
  );
}

function History({ orderId, labels }: { orderId: number; labels: Record<OrderStatus, string> }) {
  const query = useQuery<OrderHistoryEntry[]>({ queryKey: orderTabQueryKey(orderId, 'history'), gcTime: 0 });
  const statusOf = (value: unknown) =>
    typeof value === 'object' && value && 'status' in value ? (value as { status: unknown }).status : undefined;
  const isStatus = (v: unknown): v is OrderStatus => orderStatuses.includes(v as OrderStatus);
  return (
    <section className="grid gap-2" aria-label={d.tabs.history}>
      <TabState query={query} errorText={d.historyLoadError} emptyText={d.historyEmpty}>
        <ol className="grid gap-1.5">
          {query.data?.map((h) => {
            const from = statusOf(h.before);
            const to = statusOf(h.after);
            const reason =
              typeof h.after === 'object' && h.after && 'reason' in h.after
                ? String((h.after as { reason: unknown }).reason)
                : null;
            return (
              <li key={h.id} className="grid gap-0.5 rounded-md border px-3 py-2 text-sm">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {d.historyActions[h.action] ?? h.action}
                    {isStatus(from) && isStatus(to) ? ` · ${d.historyStatus(labels[from], labels[to])}` : ''}
                  </span>
                  <span className="text-muted-foreground tabular-nums">{formatTimestampUk(h.at)}</span>
                </span>
                <span className="text-muted-foreground">
                  {h.userName ?? h.actor ?? d.system}
                  {reason ? ` — ${reason}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      </TabState>
    </section>
  );
}

/** The confirmation of one action, with the fields it needs; the page's data refreshes after it. */
function ActionDialog({
  order,
  action,
  onDone,
  onDeleted,
}: {
  order: Order;
  action: DialogAction;
  onDone: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [approved, setApproved] = useState(!order.productionApproved);
  const [note, setNote] = useState(order.productionApprovalNote ?? '');
  const [error, setError] = useState<string | null>(null);
  const done = ordersWebMessages.actions.done;

  const run = useMutation({
    mutationFn: async (): Promise<unknown> => {
      const version = order.version;
      switch (action) {
        case 'delete':
          return ordersApi.remove(order.id, version);
        case 'close':
        case 'close-short':
          return ordersApi.action(order.id, 'close', { version, reason: reason.trim() });
        case 'cancel':
          return ordersApi.action(order.id, 'cancel', { version, reason: reason.trim() });
        case 'send-invoice':
          return ordersApi.sendInvoice(order.id);
        case 'ship':
          return ordersApi.ship(order.id);
        case 'production-approval':
          return ordersApi.action(order.id, 'production-approval', {
            version,
            approved,
            note: note.trim() || null,
          });
        default:
          return ordersApi.action(order.id, action, { version });
      }
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ predicate: isOrdersQuery });
      if (action === 'send-invoice') {
        const sent = answer as { recipients: string[] };
        toast({ title: done[action]!, description: ordersWebMessages.actions.sentTo(sent.recipients) });
      } else {
        toast({ title: done[action]!, description: order.orderNumber });
      }
      onDone();
      if (action === 'delete') onDeleted();
      if (action === 'ship') navigate(`/shipments?open=${(answer as { id: number }).id}`);
    },
  });
  const failure = run.error ? (serverMessageOf(run.error) ?? ordersWebMessages.actions.failed) : null;
  const needsReason = action === 'close' || action === 'close-short' || action === 'cancel';

  function confirm() {
    if (needsReason) {
      const parsed = orderReasonSchema.safeParse({ reason });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? dl.reason);
        return;
      }
    }
    setError(null);
    run.mutate();
  }

  const texts: Record<DialogAction, [title: string, description: string, confirm: string]> = {
    confirm: [dl.confirmTitle, dl.confirmDescription, orderActionLabels.confirm],
    'return-to-draft': [dl.returnTitle, dl.returnDescription, orderActionLabels['return-to-draft']],
    unreserve: [dl.unreserveTitle, dl.unreserveDescription, orderActionLabels.unreserve],
    delete: [dl.deleteTitle, dl.deleteDescription(order.orderNumber), orderActionLabels.delete],
    close: [dl.closeTitle, dl.closeDescription, orderActionLabels.close],
    'close-short': [dl.closeShortTitle, dl.closeShortDescription, orderActionLabels['close-short']],
    cancel: [dl.cancelTitle, dl.cancelDescription, orderActionLabels.cancel],
    'send-invoice': [dl.sendTitle, dl.sendDescription, dl.send],
    ship: [dl.shipTitle, dl.shipDescription, dl.ship],
    'production-approval': [dl.approvalTitle, dl.approvalDescription, approved ? dl.approve : dl.revoke],
  };
  const [title, description, confirmLabel] = texts[action];

  let body: ReactNode = null;
  if (needsReason) {
    body = (
      <div className="grid gap-2">
        <Label htmlFor={`${formId}-reason`}>
          {dl.reason}
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        </Label>
        <Textarea
          id={`${formId}-reason`}
          rows={3}
          maxLength={500}
          placeholder={dl.reasonPlaceholder}
          value={reason}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${formId}-reason-message`}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
        />
        <FieldMessage id={`${formId}-reason-message`} error={error ?? undefined} />
      </div>
    );
  } else if (action === 'production-approval') {
    body = (
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch id={`${formId}-approved`} checked={approved} onCheckedChange={setApproved} />
          <Label htmlFor={`${formId}-approved`}>{dl.approve}</Label>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${formId}-note`}>{dl.approvalNote}</Label>
          <Textarea
            id={`${formId}-note`}
            rows={2}
            maxLength={500}
            placeholder={dl.approvalNotePlaceholder}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
    );
  }

  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={dl.keep}
      pending={run.isPending}
      destructive={action === 'cancel' || action === 'delete' || (action === 'production-approval' && !approved)}
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
