// Small parts of the receipts page and its document dialog: the status badge, a failure banner and a confirmation.
import { receiptStatusLabels, type ReceiptStatus } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';

const statusTones: Record<ReceiptStatus, StatusTone> = { draft: 'amber', posted: 'emerald', cancelled: 'struck' };

export function ReceiptStatusBadge({ status, className }: { status: ReceiptStatus; className?: string }) {
  return <StatusBadge label={receiptStatusLabels[status]} tone={statusTones[status]} className={className} />;
}

export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
