// The manufacturing order drawer's linked documents (issue 21): the client order(s) it is made for, from
// `GET /api/manufacturing-orders/:id/related` — none for one made to stock.
import { LinkedDocuments } from '@/modules/orders/web/index.ts';
import { endpointKey } from '@/web/lib/api.ts';
import { manufacturingEndpoints } from '../manufacturing.endpoints.ts';

export const moRelatedQueryKey = (id: number) => endpointKey(manufacturingEndpoints.related, { params: { id } });

export function MoLinks({ moId }: { moId: number }) {
  return <LinkedDocuments queryKey={moRelatedQueryKey(moId)} />;
}
