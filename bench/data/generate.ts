// The bench's large dataset (issue 10): a realistic year of a small manufacturer-trader — items, clients and
// suppliers, orders in every status, and stock documents whose movements all go through the ledger. This file is the
// public entry (generateDataset, hasBusinessData, countRows, the scales); each part lives in its own file.
//
// What goes through which path, and why:
// - Reference data (company, warehouses, categories, staff) through the resource engine's insertIn, as the UI would
//   (world.ts).
// - Items and counterparties (100 000 + 20 000 rows): the engine's per-row create is ~6 statements a row, so they are
//   validated row by row with the very schema the API and the import use (createSchemaOf, cross-field rules
//   included) and then written with multi-row inserts, one 'import' audit record per row like the engine's import
//   (items.ts, parties.ts).
// - Orders (200 000): computed like createOrder (lineAmounts, the client's discount and price list, the company's VAT,
//   the payment term) and numbered by the real nextNumber, but inserted many per statement; confirmed ones reserve
//   through the ledger's reserveStock (year/orders.ts, year/reservations.ts).
// - Stock: every movement comes from the ledger's bulk path postManyToLedger — 40 documents (receipts, opening
//   balances and adjustments with up to 150 lines, transfers, order shipments) per call and transaction, each valued
//   as postToLedger would value it alone. The document rows are written as the services write them at posting
//   (status 'posted', line costs, totals); a group's shipments in one insert for the headers and one for the lines
//   (year/documents.ts, year/posting.ts, year/stock-day.ts).
// - Production (production.ts): departments and workers, a year of completed MOs with operations, time entries
//   (pauses, scrap) and output postings through the ledger, and the released MOs of the coming weeks.
// An in-memory mirror of on-hand and reserved quantities plans every outgoing line within available stock, so the
// ledger's no-negative-stock rule is never broken; the ledger still checks it and would abort the run.
//
// One seeded random source (random.ts) drives the whole run, so the same scale gives the same data: the parts draw
// from it in a fixed order — items, parties, the year day by day, notifications. The products' BOMs (boms.ts) and
// the production (production.ts) come last, each from a stream of its own.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { checkSaleFacts, recordSaleFacts } from '@/modules/shipments/server/index.ts';
import { createBoms } from './boms.ts';
import { Clock, formatSeconds, grouped, rowsOf } from './bulk.ts';
import { createItems } from './items.ts';
import { fillNotifications } from './notifications.ts';
import { createParties } from './parties.ts';
import { createProduction, mosFor } from './production.ts';
import { createRandom } from './random.ts';
import type { DatasetScale } from './scale.ts';
import { simulateYear } from './year/simulate.ts';
import { buildWorld } from './world.ts';

export { datasetMessages, FULL_SCALE, scaleOf, SMALL_SCALE, type DatasetScale } from './scale.ts';
export { formatSeconds } from './bulk.ts';

export interface DatasetSummary {
  scale: DatasetScale;
  counts: Record<string, number>;
  seconds: Record<string, number>;
  totalSeconds: number;
  sample: { itemId: number; clientId: number; orderId: number };
}

/** True when the database already holds business data (the generator only fills an empty one). */
export async function hasBusinessData(db: DbOrTx): Promise<boolean> {
  const [row] = rowsOf<{ busy: boolean }>(
    await db.execute(sql`select exists (select 1 from items) or exists (select 1 from orders)
      or exists (select 1 from stock_movements) or exists (select 1 from counterparties) as busy`),
  );
  return row?.busy === true;
}

