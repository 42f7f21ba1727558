// Small parts of the supplier orders page: the status badge and the overdue mark.
import { AlertTriangleIcon } from 'lucide-react';
import { orderStatusLabels, type OrderStatus } from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { ordersWebMessages } from './supplier-orders.messages.ts';

const statusTones: Record<OrderStatus, StatusTone> = {
  draft: 'amber',
  sent: 'sky',
  confirmed: 'indigo',
  partially_received: 'teal',
  received: 'emerald',
  closed: 'neutral',
  cancelled: 'struck',
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return <StatusBadge label={orderStatusLabels[status]} tone={statusTones[status]} className={className} />;
}

export function OverdueMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-500/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-300">
      <AlertTriangleIcon className="size-3" aria-hidden="true" />
      {ordersWebMessages.overdue}
    </span>
  );
}
