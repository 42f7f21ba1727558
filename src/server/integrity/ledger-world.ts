// The world of the ledger property test (issue 19 §2) and the commands it runs in it. A suite is one app on its own
// database (the sales fixture: an administrator, a company, a client, a supplier) plus a production department and a
// worker for the terminal; each property run builds a fresh small world inside it — three warehouses, two components
// and a material, a semi-finished board made of one of them, a product made of the other two and the board with a
// two-operation tech card, opening stock received — so runs, and the tries of shrinking, never share stock. Every
// command is what a user does on a page, sent through `app.inject` as the administrator: documents are created and
// posted or cancelled, orders confirmed, shipped and closed, MOs released, issued, finished on the terminal, output,
// cancelled. A refusal (400, 404, 409) is a normal answer; anything else — a 5xx above all — fails the run. Used
// only by tests.
import { sql } from 'drizzle-orm';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

/** An answer of the app, as the sales fixture's `api` gives it. */
export type Answer = Awaited<ReturnType<SalesFixture['api']>>;

// ---- the suite and the world ------------------------------------------------------------------------------------

export interface LedgerSuite {
  /** The sales fixture: the app on its own database, a signed-in administrator, a company, a client, a supplier. */
  f: SalesFixture;
  supplierId: number;
  documentTypeId: number;
  departmentId: number;
  positionId: number;
  /** The one worker who works the terminal. */
  workerId: number;
  close(): Promise<void>;
}

