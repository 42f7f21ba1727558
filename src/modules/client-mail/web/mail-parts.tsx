// Small parts of the /client-mail page: the letter and register status badges.
import {
  mailStatusLabels,
  registerStatusLabels,
  type MailStatus,
  type RegisterStatus,
} from '@/modules/client-mail/client-mail.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';

const mailTones: Record<MailStatus, StatusTone> = {
  draft: 'amber',
  printed: 'sky',
  sent: 'indigo',
  delivered: 'emerald',
  returned: 'neutral',
  cancelled: 'struck',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <StatusBadge label={mailStatusLabels[status]} tone={mailTones[status]} />;
}

export function RegisterStatusBadge({ status }: { status: RegisterStatus }) {
  return <StatusBadge label={registerStatusLabels[status]} tone={status === 'sent' ? 'indigo' : 'amber'} />;
}

export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
