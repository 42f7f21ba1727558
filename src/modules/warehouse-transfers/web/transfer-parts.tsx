// The status badge of a transfer (draft, posted, cancelled), in the tones of every posted document.
import {
  transferStatusLabels,
  type TransferStatus,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import { postingStatusTones } from '@/web/components/document-view.tsx';

export function TransferStatusBadge({ status, className }: { status: TransferStatus; className?: string }) {
  return <StatusBadge label={transferStatusLabels[status]} tone={postingStatusTones[status]} className={className} />;
}