export async function countRows(db: DbOrTx): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select
      (select count(*) from items) as items,
      (select count(*) from counterparties where is_client) as clients,
      (select count(*) from counterparties where is_supplier) as suppliers,
      (select count(*) from orders) as orders,
      (select count(*) from order_lines) as "orderLines",
      (select count(*) from stock_movements) as movements,
      (select count(*) from stock_reservations) as reservations,
      (select count(*) from supplier_receipts) as receipts,
      (select count(*) from shipments) as shipments,
      (select count(*) from warehouse_transfers) as transfers,
      (select count(*) from stock_adjustments) as adjustments,
      (select count(*) from notifications) as notifications,
      (select count(*) from manufacturing_orders) as "manufacturingOrders",
      (select count(*) from time_entries) as "timeEntries",
      (select count(*) from audit_log) as "auditLog"`),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

export async function generateDataset(
  db: Db,
  scale: DatasetScale,
  log: (line: string) => void = () => {},
): Promise<DatasetSummary> {
  const clock = new Clock();
  const r = createRandom(20_260_101);
  log(
    `Масштаб: ${grouped(scale.items)} товарів, ${grouped(scale.clients)} клієнтів, ${grouped(scale.orders)} замовлень, ${grouped(scale.movements)} рухів, ${grouped(scale.notifications)} сповіщень`,
  );

  const world = await clock.phase('reference', () => buildWorld(db, log));
  log(`Довідники, склади і працівники — ${formatSeconds(clock.seconds.reference!)}`);

  const cat = await clock.phase('items', () => createItems(db, world, scale.items, r, log));
  log(`Номенклатура: ${grouped(scale.items)} — ${formatSeconds(clock.seconds.items!)}`);

  const parties = await clock.phase('clients', () => createParties(db, world, scale.clients, r, log));
  log(
    `Клієнти: ${grouped(parties.clients.length)}, постачальники: ${grouped(parties.suppliers.length)} — ${formatSeconds(clock.seconds.clients!)}`,
  );

  log('Рік роботи: замовлення, приходи, переміщення, відвантаження, коригування …');
  const year = await simulateYear(db, world, cat, parties, scale, r, clock, log);
  log(
    `Замовлення — ${formatSeconds(clock.seconds.orders ?? 0)}; рухи запасів через облік: ${grouped(year.movements)} — ${formatSeconds(clock.seconds.movements ?? 0)}; резерви: ${grouped(year.reservations)} — ${formatSeconds(clock.seconds.reservations ?? 0)}`,
  );

  await clock.phase('notifications', () => fillNotifications(db, world, parties, scale.notifications, r));
  log(`Сповіщення — ${formatSeconds(clock.seconds.notifications!)}`);

  const bomCount = await clock.phase('boms', () => createBoms(db, cat));
  log(`Специфікації виробів: ${grouped(bomCount)} — ${formatSeconds(clock.seconds.boms!)}`);

  log('Виробництво: відділи, працівники, виробничі замовлення, час, випуск …');
  const made = await clock.phase('production', () => createProduction(db, world, cat, mosFor(scale.items), log));
  log(
    `Виробництво: ${grouped(made.completed)} завершених і ${grouped(made.open)} запущених ВЗ, ${grouped(made.timeEntries)} записів часу, ${grouped(made.workers)} працівників — ${formatSeconds(clock.seconds.production!)}`,
  );

  const { counts, sample } = await clock.phase('verify', async () => {
    // The shipments went through the ledger's bulk path; the sale facts postShipment keeps on their lines are
    // written for all of them here, by the same statement, and checked like the ledger.
    await recordSaleFacts(db, 'all');
    await db.execute(sql`analyze`);
    const check = await checkLedger(db);
    if (!check.ok) throw new Error(`Облік запасів не сходиться: ${check.problems.slice(0, 5).join('; ')}`);
    const saleProblems = await checkSaleFacts(db);
    if (saleProblems.length) throw new Error(`Факти продажів не сходяться: ${saleProblems.slice(0, 5).join('; ')}`);
    const counts = await countRows(db);
    const [hot] = rowsOf<{ item_id: number }>(
      await db.execute(
        sql`select item_id from stock_movements group by item_id order by count(*) desc, item_id limit 1`,
      ),
    );
    const [busy] = rowsOf<{ client_id: number }>(
      await db.execute(sql`select client_id from orders group by client_id order by count(*) desc, client_id limit 1`),
    );
    const [rich] = rowsOf<{ order_id: number }>(
      await db.execute(
        sql`select order_id from order_lines group by order_id order by count(*) desc, order_id desc limit 1`,
      ),
    );
    return {
      counts,
      sample: {
        itemId: Number(hot?.item_id ?? 0),
        clientId: Number(busy?.client_id ?? 0),
        orderId: Number(rich?.order_id ?? 0),
      },
    };
  });
  log(
    `Перевірка обліку (залишки = сума рухів, собівартість, резерви, факти продажів) — гаразд, ${formatSeconds(clock.seconds.verify!)}`,
  );
  return {
    scale,
    counts,
    seconds: roundSeconds(clock.seconds),
    totalSeconds: Math.round(clock.total * 10) / 10,
    sample,
  };
}

const roundSeconds = (s: Record<string, number>) =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v * 10) / 10]));
