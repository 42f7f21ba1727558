// The status badge of a receipt (draft, posted, cancelled), in the tones of every posted document.
import { receiptStatusLabels, type ReceiptStatus } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import { postingStatusTones } from '@/web/components/document-view.tsx';

export function ReceiptStatusBadge({ status, className }: { status: ReceiptStatus; className?: string }) {
  return <StatusBadge label={receiptStatusLabels[status]} tone={postingStatusTones[status]} className={className} />;
}
