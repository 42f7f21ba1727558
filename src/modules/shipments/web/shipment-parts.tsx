// Small parts of the shipments page: the document status and the delivery status badges.
import {
  deliveryStatusLabels,
  shipmentStatusLabels,
  waybillStateLabels,
  type DeliveryStatus,
  type ShipmentStatus,
  type WaybillState,
} from '@/modules/shipments/shipments.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';

const statusTones: Record<ShipmentStatus, StatusTone> = { draft: 'amber', posted: 'emerald', cancelled: 'struck' };
const deliveryTones: Record<DeliveryStatus, StatusTone> = {
  none: 'neutral',
  created: 'sky',
  in_transit: 'indigo',
  arrived: 'teal',
  delivered: 'emerald',
  refused: 'amber',
  returned: 'amber',
};

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return <StatusBadge label={shipmentStatusLabels[status]} tone={statusTones[status]} />;
}

export function DeliveryStatusBadge({ status, waybill }: { status: DeliveryStatus; waybill?: WaybillState }) {
  if (waybill === 'unknown' || waybill === 'creating') {
    return <StatusBadge label={`ЕН: ${waybillStateLabels[waybill]}`} tone="amber" />;
  }
  return <StatusBadge label={deliveryStatusLabels[status]} tone={deliveryTones[status]} />;
}

export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
