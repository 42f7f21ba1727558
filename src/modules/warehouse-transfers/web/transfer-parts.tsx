// Small parts of the transfers page: how dates, decimals and statuses read in Ukrainian, the status badge, a failure
// banner, a confirmation that waits for the server, and the name of a record the API gives only by id.
import { useQuery } from '@tanstack/react-query';
import {
  transferStatusLabels,
  type TransferStatus,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { lookupBase, type LookupItem } from '@/resources/_engine/web/resource-api.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';

export {
  decimalInput,
  formatDateUk,
  formatMoney,
  formatQty,
  formatTimestampUk,
  todayIso,
} from '@/web/lib/document-format.ts';

/** The name of a record the API gives only by id (a pre-filled warehouse), asked of its lookup. */
export function useLookupLabel(route: string, id: number | null, known: string | null = null): string | null {
  const query = useQuery<LookupItem[]>({
    queryKey: [lookupBase(route), { ids: String(id) }],
    enabled: id !== null && known === null,
  });
  if (id === null) return null;
  return known ?? query.data?.find((item) => item.id === id)?.label ?? null;
}

const statusTones: Record<TransferStatus, StatusTone> = { draft: 'amber', posted: 'emerald', cancelled: 'struck' };

export function TransferStatusBadge({ status, className }: { status: TransferStatus; className?: string }) {
  return <StatusBadge label={transferStatusLabels[status]} tone={statusTones[status]} className={className} />;
}

export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
