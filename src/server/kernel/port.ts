// A port: how a module reaches a module that depends on it without importing it (decision 0017). The module that
// needs the work declares the port with the interface it needs; the module that does the work implements it; the
// composition root (connectModules in src/server/app.ts) connects the two. Using a port before it is connected is a
// programming error and throws, never a silent no-op.
export interface Port<T> {
  /** Called by the composition root; connecting again replaces the implementation. */
  connect(implementation: T): void;
  /** The connected implementation. */
  get(): T;
}

/**
 * A port named by what lacks it and by its connect function, e.g.
 * `definePort<OrderShipments>('The orders module has no shipments port', 'connectOrderShipments', 'before an order
 * action runs')`.
 */
export function definePort<T>(missing: string, connectFunction: string, when: string): Port<T> {
  let connected: T | null = null;
  return {
    connect(implementation) {
      connected = implementation;
    },
    get() {
      if (connected === null) {
        throw new Error(`${missing}: call ${connectFunction}() in the composition root (src/server/app.ts) ${when}.`);
      }
      return connected;
    },
  };
}
