// Small parts of the client orders page: the status badge (with the display names from the order settings), the
// payment badge, the due date that turns red when overdue, and the shared confirmation and failure parts.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon } from 'lucide-react';
import {
  orderStatusLabels,
  paymentStatusLabels,
  type OrderSettings,
  type OrderStatus,
  type PaymentStatus,
} from '@/modules/orders/orders.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { cn } from '@/web/lib/utils.ts';
import { formatDateUk } from './order-format.ts';
import { orderSettingsQueryKey } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';

const statusTones: Record<OrderStatus, StatusTone> = {
  draft: 'amber',
  confirmed: 'indigo',
  partially_shipped: 'teal',
  shipped: 'sky',
  completed: 'emerald',
  cancelled: 'struck',
};

const paymentTones: Record<PaymentStatus, StatusTone> = {
  unpaid: 'neutral',
  partially_paid: 'amber',
  paid: 'emerald',
  overpaid: 'sky',
};

/** The display names of the statuses: the administrator's (setting `orderStatusLabels`) over the defaults. */
export function useStatusLabels(): Record<OrderStatus, string> {
  const settings = useQuery<OrderSettings>({ queryKey: orderSettingsQueryKey, staleTime: 60_000 });
  return { ...orderStatusLabels, ...(settings.data?.statusLabels ?? {}) };
}

export function OrderStatusBadge({
  status,
  labels,
  className,
}: {
  status: OrderStatus;
  labels: Record<OrderStatus, string>;
  className?: string;
}) {
  return <StatusBadge label={labels[status]} tone={statusTones[status]} className={className} />;
}

export function PaymentBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  return <StatusBadge label={paymentStatusLabels[status]} tone={paymentTones[status]} className={className} />;
}

/** The shipping deadline; red with a mark when the order is overdue. */
export function DueDate({ date, overdue }: { date: string | null; overdue: boolean }) {
  if (!date) return <span className="text-muted-foreground">{ordersWebMessages.none}</span>;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 tabular-nums',
        overdue && 'font-medium text-red-700 dark:text-red-400',
      )}
      title={overdue ? ordersWebMessages.overdue : undefined}
    >
      {overdue ? <AlertTriangleIcon className="size-3.5" aria-hidden="true" /> : null}
      {formatDateUk(date)}
      {overdue ? <span className="sr-only">{` (${ordersWebMessages.overdue})`}</span> : null}
    </span>
  );
}

export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
