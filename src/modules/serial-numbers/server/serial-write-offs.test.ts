// The serial-numbers module's write-off port: used before the composition root connects it, it throws a programming
// error naming the call that is missing; connected, it answers the implementation given.
import { describe, expect, it } from 'vitest';
import { connectSerialWriteOffs, serialWriteOffs, type SerialWriteOffs } from './serial-write-offs.ts';

describe('the SerialWriteOffs port', () => {
  it('throws until it is connected, then answers the implementation', () => {
    expect(() => serialWriteOffs()).toThrow(/connectSerialWriteOffs\(\)/);
    const port: SerialWriteOffs = { writeOff: async () => ({ id: 1, number: 'ADJ-1' }) };
    connectSerialWriteOffs(port);
    expect(serialWriteOffs()).toBe(port);
  });
});
