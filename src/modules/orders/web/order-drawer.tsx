// The drawer of one client order (sales.md §1 Page): its facts, the actions its state allows (from the server's
// `allowedActions`), and the tabs 'Рядки' (ordered, shipped, reserved, remaining), 'Оплати', 'Відвантаження',
// 'Виробництво' and 'Історія' (order-drawer-tabs.tsx). Every change asks for confirmation first
// (order-action-dialog.tsx); destructive ones need a reason.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  BanIcon,
  BanknoteIcon,
  CheckIcon,
  CopyIcon,
  FactoryIcon,
  FileTextIcon,
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
import { orderActionLabels, type Order, type OrderAction } from '@/modules/orders/orders.contract.ts';
import { DocumentActionBar, type DocumentAction } from '@/web/components/document-actions.tsx';
import { DocumentSheet, DocumentTabs } from '@/web/components/document-drawer.tsx';
import { failureToast, toast } from '@/web/lib/use-toast.ts';
import { ActionDialog, type DialogAction } from './order-action-dialog.tsx';
import { History, Lines, Payments, Production, Shipments } from './order-drawer-tabs.tsx';
import { formatDateUk, formatMoney, formatQty } from './order-format.ts';
import { DueDate, OrderStatusBadge, PaymentBadge, useStatusLabels } from './order-parts.tsx';
import { isOrdersQuery, orderQueryKey, orderTabQueryKey, ordersApi } from './orders.api.ts';
import { FROM_ORDER_PARAM, FROM_ORDER_VALUE, LinkedDocuments } from './related.tsx';
import { ordersWebMessages } from './orders.messages.ts';

const d = ordersWebMessages.drawer;

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
/** The next step of an order's life, in the order it comes: the first one the state allows is the primary button. */
const nextSteps: readonly OrderAction[] = ['confirm', 'ship', 'close', 'record-payment'];
/** Plain buttons beside it; everything else is in 'Ще'. */
const plainActions: readonly OrderAction[] = ['edit', 'record-payment', 'print-invoice'];
/** Only in 'Ще', under a separator, each behind its confirmation. */
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
    <DocumentSheet
      doc={order}
      query={query}
      loadTexts={{ loading: d.loading, loadError: d.loadError, retry: ordersWebMessages.retry }}
      title={order ? order.orderNumber : ordersWebMessages.title}
      badges={
        order ? (
          <>
            <OrderStatusBadge status={order.status} labels={labels} />
            <PaymentBadge status={order.paymentStatus} />
          </>
        ) : null
      }
      description={order ? order.clientName : d.loading}
      bodyClassName="gap-6"
      onClose={onClose}
      dialogs={
        order && pending ? (
          <ActionDialog order={order} action={pending} onDone={() => setPending(null)} onDeleted={onClose} />
        ) : null
      }
    >
      {(order) => (
        <>
          <Actions
            order={order}
            canChange={canChange}
            onEdit={() => onEdit(order)}
            onDialog={setPending}
            onOpen={onOpen}
          />
          <Facts order={order} />
          <LinkedDocuments
            queryKey={orderTabQueryKey(order.id, 'related')}
            revision={`${order.version}:${order.status}:${order.paymentStatus}`}
          />
          <DocumentTabs
            scroll={false}
            tabs={[
              { value: 'lines', label: d.tabs.lines, content: <Lines order={order} /> },
              { value: 'payments', label: d.tabs.payments, content: <Payments order={order} /> },
              { value: 'shipments', label: d.tabs.shipments, content: <Shipments orderId={order.id} /> },
              { value: 'production', label: d.tabs.production, content: <Production order={order} /> },
              { value: 'history', label: d.tabs.history, content: <History orderId={order.id} labels={labels} /> },
            ]}
          />
        </>
      )}
    </DocumentSheet>
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
    onError: failureToast(ordersWebMessages.actions.failed),
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
        return navigate(`/payments?orderId=${order.id}&${FROM_ORDER_PARAM}=${FROM_ORDER_VALUE}`);
      case 'reserve':
      case 'copy':
        return immediate.mutate(action);
      default:
        return onDialog(action);
    }
  }

  const offered = order.allowedActions.filter((a) => canChange || readOnlyActions.includes(a));
  const toAction = (action: OrderAction): DocumentAction => {
    const Icon = icons[action];
    return {
      id: action,
      label: orderActionLabels[action],
      icon: <Icon aria-hidden="true" />,
      onSelect: () => run(action),
      disabled: immediate.isPending,
      pending: immediate.isPending && immediate.variables === action,
      destructive: destructiveActions.includes(action),
    };
  };
  // One primary button — the order's next step — a few plain ones, the rest (cancel and delete last) in 'Ще'.
  const primary = nextSteps.find((a) => offered.includes(a));
  const plain = plainActions.filter((a) => a !== primary && offered.includes(a));
  const rest = offered
    .filter((a) => a !== primary && !plain.includes(a))
    .sort((a, b) => Number(destructiveActions.includes(a)) - Number(destructiveActions.includes(b)));
  return (
    <div className="grid gap-2">
      <DocumentActionBar
        primary={primary ? toAction(primary) : null}
        secondary={plain.map(toAction)}
        more={rest.map(toAction)}
      />
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
