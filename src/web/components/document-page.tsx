// A document's own page (/inventory-audits/{id}, /production-forecasts/{id}): its record by the route's `:id`, and
// what the page shows until the record is there — an address without a usable id or a refusal with the way back to
// the list, or the loading line.
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { Link, useRoute } from 'wouter';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { DocumentLoadState, type DocumentLoadTexts } from '@/web/components/document-dialog.tsx';

/** The record the route's `:id` names (always fetched fresh); `valid` is false for an id that cannot be one. */
export function useDocumentPage<T>(pattern: string, keyOf: (id: number) => QueryKey) {
  const [, params] = useRoute<{ id: string }>(pattern);
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery<T>({ queryKey: keyOf(id), enabled: valid, staleTime: 0 });
  return { id, valid, query };
}

/** The page until its record is there: refused or impossible with 'Повторити' and the link back, or loading. */
export function DocumentPageState({
  valid,
  query,
  texts,
  back,
}: {
  valid: boolean;
  query: UseQueryResult<unknown>;
  texts: DocumentLoadTexts;
  back: { href: string; text: string };
}) {
  if (!valid || query.isError) {
    return (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={texts.loadError}
          retryText={texts.retry}
          onRetry={() => query.refetch()}
        />
        <Link href={back.href} className="text-sm underline">
          {back.text}
        </Link>
      </StateMessage>
    );
  }
  return <DocumentLoadState query={query} texts={texts} />;
}
