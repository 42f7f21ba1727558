// The commands of the ledger property test (issue 19 §2): what a user does on a page, drawn by fast-check — the
// quantities, prices and picks they use, each kind's arbitrary, the opening every run starts from, and a run (its
// production settings and commands). The world they act on is in ledger-world.ts, running them in ledger-run.ts.
// Used only by tests.
import fc from 'fast-check';

// ---- quantities -------------------------------------------------------------------------------------------------

/** n ÷ 10^scale as the API takes it: '2', '0.125', '3.0401' (no trailing zeros). */
export function decimalText(n: number, scale: number): string {
  const text = (n / 10 ** scale).toFixed(scale);
  return scale ? text.replace(/\.?0+$/, '') : text;
}
const scaled = (max: number, scale: number) =>
  fc.integer({ min: 1, max: max * 10 ** scale }).map((n) => decimalText(n, scale));
/** A document quantity, 0.0001–5: whole, 3 or 4 decimals (the fractions are where rounding bites). */
const qtyArb = fc.oneof(scaled(5, 0), scaled(5, 3), scaled(5, 4));
/** A receipt quantity: larger, so that later issues and shipments have something to take. */
const stockQtyArb = fc.oneof(scaled(30, 0), scaled(30, 3), scaled(8, 4));
/** A unit price or cost: cents, or six decimals (0.333333 and the like). */
const priceArb = fc.oneof(scaled(200, 2), scaled(40, 6));
/** Which of the documents a command acts on (unbiased: small indexes are no more interesting here). */
const pickArb = fc.noBias(fc.nat({ max: 9999 }));
/** 0–2: the world's warehouses. */
const whArb = fc.nat({ max: 2 });
/** A warehouse, mostly one of those that hold the opening stock (so that outgoing documents find some). */
const stockedWhArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(1) },
  whArb,
);
/** 0–4: the world's stocked items (three components, the board, the product). */
const itemArb = fc.nat({ max: 4 });
/** True in about `percent` of the cases (shrinks towards true). */
const chance = (percent: number) => fc.noBias(fc.nat({ max: 99 })).map((n) => n < percent);

// ---- the commands -----------------------------------------------------------------------------------------------

/** A signed change typed in the quick adjustment dialog. */
interface AdjustDelta {
  item: number;
  wh: number;
  qty: string;
  unitCost: string | null;
}

export type Command =
  | { kind: 'receipt'; wh: number; lines: Array<{ item: number; qty: string; price: string }>; extra: string | null }
  | { kind: 'receiptCancel'; pick: number }
  | ({ kind: 'adjustIn' } & AdjustDelta)
  | ({ kind: 'adjustOut' } & AdjustDelta)
  | { kind: 'adjustCount'; item: number; wh: number; counted: string; unitCost: string | null }
  | { kind: 'adjustCancel'; pick: number }
  | { kind: 'transfer'; from: number; to: number; lines: Array<{ item: number; qty: string }> }
  | { kind: 'transferCancel'; pick: number }
  | {
      kind: 'auditStart';
      wh: number;
      full: boolean;
      items: number[];
      counts: Array<{ delta: string; up: boolean; skip: boolean }>;
      unitCost: string | null;
      /** Posted in the same command (otherwise a later auditPost may post it, after other documents moved stock). */
      postNow: boolean;
    }
  | { kind: 'auditPost'; pick: number; zero: boolean }
  | { kind: 'auditCancel'; pick: number }
  | { kind: 'order'; wh: number; lines: Array<{ item: number; qty: string }> }
  | { kind: 'orderReserve'; pick: number; release: boolean }
  | { kind: 'orderEdit'; pick: number; line: number; qty: string; wh: number | null }
  | { kind: 'orderCancel'; pick: number }
  | { kind: 'orderClose'; pick: number }
  | { kind: 'shipment'; pick: number; part: { line: number; percent: number } | null }
  | { kind: 'shipmentCancel'; pick: number }
  | { kind: 'moCreate'; product: boolean; qty: string; matWh: number; outWh: number; demand: boolean; release: boolean }
  | { kind: 'moRelease'; pick: number }
  | { kind: 'moUnrelease'; pick: number }
  | { kind: 'moIssue'; pick: number; lines: Array<{ material: number; qty: string; offSnapshot: boolean }> | null }
  | { kind: 'moReturn'; pick: number; material: number; percent: number }
  | { kind: 'moOutput'; pick: number; good: string }
  | { kind: 'mesFinish'; pick: number; op: number; all: boolean; good: string; scrap: string | null; close: boolean }
  | { kind: 'moIssueCancel'; pick: number; posting: number }
  | { kind: 'moOutputCancel'; pick: number; posting: number }
  | { kind: 'moChildOrders'; pick: number }
  | { kind: 'moQty'; pick: number; qty: string }
  | { kind: 'moComplete'; pick: number; excess: 'return' | 'variance' }
  | { kind: 'moCancel'; pick: number };

