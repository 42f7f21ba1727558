// The shipment drawer's linked documents (issue 21): the order it ships, from `GET /api/shipments/:id/related`, and —
// when the order's 'Відвантажити' opened it (`&from=order`) — the way back to that order; closing such a drawer goes
// back to the order's drawer too.
import { useLocation, useSearch } from 'wouter';
import type { Shipment } from '@/modules/shipments/shipments.contract.ts';
import { BackToOrder, LinkedDocuments, openedFromOrder, orderDrawerHref } from '@/modules/orders/web/index.ts';
import { endpointKey } from '@/web/lib/api.ts';
import { shipmentsEndpoints } from '../shipments.endpoints.ts';

export const shipmentRelatedQueryKey = (id: number) => endpointKey(shipmentsEndpoints.related, { params: { id } });

/** The shipment's order as a linked document. */
export function ShipmentLinks({ shipment }: { shipment: Shipment }) {
  return (
    <LinkedDocuments
      queryKey={shipmentRelatedQueryKey(shipment.id)}
      revision={`${shipment.version}:${shipment.status}`}
    />
  );
}

/** 'Повернутися до замовлення …' at the top of a drawer the order's 'Відвантажити' opened; nothing otherwise. */
export function ShipmentBackToOrder({ shipment }: { shipment: Shipment }) {
  const search = useSearch();
  if (!openedFromOrder(search)) return null;
  return <BackToOrder orderId={shipment.orderId} orderNumber={shipment.orderNumber} />;
}

/** The drawer's close: back to the order's drawer when the order's 'Відвантажити' opened it, else `onClose`. */
export function useCloseToOrder(shipment: Shipment | undefined, onClose: () => void): () => void {
  const search = useSearch();
  const [, navigate] = useLocation();
  if (!shipment || !openedFromOrder(search)) return onClose;
  return () => {
    onClose();
    navigate(orderDrawerHref(shipment.orderId));
  };
}
