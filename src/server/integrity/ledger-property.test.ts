// Issue 19 §2, the rule for every document that touches stock: random sequences of supplier receipts, adjustments
// (in, out, counted), transfers, inventory audits (counted, posted, cancelled), orders (confirm, reserve, unreserve,
// edit, cancel, close), shipments, and MOs (create, release, unrelease, issue, return, output with backflush, finishing
// on the terminal, cancelling issues and outputs, child MOs, quantity changes, completion, cancel) — with their
// cancels — sent through the API as an administrator. After every step the ledger's invariants hold (checkLedger:
// movements = balances = costs, reservations = reserved ≤ on hand) and no balance or item quantity is below zero: the
// audit found stock driven negative by an MO issue that credited its own reservation twice, and with that fix undone
// this property fails on its first run. Refusals are expected (a 409 shortage is the rule working); only a 5xx, an
// unexpected status or a broken invariant fails. A second, shorter property turns negative stock on: balances may go
// below zero there, the invariants still hold.
//
// Deterministic: LEDGER_SEED (default below) seeds both properties; LEDGER_RUNS and LEDGER_NEGATIVE_RUNS set their
// runs; LEDGER_STATS=1 prints how many commands of each kind succeeded and what refused the rest; LEDGER_TRACE=1
// prints every run. The same file runs on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { COMMAND_KINDS, OPENING, runArb, type CommandKind } from './ledger-commands.ts';
import { newRunState, runCommand, type Outcome } from './ledger-run.ts';
import { createLedgerSuite, createWorld, ledgerProblems, lowestOnHand, type LedgerSuite } from './ledger-world.ts';

const SEED = Number(process.env.LEDGER_SEED ?? 20_251_119);
const RUNS = Number(process.env.LEDGER_RUNS ?? 10);
const NEGATIVE_RUNS = Number(process.env.LEDGER_NEGATIVE_RUNS ?? 3);
/** Commands of any kind a run may have beyond one of each kind. */
const EXTRA = 10;
const STATS = process.env.LEDGER_STATS === '1';
const TRACE = process.env.LEDGER_TRACE === '1';

/** How often each command (and each notable effect, e.g. 'backflush') succeeded, and what refused the others. */
class Tally {
  readonly ok = new Map<string, number>();
  readonly tried = new Map<string, number>();
  readonly skipped = new Map<string, number>();
  readonly refusals = new Map<string, Map<string, number>>();

  add(kind: CommandKind, outcome: Outcome) {
    this.tried.set(kind, (this.tried.get(kind) ?? 0) + 1);
    if (outcome.result === 'skipped') this.skipped.set(kind, (this.skipped.get(kind) ?? 0) + 1);
    for (const label of outcome.labels) this.ok.set(label, (this.ok.get(label) ?? 0) + 1);
    if (outcome.refusal) {
      const byText = this.refusals.get(kind) ?? new Map<string, number>();
      const text = outcome.refusal.replace(/\d+(\.\d+)?/g, '#').slice(0, 160);
      byText.set(text, (byText.get(text) ?? 0) + 1);
      this.refusals.set(kind, byText);
    }
  }

  missing(required: readonly string[]) {
    return required.filter((label) => !this.ok.get(label));
  }

  print(title: string) {
    if (!STATS) return;
    const rows = [...this.tried.keys()]
      .sort()
      .map(
        (k) =>
          `${k.padEnd(16)} ${this.ok.get(k) ?? 0} / ${this.tried.get(k)} (nothing to act on: ${this.skipped.get(k) ?? 0})`,
      );
    const extra = [...this.ok.keys()].filter((k) => !this.tried.has(k)).map((k) => `  ${k}: ${this.ok.get(k)}`);
    const refusals = [...this.refusals].flatMap(([k, m]) => [...m].map(([text, n]) => `  ${k} ×${n}: ${text}`));
    console.info(`${title}\n${rows.join('\n')}\neffects:\n${extra.join('\n')}\nrefusals:\n${refusals.join('\n')}`);
  }
}

/** The effects that must have happened at least once, besides every kind of command, for a run to prove anything. */
const EFFECTS = ['auditSurplus', 'auditShortage', 'auditCancelPosted', 'backflush', 'mesOutput'];

/**
 * Runs the property: each run builds a fresh world, sets the production settings it draws, and runs its commands;
 * after every step the world's ledger must be sound. `afterStep` sees the world after each step.
 */
