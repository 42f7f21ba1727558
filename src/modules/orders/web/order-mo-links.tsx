// The manufacturing orders linked to an order's lines, as the confirmations of 'Повернути в чернетку', 'Скасувати'
// and revoking the production approval show them (sales.md §1.1, §1.3): the first and the last are refused while an
// MO that is not cancelled is linked; cancelling removes the links, the MOs stay and production is notified. The
// server decides; this only tells the user first (its refusal, naming the MOs, shows in the dialog too).
import { useQuery } from '@tanstack/react-query';
import { blockingLinks, type OrderManufacturingLink } from '@/modules/orders/order-manufacturing.contract.ts';
import { endpointKey } from '@/web/lib/api.ts';
import { ordersEndpoints as api } from '../orders.endpoints.ts';
import { formatQty } from './order-format.ts';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.moLinks;

export const orderMoLinksQueryKey = (id: number) => endpointKey(api.manufacturingOrders, { params: { id } });

/** What the dialog does about the links: refuse (return to draft, revoke) or unlink (cancel). */
export type MoLinkEffect = 'noDraft' | 'noRevoke' | 'cancel';

/** The MOs that matter to the action (cancelled ones never do); undefined while they load or when off. */
export function useLinkedMos(orderId: number, enabled: boolean) {
  const query = useQuery<OrderManufacturingLink[]>({ queryKey: orderMoLinksQueryKey(orderId), enabled, gcTime: 0 });
  return { query, links: query.data ? blockingLinks(query.data) : undefined };
}

export function LinkedMosNotice({
  effect,
  query,
  links,
}: {
  effect: MoLinkEffect;
  query: ReturnType<typeof useLinkedMos>['query'];
  links: OrderManufacturingLink[] | undefined;
}) {
  if (query.isPending) return <p className="text-sm text-muted-foreground">{m.loading}</p>;
  if (query.isError) return <p className="text-sm text-muted-foreground">{m.loadError}</p>;
  if (!links?.length) return null;
  const running = links.some((l) => l.status === 'released' || l.status === 'in_progress');
  const refusal = effect !== 'cancel';
  return (
    <section
      aria-label={m.list}
      role={refusal ? 'alert' : undefined}
      className={
        refusal
          ? 'grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300'
          : 'grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm'
      }
    >
      <p className="font-medium">{m[effect]}</p>
      <ul className="grid gap-0.5">
        {links.map((l) => (
          <li key={l.id} className="tabular-nums">
            {m.row(l.number, l.statusLabel, l.itemName, formatQty(l.qty))}
          </li>
        ))}
      </ul>
      {effect === 'cancel' && running ? <p>{m.running}</p> : null}
    </section>
  );
}
