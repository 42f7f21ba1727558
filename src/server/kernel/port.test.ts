// A port throws until it is connected, names its connect function when it does, and hands out what was connected.
import { describe, expect, it } from 'vitest';
import { definePort } from './port.ts';

describe('definePort', () => {
  it('throws until connected, then gives the latest implementation', () => {
    const port = definePort<{ n: number }>('The test module has no port', 'connectTest', 'before it runs');
    expect(() => port.get()).toThrow(
      'The test module has no port: call connectTest() in the composition root (src/server/app.ts) before it runs.',
    );
    const first = { n: 1 };
    port.connect(first);
    expect(port.get()).toBe(first);
    const second = { n: 2 };
    port.connect(second);
    expect(port.get()).toBe(second);
  });
});
