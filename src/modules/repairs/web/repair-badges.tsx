// The badges of a repair: its status (production.md §7 States) and 'Гарантійний' / 'Платний'; and its days.
import { repairStatusLabels, type RepairStatus } from '@/modules/repairs/repairs.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { repairsWebMessages as messages } from './repairs-web.messages.ts';

const statusTones: Record<RepairStatus, StatusTone> = {
  received: 'amber',
  diagnosed: 'sky',
  in_repair: 'indigo',
  ready: 'teal',
  returned: 'emerald',
  cancelled: 'struck',
};

export function RepairStatusBadge({ status, className }: { status: RepairStatus; className?: string }) {
  return <StatusBadge label={repairStatusLabels[status]} tone={statusTones[status]} className={className} />;
}

export function WarrantyBadge({ warranty }: { warranty: boolean }) {
  return warranty ? (
    <StatusBadge label={messages.warranty} tone="emerald" />
  ) : (
    <StatusBadge label={messages.paid} tone="neutral" />
  );
}

/** A day as дд.мм.рррр, whether the API gives a date ('2026-08-20') or a moment ('2026-08-20T12:00:00.000Z'). */
export function formatDayUk(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateUk(value);
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(moment.getDate())}.${two(moment.getMonth() + 1)}.${moment.getFullYear()}`;
}