/** Answers the body of a request that must succeed (setting the world up is not under test). */
async function made<T = { id: number }>(res: Answer, status = 201): Promise<T> {
  if (res.statusCode !== status) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

export async function createLedgerSuite(): Promise<LedgerSuite> {
  const f = await createSalesFixture();
  const supplierId = (await made<Array<{ id: number }>>(await f.api('GET', '/api/suppliers'), 200))[0]!.id;
  const documentTypeId = (
    await made<Array<{ id: number }>>(await f.api('GET', '/api/supplier-document-types'), 200)
  )[0]!.id;
  const department = await made(
    await f.api('POST', '/api/departments', {
      name: 'Дільниця збирання',
      code: 'ДЗ',
      isProduction: true,
      overheadRatePerHour: '40',
    }),
  );
  const position = await made(
    await f.api('POST', '/api/positions', { name: 'Складальник', departmentId: department.id, hourlyRate: '150' }),
  );
  const worker = await made(
    await f.api('POST', '/api/workers', {
      lastName: 'Гребенюк',
      firstName: 'Іван',
      positionId: position.id,
      departmentId: department.id,
      badgeCode: 'LP-001',
    }),
  );
  return {
    f,
    supplierId,
    documentTypeId,
    departmentId: department.id,
    positionId: position.id,
    workerId: worker.id,
    close: () => f.t.close(),
  };
}

export interface WorldItem {
  id: number;
  kind: 'component' | 'material' | 'semi_finished' | 'product';
  /** The stock page whose adjustments keep it. */
  mount: 'component-stock' | 'inventory';
}

export interface World {
  /** C0, the material C1, C2, the board S, the product P (commands name them by index). */
  items: WorldItem[];
  warehouses: number[];
  board: number;
  product: number;
  /** The posted receipts that put the opening stock in. */
  openingReceipts: number[];
}

let worldNo = 0;

/** A fresh world: its own warehouses and items, so a run sees only its own stock. */
export async function createWorld(suite: LedgerSuite): Promise<World> {
  const { f } = suite;
  const n = ++worldNo;
  const warehouses: number[] = [];
  for (const [i, type] of (['materials', 'finished_goods', 'general'] as const).entries()) {
    warehouses.push(
      (await made(await f.api('POST', '/api/warehouses', { code: `LP${n}-${i}`, name: `Склад ${n}.${i}`, type }))).id,
    );
  }
  const item = async (route: '/api/components' | '/api/products', kind: string, sku: string, name: string) =>
    (
      await made(
        await f.api('POST', route, {
          kind,
          sku: `LP${n}-${sku}`,
          name: `${name} ${n}`,
          unitId: f.unitId,
          ...(route === '/api/products' ? { retailPrice: '500.00' } : {}),
        }),
      )
    ).id;
  const components = [
    await item('/api/components', 'component', 'C0', 'Резистор'),
    await item('/api/components', 'material', 'C1', 'Припій'),
    await item('/api/components', 'component', 'C2', 'Плата друкована'),
  ];
  const board = await item('/api/products', 'semi_finished', 'S', 'Плата зібрана');
  const product = await item('/api/products', 'product', 'P', 'Контролер');
  // Default active BOMs (what the item is made of) and the product's tech card, as the production fixtures write
  // them. The board: 2.5 of C2 with 10 % scrap (2.75 per board). The product: 1.5 of C0, 0.333 of C1, one board.
  const bom = async (itemId: number, lines: Array<{ itemId: number; qty: string; scrapPercent?: string }>) => {
    const [row] = await f.t.db
      .insert(boms)
      .values({ itemId, name: 'Основна', outputQty: '1', isDefault: true, status: 'active' })
      .returning();
    await f.t.db.insert(bomLines).values(
      lines.map((l, i) => ({
        bomId: row!.id,
        lineNo: i + 1,
        componentItemId: l.itemId,
        qty: l.qty,
        scrapPercent: l.scrapPercent ?? '0',
      })),
    );
  };
  await bom(board, [{ itemId: components[2]!, qty: '2.5', scrapPercent: '10' }]);
  await bom(product, [
    { itemId: components[0]!, qty: '1.5' },
    { itemId: components[1]!, qty: '0.333' },
    { itemId: board, qty: '1' },
  ]);
  const [card] = await f.t.db
    .insert(techCards)
    .values({ itemId: product, name: 'Складання', isDefault: true, status: 'active' })
    .returning();
  const operation = { techCardId: card!.id, departmentId: suite.departmentId, positionId: suite.positionId };
  await f.t.db.insert(techCardOperations).values([
    { ...operation, seq: 10, name: 'Монтаж', setupMinutes: '0', runMinutesPerUnit: '6' },
    { ...operation, seq: 20, name: 'Контроль', setupMinutes: '5', runMinutesPerUnit: '0' },
  ]);
  // Opening stock through posted receipts (which later commands may try to cancel): materials where MOs usually
  // take them, some finished goods where orders usually ship from — enough for the first documents to go through.
  const openingReceipts: number[] = [];
  const opening: Array<[number, Array<[number, string, string]>]> = [
    [
      warehouses[0]!,
      [
        [components[0]!, '18', '4.5'],
        [components[1]!, '7.5', '0.333333'],
        [components[2]!, '20.25', '1.17'],
        [board, '2', '25'],
      ],
    ],
    [
      warehouses[1]!,
      [
        [product, '4', '96.4'],
        [components[0]!, '3', '5'],
      ],
    ],
  ];
  for (const [warehouseId, lines] of opening) {
    const today = kyivToday();
    const draft = await made(
      await f.api('POST', '/api/supplier-receipts', {
        supplierId: suite.supplierId,
        warehouseId,
        documentTypeId: suite.documentTypeId,
        supplierDocNumber: `ЛП-${n}-С${warehouseId}`,
        supplierDocDate: today,
        documentDate: today,
        lines: lines.map(([itemId, qty, unitPrice]) => ({ itemId, qty, unitPrice, vatRate: '0' })),
      }),
    );
    await made(await f.api('POST', `/api/supplier-receipts/${draft.id}/post`), 200);
    openingReceipts.push(draft.id);
  }
  return {
    items: [
      ...components.map((id, i) => ({
        id,
        kind: i === 1 ? ('material' as const) : ('component' as const),
        mount: 'component-stock' as const,
      })),
      { id: board, kind: 'semi_finished', mount: 'inventory' },
      { id: product, kind: 'product', mount: 'inventory' },
    ],
    warehouses,
    board,
    product,
    openingReceipts,
  };
}

// ---- the invariants ---------------------------------------------------------------------------------------------

/**
 * What is wrong with the ledger of the world's items: checkLedger's findings (movements = balances and costs,
 * reservations = reserved ≤ on hand) and, read directly, any balance or item quantity below zero, any stock that is
 * gone but left value behind (README §4: the movement that empties an item takes exactly the value left), and any
 * reserved quantity or reservation that is not positive. Only the world's items: a failed run of shrinking leaves
 * its broken state behind, and the next run must not be blamed for it.
 */
export async function ledgerProblems(db: DbOrTx, world: World, negativeAllowed: boolean): Promise<string[]> {
  const ids = world.items.map((i) => i.id);
  const mine = new Set(ids);
  const { problems: all } = await checkLedger(db);
  const problems = all.filter((p) => {
    const m = /^item (\d+)/.exec(p);
    return !m || mine.has(Number(m[1]));
  });
  const list = intArray(ids);
  // One statement, one row per finding; the stock rules only when negative stock is off.
  const strict = negativeAllowed ? sql`false` : sql`true`;
  const found = rowsOf<{ problem: string }>(
    await db.execute(sql`
      select format('stock_balances: item %s @ warehouse %s on hand %s < 0', item_id, warehouse_id, on_hand) as problem
        from stock_balances where ${strict} and on_hand < 0 and item_id = any(${list})
      union all
      select format('item_costs: item %s qty %s < 0', item_id, qty) from item_costs
        where ${strict} and qty < 0 and item_id = any(${list})
      union all
      select format('item_costs: item %s has no stock but value %s', item_id, value) from item_costs
        where ${strict} and qty = 0 and value <> 0 and item_id = any(${list})
      union all
      select format('stock_balances: item %s @ warehouse %s reserved %s < 0', item_id, warehouse_id, reserved)
        from stock_balances where reserved < 0 and item_id = any(${list})
      union all
      select format('stock_reservations: %s of item %s qty %s ≤ 0', id, item_id, qty) from stock_reservations
        where qty <= 0 and item_id = any(${list})`),
  );
  problems.push(...found.map((r) => r.problem));
  return problems;
}

/** The lowest on-hand balance among the world's items (the negative-stock run shows it really went below zero). */
export async function lowestOnHand(db: DbOrTx, world: World): Promise<number> {
  const list = intArray(world.items.map((i) => i.id));
  const [row] = rowsOf<{ low: string | null }>(
    await db.execute(sql`select min(on_hand)::text as low from stock_balances where item_id = any(${list})`),
  );
  return Number(row?.low ?? 0);
}