async function checkProperty(
  suite: LedgerSuite,
  opts: { runs: number; seed: number; negativeAllowed: boolean; tally: Tally; afterStep?: (low: number) => void },
) {
  await fc.assert(
    fc.asyncProperty(runArb(EXTRA), async (run) => {
      const world = await createWorld(suite);
      const settings = await suite.f.api('PATCH', '/api/manufacturing-orders/settings', {
        backflush: run.backflush,
        autoOutputOnLastOperation: run.autoOutput,
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const state = newRunState(world);
      for (const cmd of OPENING) expect(await runCommand(suite, state, cmd)).toMatchObject({ result: 'ok' });
      const history: string[] = [];
      for (const [step, cmd] of run.commands.entries()) {
        const outcome = await runCommand(suite, state, cmd);
        opts.tally.add(cmd.kind, outcome);
        history.push(
          `${step} ${JSON.stringify(cmd)}: ${outcome.result} ${outcome.labels.join(',')}${outcome.refusal ? ` — ${outcome.refusal}` : ''}`,
        );
        const problems = await ledgerProblems(suite.f.t.db, world, opts.negativeAllowed);
        if (problems.length) {
          throw new Error(
            `after step ${step} ${JSON.stringify(cmd)}:\n${problems.join('\n')}\nthe run so far:\n${history.join('\n')}`,
          );
        }
        if (opts.afterStep) opts.afterStep(await lowestOnHand(suite.f.t.db, world));
      }
      if (TRACE)
        console.info(
          `run ${JSON.stringify({ backflush: run.backflush, autoOutput: run.autoOutput })}\n${history.join('\n')}`,
        );
    }),
    // Each try builds a new world, so a failure shrinks slowly: after seven minutes (runs and shrinking together) the
    // smallest failing run found so far is reported.
    { seed: opts.seed, numRuns: opts.runs, interruptAfterTimeLimit: 420_000 },
  );
}

// One app and database for both properties (a test database costs seconds to load): each run builds its own world,
// and negative stock is turned on only for the second property, after the first has checked the whole database.
let suite: LedgerSuite;
beforeAll(async () => {
  suite = await createLedgerSuite();
});
afterAll(() => suite.close());

describe('the checks themselves', () => {
  it('see a balance below zero and a balance that its movements do not explain', async () => {
    const world = await createWorld(suite);
    expect(await ledgerProblems(suite.f.t.db, world, false)).toEqual([]);
    const [c0, w0] = [world.items[0]!.id, world.warehouses[0]!];
    // Planted inside a transaction that is rolled back: 20 units vanish from the balance without a movement.
    const planted = await suite.f.t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update stock_balances set on_hand = on_hand - 20 where item_id = ${c0} and warehouse_id = ${w0}`,
        );
        throw Object.assign(new Error('rollback'), { problems: await ledgerProblems(tx, world, false) });
      })
      .catch((err: { problems?: string[] }) => err.problems ?? [String(err)]);
    expect(planted).toEqual([
      `item ${c0} @ warehouse ${w0}: movements 18.0000 ≠ on hand -2.0000`,
      `item ${c0} @ warehouse ${w0}: reserved 0.0000 > on hand -2.0000`,
      `stock_balances: item ${c0} @ warehouse ${w0} on hand -2.0000 < 0`,
    ]);
    expect(await ledgerProblems(suite.f.t.db, world, false)).toEqual([]);
  });

  it('see a balance value that its movements do not explain, and keep it from every insert of movements', async () => {
    const world = await createWorld(suite);
    const [c0, w0] = [world.items[0]!.id, world.warehouses[0]!];
    const [balance] = rowsOf<{ value: string; planted: string }>(
      await suite.f.t.db.execute(
        sql`select value::text, (value + 1)::text as planted from stock_balances
          where item_id = ${c0} and warehouse_id = ${w0}`,
      ),
    );
    const planted = await suite.f.t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update stock_balances set value = value + 1 where item_id = ${c0} and warehouse_id = ${w0}`,
        );
        throw Object.assign(new Error('rollback'), { problems: await ledgerProblems(tx, world, false) });
      })
      .catch((err: { problems?: string[] }) => err.problems ?? [String(err)]);
    expect(planted).toEqual([
      `item ${c0} @ warehouse ${w0}: movement value ${balance!.value} ≠ balance value ${balance!.planted}`,
    ]);
    // A movement appended by SQL outside the ledger (a bulk load) is counted into the value by the database itself.
    const kept = await suite.f.t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into stock_movements
            (item_id, warehouse_id, qty, unit_cost, value, document_type, document_id, document_number, occurred_on)
          values (${c0}, ${w0}, 1, 2.5, 2.5, 'adjustment', 0, 'ТЕСТ', current_date)`);
        await tx.execute(
          sql`update stock_balances set on_hand = on_hand + 1 where item_id = ${c0} and warehouse_id = ${w0}`,
        );
        throw Object.assign(new Error('rollback'), { problems: await ledgerProblems(tx, world, false) });
      })
      .catch((err: { problems?: string[] }) => err.problems ?? [String(err)]);
    expect(kept.filter((p) => p.includes('balance value'))).toEqual([]);
    expect(kept.some((p) => p.startsWith(`item ${c0}:`))).toBe(true); // the item's cost did see the stray movement
  });
});

describe('the balance days (migration 0052)', () => {
  it('see a first-in or last-out day its movements do not explain; a backdated or transfer movement moves them as the ledger says', async () => {
    const world = await createWorld(suite);
    const [c0, w0] = [world.items[0]!.id, world.warehouses[0]!];
    const days = async (db: DbOrTx) =>
      rowsOf<{ first_in_on: string | null; last_out_on: string | null }>(
        await db.execute(sql`select first_in_on::text, last_out_on::text from stock_balances
          where item_id = ${c0} and warehouse_id = ${w0}`),
      )[0]!;
    const planted = await suite.f.t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update stock_balances set last_out_on = date '2001-02-03'
          where item_id = ${c0} and warehouse_id = ${w0}`);
        throw Object.assign(new Error('rollback'), { problems: await ledgerProblems(tx, world, false) });
      })
      .catch((err: { problems?: string[] }) => err.problems ?? [String(err)]);
    expect(planted).toHaveLength(1);
    expect(planted[0]).toMatch(
      new RegExp(`^item ${c0} @ warehouse ${w0}: movements first in .* ≠ balance .* / 2001-02-03$`),
    );
    const moved = await suite.f.t.db
      .transaction(async (tx) => {
        const before = await days(tx);
        const insert = (qty: number, type: string, day: string) =>
          tx.execute(sql`insert into stock_movements
              (item_id, warehouse_id, qty, unit_cost, value, document_type, document_id, document_number, occurred_on)
            values (${c0}, ${w0}, ${qty}, 1, ${qty}, ${type}, 0, 'ТЕСТ', ${day}::date)`);
        await insert(1, 'adjustment', '2001-01-01');
        await insert(-1, 'transfer', '2999-01-01');
        await insert(-1, 'adjustment', '2001-01-02');
        throw Object.assign(new Error('rollback'), { answer: { before, after: await days(tx) } });
      })
      .catch((err: { answer: { before: { last_out_on: string | null }; after: object } }) => err.answer);
    // The earliest incoming day moves back; a transfer never counts as going out; an older outgoing day keeps the later.
    expect(moved.after).toEqual({ first_in_on: '2001-01-01', last_out_on: moved.before.last_out_on ?? '2001-01-02' });
  });
});

