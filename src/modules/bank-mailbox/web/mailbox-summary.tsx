// The mailbox's summary on /bank-email-test (reports-admin.md §17): enabled, server, last poll, last UID and the last
// error, a link to its settings on /integrations, and 'Отримати з поштової скриньки' — the latest letters from the
// allowed senders parsed as 'Розібрати' would, without moving the UID or touching flags.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { InboxIcon, Loader2Icon } from 'lucide-react';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import type { MailboxSettings } from '../bank-mailbox.contract.ts';
import { bankEmailTestApi, mailboxSummaryKey } from './bank-email-test.api.ts';
import { BankEmailResult } from './bank-email-result.tsx';
import { bankEmailTestWebMessages as m } from './bank-email-test-web.messages.ts';

export function MailboxSummary() {
  const query = useQuery<MailboxSettings>({ queryKey: mailboxSummaryKey });
  const fetch = useMutation({ mutationFn: () => bankEmailTestApi.fetch(10) });
  const s = query.data;
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          {m.mailbox}
          {s ? <Badge variant={s.enabled ? 'default' : 'outline'}>{s.enabled ? m.on : m.off}</Badge> : null}
        </CardTitle>
        <Link href="/integrations" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {m.openIntegrations}
        </Link>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.loadError} retryText={m.retry} />
        {s ? (
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
            <dt className="text-muted-foreground">{m.host}</dt>
            <dd>{s.host ? `${s.host}:${s.port}, ${s.folder}` : m.none}</dd>
            <dt className="text-muted-foreground">{m.lastPoll}</dt>
            <dd>{s.lastPollAt ? formatTimestampUk(s.lastPollAt) : m.none}</dd>
            <dt className="text-muted-foreground">{m.lastUid}</dt>
            <dd>{s.lastUid}</dd>
            <dt className="text-muted-foreground">{m.lastError}</dt>
            <dd className="break-words">{s.lastError ?? m.none}</dd>
          </dl>
        ) : null}
        {s && !s.host ? <p>{m.mailboxOff}</p> : null}
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={!s?.host || fetch.isPending}
          onClick={() => fetch.mutate()}
        >
          {fetch.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <InboxIcon aria-hidden="true" />
          )}
          {m.fetch}
        </Button>
        {fetch.isError ? <FormFailure>{serverMessageOf(fetch.error) ?? m.fetch}</FormFailure> : null}
        {fetch.data ? (
          fetch.data.length ? (
            <div className="grid gap-4">
              {fetch.data.map((a) => (
                <BankEmailResult key={a.externalId} analysis={a} title={a.subject ?? a.externalId} />
              ))}
            </div>
          ) : (
            <p>{m.fetchedNone}</p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
