// Small parts of the transfers page: how dates, decimals and statuses read in Ukrainian, the status badge, a failure
// banner, a confirmation that waits for the server, and the name of a record the API gives only by id.
import type { MouseEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { Loader2Icon } from 'lucide-react';
import {
  transferStatusLabels,
  type TransferStatus,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { lookupBase, type LookupItem } from '@/resources/_engine/web/resource-api.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog.tsx';
import { cn } from '@/web/lib/utils.ts';

/** A business date 'YYYY-MM-DD' as 'dd.mm.yyyy' (no time zone involved). */
export function formatDateUk(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** A timestamp as local 'dd.MM.yyyy HH:mm'. */
export function formatTimestampUk(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'dd.MM.yyyy HH:mm', { locale: uk });
}

/** Money: a decimal comma, grouped thousands, two decimals. */
export const formatMoney = (value: string) => formatDecimalUk(value, 2);
/** A quantity: as many decimals as it has, none when whole ('10.0000' → '10'). */
export const formatQty = (value: string) => formatDecimalUk(value, 0);

/** The API's exact decimal as an input shows it: a decimal comma, no padding zeros ('2.5000' → '2,5'). */
export function decimalInput(value: string): string {
  const [int = '', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${int},${digits}` : int;
}

/** Today in the user's calendar, as the date inputs want it. */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');

/** The name of a record the API gives only by id (a pre-filled warehouse), asked of its lookup. */
export function useLookupLabel(route: string, id: number | null, known: string | null = null): string | null {
  const query = useQuery<LookupItem[]>({
    queryKey: [lookupBase(route), { ids: String(id) }],
    enabled: id !== null && known === null,
  });
  if (id === null) return null;
  return known ?? query.data?.find((item) => item.id === id)?.label ?? null;
}

const statusStyles: Record<TransferStatus, { badge: string; dot: string }> = {
  draft: { badge: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  posted: { badge: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400', dot: 'bg-emerald-500' },
  cancelled: { badge: 'bg-muted text-muted-foreground line-through decoration-1', dot: 'bg-muted-foreground' },
};

export function TransferStatusBadge({ status, className }: { status: TransferStatus; className?: string }) {
  const style = statusStyles[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        style.badge,
        className,
      )}
    >
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden="true" />
      {transferStatusLabels[status]}
    </span>
  );
}

/** A failure of the whole form (not of one input), announced. */
export function FormFailure({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
    >
      {children}
    </div>
  );
}

/** A confirmation whose action runs a request and stays open until the server answers. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending = false,
  destructive = false,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  destructive?: boolean;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            onClick={(event: MouseEvent) => {
              event.preventDefault(); // stay open until the server answers
              onConfirm();
            }}
          >
            {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
