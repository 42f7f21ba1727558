// Parts every list page shares (users, reference data, and the pages to come): the state message, a sortable
// column header with aria-sort, an icon action with a tooltip, the pagination footer, and a small query's status.
import type { MouseEvent, ReactNode } from 'react';
import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  Loader2Icon,
  RefreshCwIcon,
} from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import { TableHead } from '@/web/components/ui/table.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const messages = uiMessages.list;

export function StateMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-16 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

/** A column header that sorts by `field` (`sort` is `field` or `-field`, domain README §10). */
export function SortableHead<F extends string>({
  field,
  sort,
  onSort,
  numeric = false,
  children,
}: {
  field: F;
  sort: string;
  onSort: (field: F) => void;
  numeric?: boolean;
  children: string;
}) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  const Icon = direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead aria-sort={direction} className={cn(numeric && 'text-right')}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {children}
        <Icon className={cn('size-3.5', direction === 'none' && 'opacity-50')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}

/** An icon button of a table row; it never triggers the row's own click. */
export function RowAction({
  label,
  onClick,
  disabled,
  destructive,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-8', destructive && 'text-destructive hover:text-destructive dark:text-red-400')}
          aria-label={label}
          disabled={disabled}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            onClick();
          }}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** 'Показано X–Y з Z', the page number and the previous/next buttons. */
export function ListPagination({
  page,
  pageSize,
  total,
  capped = false,
  emptySummary,
  nextDisabled = false,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The total is a lower bound: the list stopped counting there (decision 0031), so there are further pages. */
  capped?: boolean;
  /** What the summary says when there are no rows ('0 записів'). */
  emptySummary: string;
  /** Also hold 'next' while a page is still loading. */
  nextDisabled?: boolean;
  onPageChange: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={messages.pageNumber(page, pageCount, capped)}
      className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm"
    >
      <p className="text-muted-foreground" aria-live="polite">
        {total > 0 ? messages.pageInfo(from, to, total, capped) : emptySummary}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground">{messages.pageNumber(page, pageCount, capped)}</span>
        <Button
          variant="outline"
          size="sm"
          aria-label={messages.previousPage}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          <span className="hidden sm:inline">{messages.previous}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={messages.nextPage}
          disabled={(page >= pageCount && !capped) || nextDisabled}
          onClick={() => onPageChange(page + 1)}
        >
          <span className="hidden sm:inline">{messages.next}</span>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** A small query's loading line, or its error with a retry button; nothing once the data is there. */
export function InlineQueryStatus({
  query,
  loadingText,
  errorText,
  retryText,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingText: string;
  errorText: string;
  retryText: string;
}) {
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        {loadingText}
      </p>
    );
  }
  if (!query.isError) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-destructive dark:text-red-400" role="alert">
        {serverMessageOf(query.error) ?? errorText}
      </p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        <RefreshCwIcon aria-hidden="true" />
        {retryText}
      </Button>
    </div>
  );
}

/** A list that could not load: the message (with the server's reason) and a retry button. */
export function ListLoadError({
  error,
  message,
  retryText,
  onRetry,
}: {
  error: unknown;
  message: string;
  retryText: string;
  onRetry: () => unknown;
}) {
  const reason = serverMessageOf(error);
  return (
    <>
      <p className="font-medium text-destructive dark:text-red-400" role="alert">
        {message}
        {reason ? `: ${reason}` : ''}
      </p>
      <Button variant="outline" onClick={() => void onRetry()}>
        <RefreshCwIcon aria-hidden="true" />
        {retryText}
      </Button>
    </>
  );
}

/**
 * The body of a list card: a spinner while the first page loads, the load error with a retry when there is nothing
 * to show, otherwise the list itself.
 */
export function ListStates({
  query,
  loadingText,
  loadErrorText,
  retryText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: unknown; error: unknown; refetch: () => unknown };
  loadingText: string;
  loadErrorText: string;
  retryText: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <StateMessage>
        <span role="status" className="flex items-center gap-2">
          <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
          {loadingText}
        </span>
      </StateMessage>
    );
  }
  if (query.isError && !query.data) {
    return (
      <StateMessage>
        <ListLoadError error={query.error} message={loadErrorText} retryText={retryText} onRetry={query.refetch} />
      </StateMessage>
    );
  }
  return <>{children}</>;
}