export type CommandKind = Command['kind'];

/** An item to move between warehouses: mostly a component (most of the stock is components). */
const movedItemArb = fc.oneof({ weight: 3, arbitrary: fc.nat({ max: 2 }) }, { weight: 1, arbitrary: itemArb });
/** A receipt line: anything but the board, which is made here (so the product's MOs do run short of it). */
const lineArb = fc.record({ item: fc.constantFrom(0, 1, 2, 4), qty: stockQtyArb, price: priceArb });
const moQtyArb = fc.oneof(scaled(4, 0), scaled(4, 3));
type Of<K extends CommandKind> = Extract<Command, { kind: K }>;
/** The arbitrary of a kind's command: one arbitrary per field of it. */
const cmd = <K extends CommandKind>(kind: K, fields: { [F in Exclude<keyof Of<K>, 'kind'>]: fc.Arbitrary<Of<K>[F]> }) =>
  fc.record({ kind: fc.constant(kind), ...fields }) as unknown as fc.Arbitrary<Of<K>>;

/** Each kind's arbitrary, in the order a shrunk run lists them (makers first, cancels last). */
const commandArbs: { [K in CommandKind]: fc.Arbitrary<Of<K>> } = {
  receipt: cmd('receipt', {
    wh: whArb,
    lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    extra: fc.option(scaled(20, 2), { freq: 3 }),
  }),
  adjustIn: cmd('adjustIn', { item: itemArb, wh: stockedWhArb, qty: qtyArb, unitCost: fc.option(priceArb) }),
  adjustOut: cmd('adjustOut', { item: itemArb, wh: stockedWhArb, qty: qtyArb, unitCost: fc.constant(null) }),
  adjustCount: cmd('adjustCount', {
    item: itemArb,
    wh: stockedWhArb,
    counted: fc.oneof(fc.constant('0'), qtyArb, stockQtyArb),
    unitCost: fc.option(priceArb),
  }),
  transfer: cmd('transfer', {
    from: stockedWhArb,
    to: fc.integer({ min: 1, max: 2 }),
    lines: fc.oneof(
      { weight: 3, arbitrary: fc.tuple(fc.record({ item: movedItemArb, qty: qtyArb })) },
      {
        weight: 1,
        arbitrary: fc.uniqueArray(fc.record({ item: movedItemArb, qty: qtyArb }), {
          minLength: 2,
          maxLength: 2,
          selector: (l) => l.item,
        }),
      },
    ),
  }),
  auditStart: cmd('auditStart', {
    wh: whArb,
    full: chance(25),
    items: fc.uniqueArray(itemArb, { minLength: 1, maxLength: 3 }),
    counts: fc.array(fc.record({ delta: qtyArb, up: fc.boolean(), skip: fc.boolean() }), {
      minLength: 5,
      maxLength: 5,
    }),
    unitCost: fc.option(priceArb),
    postNow: fc.boolean(),
  }),
  order: cmd('order', {
    // Mostly from the finished-goods warehouse, and mostly the product.
    wh: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: whArb }),
    lines: fc.uniqueArray(fc.record({ item: fc.oneof(fc.constant(0), fc.nat({ max: 2 })), qty: qtyArb }), {
      minLength: 1,
      maxLength: 2,
      selector: (l) => l.item,
    }),
  }),
  moCreate: cmd('moCreate', {
    product: chance(70),
    qty: moQtyArb,
    // Materials mostly come from the first warehouse, where the opening stock is.
    matWh: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: whArb }),
    outWh: whArb,
    demand: fc.boolean(),
    release: chance(60),
  }),
  moRelease: cmd('moRelease', { pick: pickArb }),
  orderReserve: cmd('orderReserve', { pick: pickArb, release: fc.boolean() }),
  orderEdit: cmd('orderEdit', { pick: pickArb, line: pickArb, qty: qtyArb, wh: fc.option(whArb, { freq: 3 }) }),
  shipment: cmd('shipment', {
    pick: pickArb,
    part: fc.option(fc.record({ line: pickArb, percent: fc.integer({ min: 1, max: 100 }) })),
  }),
  moIssue: cmd('moIssue', {
    pick: pickArb,
    lines: fc.option(
      fc.array(fc.record({ material: pickArb, qty: qtyArb, offSnapshot: chance(15) }), {
        minLength: 1,
        maxLength: 3,
      }),
    ),
  }),
  moOutput: cmd('moOutput', { pick: pickArb, good: fc.oneof(scaled(2, 0), scaled(2, 3), scaled(2, 4)) }),
  mesFinish: cmd('mesFinish', {
    pick: pickArb,
    op: pickArb,
    all: chance(70),
    good: moQtyArb,
    scrap: fc.option(scaled(1, 3), { freq: 4 }),
    close: chance(70),
  }),
  // Up to 110 % of what was issued: a return of more is refused.
  moReturn: cmd('moReturn', { pick: pickArb, material: pickArb, percent: fc.integer({ min: 1, max: 110 }) }),
  moQty: cmd('moQty', { pick: pickArb, qty: moQtyArb }),
  moChildOrders: cmd('moChildOrders', { pick: pickArb }),
  auditPost: cmd('auditPost', { pick: pickArb, zero: fc.boolean() }),
  moIssueCancel: cmd('moIssueCancel', { pick: pickArb, posting: pickArb }),
  moOutputCancel: cmd('moOutputCancel', { pick: pickArb, posting: pickArb }),
  moUnrelease: cmd('moUnrelease', { pick: pickArb }),
  moComplete: cmd('moComplete', { pick: pickArb, excess: fc.constantFrom('return' as const, 'variance' as const) }),
  moCancel: cmd('moCancel', { pick: pickArb }),
  shipmentCancel: cmd('shipmentCancel', { pick: pickArb }),
  orderCancel: cmd('orderCancel', { pick: pickArb }),
  orderClose: cmd('orderClose', { pick: pickArb }),
  receiptCancel: cmd('receiptCancel', { pick: pickArb }),
  adjustCancel: cmd('adjustCancel', { pick: pickArb }),
  transferCancel: cmd('transferCancel', { pick: pickArb }),
  auditCancel: cmd('auditCancel', { pick: pickArb }),
};

