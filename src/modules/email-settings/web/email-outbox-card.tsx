// 'Вихідні листи' of /email-settings (reports-admin.md §13): the last 50 letters with their status, attempts and
// error; a failed one is sent again by its row action.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCwIcon } from 'lucide-react';
import { ListCard, ListEmpty, ListHeader } from '@/web/components/list-page.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { OutboxRow } from '../email-settings.contract.ts';
import { outboxStatusLabels } from '../email-settings.messages.ts';
import { emailSettingsApi, outboxKey } from './email-settings.api.ts';
import { emailSettingsWebMessages } from './email-settings-web.messages.ts';

const m = emailSettingsWebMessages.outbox;
const c = m.columns;
const variant = { sent: 'default', queued: 'secondary', logged: 'outline', failed: 'destructive' } as const;

const columns: DataColumn<OutboxRow>[] = [
  { id: 'to', header: c.to, primary: true, className: 'font-medium', cell: (r) => r.to },
  { id: 'subject', header: c.subject, className: 'max-w-72 whitespace-normal', cell: (r) => r.subject },
  {
    id: 'status',
    header: c.status,
    cell: (r) => <Badge variant={variant[r.status]}>{outboxStatusLabels[r.status]}</Badge>,
  },
  { id: 'attempts', header: c.attempts, numeric: true, cell: (r) => r.attempts },
  { id: 'error', header: c.error, className: 'max-w-80 whitespace-normal text-sm', cell: (r) => r.lastError ?? '—' },
  { id: 'createdAt', header: c.createdAt, cell: (r) => formatTimestampUk(r.createdAt) },
  { id: 'sentAt', header: c.sentAt, cell: (r) => (r.sentAt ? formatTimestampUk(r.sentAt) : '—') },
];

export function EmailOutboxCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<OutboxRow[]>({ queryKey: outboxKey });
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: number) => emailSettingsApi.retry(id),
    onSuccess: (row) => {
      toast({ title: row.status === 'sent' ? m.retried : (row.lastError ?? m.retried) });
      void queryClient.invalidateQueries({ queryKey: outboxKey });
    },
    onError: (error) => toast({ title: serverMessageOf(error) ?? m.retried, variant: 'destructive' }),
  });
  const rows = query.data ?? [];
  return (
    <section className="grid min-w-0 gap-4">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <ListCard
        query={query}
        page={1}
        limit={50}
        total={rows.length}
        onPage={() => {}}
        texts={{
          loading: m.loading,
          loadError: emailSettingsWebMessages.loadError,
          retry: emailSettingsWebMessages.retry,
          emptySummary: m.total(0),
        }}
        table={{
          id: 'email-outbox',
          label: m.label,
          columns,
          rows,
          rowKey: (r) => r.id,
          rowLabel: (r) => `${r.to}: ${r.subject}`,
          minWidthRem: 56,
          empty: <ListEmpty title={m.empty} hint={m.emptyHint} />,
          actions: canChange
            ? (r) =>
                r.status === 'failed'
                  ? [
                      {
                        label: m.retry(r.to),
                        icon: <RotateCwIcon aria-hidden="true" />,
                        inline: true,
                        onSelect: () => retry.mutate(r.id),
                      },
                    ]
                  : []
            : undefined,
        }}
      />
    </section>
  );
}