describe('the ledger under random documents, negative stock off', () => {
  it('keeps every invariant and no balance below zero after every step', { timeout: 900_000 }, async () => {
    const tally = new Tally();
    await checkProperty(suite, { runs: RUNS, seed: SEED, negativeAllowed: false, tally });
    tally.print('negative stock off: succeeded / tried');
    // The property proves something only if every kind of document really posted at some point.
    expect(tally.missing([...COMMAND_KINDS, ...EFFECTS])).toEqual([]);
    // And the whole database agrees, not only each run's items.
    expect(await checkLedger(suite.f.t.db)).toEqual({ ok: true, problems: [] });
  });
});

describe('the ledger under random documents, negative stock on', () => {
  beforeAll(async () => {
    const res = await suite.f.api('PATCH', '/api/inventory/settings', { allowNegativeStock: true });
    expect(res.json()).toMatchObject({ allowNegativeStock: true });
  });

  it('keeps every invariant while balances go below zero', { timeout: 900_000 }, async () => {
    const tally = new Tally();
    let lowest = 0;
    await checkProperty(suite, {
      runs: NEGATIVE_RUNS,
      seed: SEED + 1,
      negativeAllowed: true,
      tally,
      afterStep: (low) => {
        lowest = Math.min(lowest, low);
      },
    });
    tally.print('negative stock on: succeeded / tried');
    // Stock really went below zero, so the run exercised the allowed-negative paths.
    expect(lowest).toBeLessThan(0);
    expect(tally.missing(['receipt', 'adjustOut', 'transfer', 'shipment', 'moIssue', 'moOutput'])).toEqual([]);
    expect(await checkLedger(suite.f.t.db)).toEqual({ ok: true, problems: [] });
  });
});
