// The parse result of /bank-email-test: the fields as the bank wrote them, the state ('списано — ігнорується' for a
// debit), the warnings, whether it was processed before, the orders it would match with score and reasons, and
// whether it would be posted by itself.
import { Badge } from '@/web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { formatDateUk, formatMoney } from '@/web/lib/document-format.ts';
import type { BankEmailAnalysis } from '../bank-mailbox.contract.ts';
import { bankEmailTestWebMessages as m } from './bank-email-test-web.messages.ts';

const f = m.fields;

export function BankEmailResult({ analysis: a, title = m.result }: { analysis: BankEmailAnalysis; title?: string }) {
  const x = a.fields;
  const rows: Array<[string, string]> = [
    [f.status, m.statuses[x.status]],
    [f.direction, x.direction === 'credit' ? f.credit : x.direction === 'debit' ? f.debit : m.none],
    [f.amount, x.amount ? `${formatMoney(x.amount)} ${x.currency ?? ''}`.trim() : m.none],
    [f.date, x.operationDate ? formatDateUk(x.operationDate) : m.none],
    [f.ourIban, x.ourIban ?? m.none],
    [f.company, a.company?.name ?? m.none],
    [f.payer, x.counterpartyName ?? m.none],
    [f.taxId, x.counterpartyTaxId ?? m.none],
    [f.payerIban, x.counterpartyIban ?? m.none],
    [f.purpose, x.purpose ?? m.none],
    [f.docNumber, x.bankDocNumber ?? m.none],
  ];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <p className="text-sm text-muted-foreground">{m.nothingWritten}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {a.duplicateOf ? (
          <p role="status" className="rounded-md border p-3 text-sm">
            {m.duplicate(a.duplicateOf.bankTransactionId)}
          </p>
        ) : null}
        {x.parseError ? <p className="text-sm font-medium text-destructive dark:text-red-400">{x.parseError}</p> : null}
        <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[12rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {a.warnings.length ? (
          <div className="grid gap-1">
            <p className="text-sm font-medium">{m.warnings}</p>
            <ul className="list-disc pl-5 text-sm">
              {a.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {a.credit && x.status === 'parsed' ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{m.proposals}</p>
            {a.proposals.length ? (
              <ul className="grid gap-2">
                {a.proposals.map((p) => (
                  <li key={p.orderId} className="grid gap-1 rounded-md border p-3 text-sm">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {p.orderNumber} · {p.clientName}
                      <Badge variant="secondary">{m.score(p.score)}</Badge>
                    </span>
                    <span className="text-muted-foreground">{p.reasons.join('; ')}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{m.noProposals}</p>
            )}
            <p className="text-sm">
              <Badge variant={a.wouldAutoPost ? 'default' : 'outline'}>
                {a.wouldAutoPost ? m.autoPost : m.noAutoPost}
              </Badge>
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
