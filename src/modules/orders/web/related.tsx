// The linked documents of every document's drawer (issue 21) and the way back to the order a document was opened
// from. The server answers the links (`GET …/:id/related`, related-documents.contract.ts); here they become the
// toolkit's RelatedDocuments groups, each number a link to its page with its drawer open (`?open=<id>`), an invoice a
// print form in a new tab. A document opened from an order's action carries `from=order` in its address: its view
// shows 'Повернутися до замовлення …' and, when done, goes back to the order's drawer.
import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowLeftIcon } from 'lucide-react';
import {
  relatedDocumentKinds,
  type RelatedDocument,
  type RelatedDocumentKind,
} from '@/modules/orders/related-documents.contract.ts';
import { RelatedDocuments, type RelatedDocumentGroup } from '@/web/components/related-documents.tsx';
import { endpointUrl } from '@/web/lib/api.ts';
import { ordersEndpoints } from '../orders.endpoints.ts';
import { ordersWebMessages } from './orders.messages.ts';

const r = ordersWebMessages.related;

/** The page of each kind, its drawer open on the document. */
const hrefOf: Record<RelatedDocumentKind, (id: number) => string> = {
  order: (id) => orderDrawerHref(id),
  invoice: (id) => endpointUrl(ordersEndpoints.printInvoice, { params: { id } }),
  payment: (id) => `/payments?open=${id}`,
  shipment: (id) => `/shipments?open=${id}`,
  manufacturing: (id) => `/manufacturing?open=${id}`,
};

/** The order's page with its drawer open. */
export const orderDrawerHref = (orderId: number) => `/orders?open=${orderId}`;

/** The address parameter of a document opened from an order's action ('Записати оплату', 'Відвантажити'). */
export const FROM_ORDER_PARAM = 'from';
export const FROM_ORDER_VALUE = 'order';
/** Whether the address (`useSearch()`) says the document was opened from an order. */
export const openedFromOrder = (search: string) =>
  new URLSearchParams(search).get(FROM_ORDER_PARAM) === FROM_ORDER_VALUE;

/** The server's links as the toolkit's groups, in a fixed order of kinds. */
export function relatedGroupsOf(docs: readonly RelatedDocument[]): RelatedDocumentGroup[] {
  return relatedDocumentKinds.map((kind) => ({
    key: kind,
    label: r.groups[kind],
    items: docs
      .filter((doc) => doc.kind === kind)
      .map((doc) => ({
        key: `${kind}:${doc.id}`,
        number: doc.number,
        href: hrefOf[kind](doc.id),
        external: kind === 'invoice',
        date: doc.date,
        status: doc.statusLabel,
        amount: doc.amount,
        currency: doc.currencyCode === 'UAH' ? r.uah : doc.currencyCode,
        detail: doc.detail,
      })),
  }));
}

/** A document's linked documents, read by its module's `related` endpoint (the query key names it). */
/**
 * The linked documents of the drawer's document. `revision` is the document's own version (or status): when posting,
 * cancelling or editing the document changes it, the links are read again — a shipment just posted shows its order
 * as 'Виконано', not as it was when the drawer opened.
 */
export function LinkedDocuments({
  queryKey,
  revision,
  children,
}: {
  queryKey: QueryKey;
  revision?: string | number;
  children?: ReactNode;
}) {
  const query = useQuery<RelatedDocument[]>({ queryKey, gcTime: 0 });
  const { refetch } = query;
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    void refetch();
  }, [revision, refetch]);
  return (
    <RelatedDocuments
      groups={query.data ? relatedGroupsOf(query.data) : undefined}
      isLoading={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
    >
      {children}
    </RelatedDocuments>
  );
}

/** 'Повернутися до замовлення ORD-…': the way back from a document opened by an order's action. */
export function BackToOrder({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm">
      <span className="text-muted-foreground">{r.openedFromOrder}</span>
      <Link
        href={orderDrawerHref(orderId)}
        className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {r.backToOrder(orderNumber)}
      </Link>
    </p>
  );
}
