// The supplier-orders module's receipts port: used before the composition root connects it, it throws a programming
// error naming the call that is missing; connected, it answers the implementation given.
import { describe, expect, it } from 'vitest';
import {
  connectSupplierOrderReceipts,
  supplierOrderReceipts,
  type SupplierOrderReceipts,
} from './supplier-order-receipts.ts';

describe('the SupplierOrderReceipts port', () => {
  it('throws until it is connected, then answers the implementation', () => {
    expect(() => supplierOrderReceipts()).toThrow(/connectSupplierOrderReceipts\(\)/);
    const port: SupplierOrderReceipts = { createDraft: () => Promise.reject(new Error('not called')) };
    connectSupplierOrderReceipts(port);
    expect(supplierOrderReceipts()).toBe(port);
  });
});