/** Every command kind. */
export const COMMAND_KINDS = Object.keys(commandArbs) as CommandKind[];

/** Any command, receipts, orders and MOs twice as often as the rest (the others act on what they make). */
export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  ...COMMAND_KINDS.map((kind) => ({
    weight: kind === 'receipt' || kind === 'order' || kind === 'moCreate' ? 2 : 1,
    arbitrary: commandArbs[kind] as fc.Arbitrary<Command>,
  })),
);

/**
 * The first commands of every run, so that the random ones find work — and documents to cancel — from their first
 * step: an MO of the product and one of the board, released (materials reserved); a confirmed order of the product
 * (reserved too); a transfer; an adjustment in and one out; an audit with a surplus and a shortage, posted; a part
 * shipment of the order; the product MO's materials issued; then, left for later, two more product MOs released,
 * part of the board MO's output, an audit counted and a receipt.
 */
export const OPENING: readonly Command[] = [
  { kind: 'moCreate', product: true, qty: '2', matWh: 0, outWh: 1, demand: false, release: true },
  { kind: 'moCreate', product: false, qty: '1.5', matWh: 0, outWh: 0, demand: false, release: true },
  { kind: 'order', wh: 1, lines: [{ item: 0, qty: '1.5' }] },
  { kind: 'transfer', from: 0, to: 1, lines: [{ item: 0, qty: '1.25' }] },
  { kind: 'adjustIn', item: 2, wh: 0, qty: '2.5', unitCost: null },
  { kind: 'adjustOut', item: 0, wh: 1, qty: '0.5', unitCost: null },
  {
    kind: 'auditStart',
    wh: 0,
    full: false,
    items: [0, 1],
    counts: [
      { delta: '0.5', up: true, skip: false },
      { delta: '0.25', up: false, skip: false },
    ],
    unitCost: null,
    postNow: true,
  },
  { kind: 'shipment', pick: 0, part: { line: 0, percent: 50 } },
  { kind: 'moIssue', pick: 0, lines: null },
  // Left for the random commands: two released product MOs nothing happened to yet (short of boards, so child MOs
  // can be made for them), boards output after them (free, so the output can be cancelled), an audit still counting
  // and a receipt nothing has touched.
  { kind: 'moCreate', product: true, qty: '3', matWh: 0, outWh: 1, demand: false, release: true },
  { kind: 'moCreate', product: true, qty: '1.25', matWh: 0, outWh: 1, demand: false, release: true },
  { kind: 'moOutput', pick: 1, good: '0.5' },
  {
    kind: 'auditStart',
    wh: 1,
    full: false,
    items: [4],
    counts: [{ delta: '0.5', up: true, skip: false }],
    unitCost: null,
    postNow: false,
  },
  { kind: 'receipt', wh: 2, lines: [{ item: 2, qty: '5', price: '1.17' }], extra: null },
];

