// The documents linked to the one on screen (issue 21), the same in every document's drawer: a titled list of groups
// ('Оплати', 'Відвантаження', …), each row the document's number as a link to its page with its drawer open
// (`/payments?open=5`; a print form opens in a new tab), its date, status, amount and a short note. The caller's
// module reads the links and names the groups; this part only shows them, with the loading, error and empty states.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Loader2Icon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import { formatDateUk, formatMoney } from '@/web/lib/document-format.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';

const m = uiMessages.relatedDocuments;

export interface RelatedDocumentLink {
  key: string;
  number: string;
  /** The document's page with its drawer open (`/orders?open=7`), or a file when `external` (a new tab). */
  href: string;
  external?: boolean;
  /** yyyy-mm-dd, shown дд.мм.рррр. */
  date: string | null;
  status: string;
  /** A decimal string, shown with two places and the currency after it. */
  amount?: string | null;
  currency?: string | null;
  detail?: string | null;
}

export interface RelatedDocumentGroup {
  key: string;
  /** The kind of document, plural: 'Оплати'. */
  label: string;
  items: readonly RelatedDocumentLink[];
}

export function RelatedDocuments({
  title = m.title,
  groups,
  isLoading = false,
  isError = false,
  onRetry,
  emptyText = m.empty,
  children,
}: {
  title?: string;
  /** Said when no group has a document. */
  emptyText?: string;
  /** Empty groups are left out; no group at all says so. */
  groups: readonly RelatedDocumentGroup[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  /** Shown under the title, above the groups (a way back to the document this one was opened from). */
  children?: ReactNode;
}) {
  const shown = (groups ?? []).filter((g) => g.items.length > 0);
  return (
    <section className="grid min-w-0 gap-3" aria-label={title}>
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
      {isError && !groups ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {m.loadError}
          {onRetry ? (
            <Button type="button" variant="outline" size="sm" onClick={onRetry}>
              {m.retry}
            </Button>
          ) : null}
        </p>
      ) : isLoading && !groups ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          <span role="status">{m.loading}</span>
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <div className="grid gap-3">
          {shown.map((group) => (
            <section key={group.key} className="grid gap-1.5" aria-label={group.label}>
              <h4 className="text-sm font-medium text-muted-foreground">
                {group.label} <span className="tabular-nums">({group.items.length})</span>
              </h4>
              <ul className="grid gap-1.5">
                {group.items.map((doc) => (
                  <RelatedRow key={doc.key} doc={doc} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function RelatedRow({ doc }: { doc: RelatedDocumentLink }) {
  const linkClass = 'font-mono font-medium text-primary underline-offset-4 hover:underline';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border px-3 py-2 text-sm">
      {doc.external ? (
        <a
          href={doc.href}
          target="_blank"
          rel="noreferrer"
          className={linkClass}
          aria-label={`${doc.number} (${m.opensInNewTab})`}
        >
          {doc.number}
        </a>
      ) : (
        <Link href={doc.href} className={linkClass}>
          {doc.number}
        </Link>
      )}
      {doc.date ? <span className="text-muted-foreground tabular-nums">{formatDateUk(doc.date)}</span> : null}
      <span>{doc.status}</span>
      {doc.detail ? <span className="text-muted-foreground">{doc.detail}</span> : null}
      {doc.amount ? (
        <span className="font-medium tabular-nums">
          {formatMoney(doc.amount)}
          {doc.currency ? ` ${doc.currency}` : ''}
        </span>
      ) : null}
    </li>
  );
}
