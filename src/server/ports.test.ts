// The composition root connects every port between a parent document module and its child (decision 0017): after
// connectModules() each port answers the child module's implementation. How an unconnected port fails is
// definePort's own test (kernel/port.test.ts); this file connects nothing but the real implementations, so it
// leaves no stub behind for the files that share its worker.
import { describe, expect, it } from 'vitest';
import { orderShipments } from '@/modules/orders/server/order-shipments.ts';
import { orderChildDocuments } from '@/modules/orders/server/order-related.ts';
import { manufacturingOfOrder } from '@/modules/manufacturing/server/index.ts';
import { paymentsOfOrder } from '@/modules/payments/server/index.ts';
import { serialWriteOffs } from '@/modules/serial-numbers/server/serial-write-offs.ts';
import { shipmentsOfOrder, shipmentsOfOrders } from '@/modules/shipments/server/index.ts';
import { adjustmentsForSerials } from '@/modules/stock/server/index.ts';
import { supplierOrderReceipts } from '@/modules/supplier-orders/server/supplier-order-receipts.ts';
import { receiptsOfSupplierOrders } from '@/modules/supplier-receipts/server/index.ts';
import { connectModules } from './app.ts';

describe('connectModules', () => {
  it('connects each parent module to its child module’s implementation', () => {
    connectModules();
    expect(orderShipments()).toBe(shipmentsOfOrders);
    expect(supplierOrderReceipts()).toBe(receiptsOfSupplierOrders);
    expect(serialWriteOffs()).toBe(adjustmentsForSerials);
    expect(orderChildDocuments()).toEqual([paymentsOfOrder, shipmentsOfOrder, manufacturingOfOrder]);
  });
});