/** A run: the production settings it works under and the commands, in order. */
export interface Run {
  backflush: boolean;
  autoOutput: boolean;
  commands: Command[];
}

/** Kinds that succeed only in the right circumstances (the rules refuse them often): tried twice per run. */
const TWICE: CommandKind[] = ['mesFinish', 'moOutputCancel', 'receiptCancel'];

/**
 * A run: (nearly) one command of every kind (two of a few) plus up to `extra` more of any kind, in a random order — so each kind is
 * tried in every run rather than left to chance. A kind's command may still be left out (1 in 20), which lets a failing
 * run shrink to the few commands that matter; the order shrinks towards the listed one.
 */
export const runArb = (extra: number): fc.Arbitrary<Run> => {
  const kinds = [...COMMAND_KINDS, ...TWICE];
  const slots = kinds.length + extra;
  return fc
    .record({
      backflush: chance(75),
      autoOutput: chance(90),
      each: fc.tuple(...kinds.map((kind) => fc.option(commandArbs[kind] as fc.Arbitrary<Command>, { freq: 20 }))),
      extra: fc.array(commandArb, { maxLength: extra }),
      order: fc.array(fc.nat({ max: 999 }), { minLength: slots, maxLength: slots }),
    })
    .map(({ backflush, autoOutput, each, extra: more, order }) => {
      const commands = [...each.filter((c): c is Command => c !== null), ...more]
        .map((command, i) => ({ command, key: order[i]! }))
        .sort((a, b) => a.key - b.key)
        .map((x) => x.command);
      return { backflush, autoOutput, commands };
    });
};
