// The orders module's shipments port: used before the composition root connects it, it throws a programming error
// naming the call that is missing; connected, it answers the implementation given.
import { describe, expect, it } from 'vitest';
import { connectOrderShipments, orderShipments, type OrderShipments } from './order-shipments.ts';

describe('the OrderShipments port', () => {
  it('throws until it is connected, then answers the implementation', () => {
    expect(() => orderShipments()).toThrow(/connectOrderShipments\(\)/);
    const port: OrderShipments = { count: async () => 0, countLinesOf: async () => 0, deleteDrafts: async () => {} };
    connectOrderShipments(port);
    expect(orderShipments()).toBe(port);
  });
});
