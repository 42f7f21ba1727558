// The manufacturing order drawer's linked documents (issue 21): the client order(s) it is made for, from
// `GET /api/manufacturing-orders/:id/related` — none for one made to stock.
import { LinkedDocuments } from '@/modules/orders/web/index.ts';
import { endpointKey } from '@/web/lib/api.ts';
import { manufacturingEndpoints } from '../manufacturing.endpoints.ts';

export const moRelatedQueryKey = (id: number) => endpointKey(manufacturingEndpoints.related, { params: { id } });

/** `revision` is the MO's version and status: when an action changes the MO, its links are read again. */
export function MoLinks({ moId, revision }: { moId: number; revision?: string }) {
  return <LinkedDocuments queryKey={moRelatedQueryKey(moId)} revision={revision} />;
}
