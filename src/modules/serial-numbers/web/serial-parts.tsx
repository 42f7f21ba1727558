// Small parts of the serial numbers page: the status badge and how dates are written.
import { format } from 'date-fns';
import { serialStatusLabels, type SerialStatus } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
export { formatDateUk, formatTimestampUk } from '@/web/lib/document-format.ts';

const tones: Record<SerialStatus, StatusTone> = {
  allocated: 'indigo',
  available: 'emerald',
  reserved: 'sky',
  sold: 'teal',
  in_repair: 'amber',
  defective: 'neutral',
  void: 'struck',
};

export function SerialStatusBadge({ status }: { status: SerialStatus }) {
  return <StatusBadge label={serialStatusLabels[status]} tone={tones[status]} />;
}

/** A timestamp's date in the user's calendar, 'dd.MM.yyyy'. */
export function formatDayUk(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'dd.MM.yyyy');
}
