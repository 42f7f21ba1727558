// What the client's own pages (/clients/:id/…) share: the id from the path, the header with the way back to the
// list, the 'not found' state and a confirmation that waits for the server.
import type { ReactNode } from 'react';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { buttonVariants } from '@/web/components/ui/button.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { clientsWebMessages as messages } from './clients.messages.ts';

const CLIENTS_ROUTE = '/clients';

/** The `:id` of the path as a record id, or null when it cannot be one (the page then says 'not found'). */
export function useClientId(): number | null {
  const { id } = useParams<{ id: string }>();
  const value = Number(id);
  return /^\d{1,10}$/.test(id ?? '') && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647
    ? value
    : null;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function failureToast(error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: messages.errorTitle, description: serverMessageOf(error) ?? fallback });
}

function BackToClients() {
  return (
    <Link href={CLIENTS_ROUTE} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 w-fit' })}>
      <ArrowLeftIcon aria-hidden="true" />
      {messages.backToClients}
    </Link>
  );
}

/** The way back, the page's title with the client's name (once known), a line of text and the page's buttons. */
export function ClientPageHeader({
  title,
  clientName,
  subtitle,
  actions,
}: {
  title: string;
  clientName: string | undefined;
  subtitle: string;
  actions?: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <BackToClients />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">
            {clientName ? messages.titleWithName(title, clientName) : title}
          </h1>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {actions}
      </div>
    </div>
  );
}

/** The whole page when the client does not exist (404) or the path names no record. */
export function ClientNotFound() {
  return (
    <div className="flex flex-1 items-center justify-center py-12">
      <div className="flex max-w-md flex-col items-center gap-2 text-center">
        <span className="mb-3 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <SearchXIcon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{messages.notFound}</h1>
        <p className="text-sm text-balance text-muted-foreground">{messages.notFoundText}</p>
        <Link href={CLIENTS_ROUTE} className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
          <ArrowLeftIcon aria-hidden="true" />
          {messages.backToClients}
        </Link>
      </div>
    </div>
  );
}
