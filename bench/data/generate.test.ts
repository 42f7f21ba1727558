// The bench dataset generator at small scale, on the test database: counts reached, the ledger consistent, orders in
// every status, the sample item with the longest history, and a second run refused by the guard's check.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/server/testing/test-app.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { listCosting } from '@/modules/costing/server/index.ts';
import { generateDataset, hasBusinessData, scaleOf, SMALL_SCALE, FULL_SCALE, type DatasetSummary } from './generate.ts';

type Rows<T> = { rows: T[] };

describe('bench dataset generator', () => {
  let t: TestApp;
  let summary: DatasetSummary;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    expect(await hasBusinessData(t.db)).toBe(false);
    summary = await generateDataset(t.db, SMALL_SCALE, (line) => lines.push(line));
  }, 300_000);
  afterAll(() => t?.close());

  it('reaches every count of the scale', () => {
    expect(summary.counts.items).toBe(SMALL_SCALE.items);
    expect(summary.counts.clients).toBe(SMALL_SCALE.clients);
    expect(summary.counts.orders).toBe(SMALL_SCALE.orders);
    expect(summary.counts.movements).toBeGreaterThanOrEqual(SMALL_SCALE.movements);
    expect(summary.counts.movements).toBeLessThan(SMALL_SCALE.movements * 1.2);
    expect(summary.counts.notifications).toBeGreaterThanOrEqual(SMALL_SCALE.notifications);
    expect(summary.counts.orderLines).toBeGreaterThan(SMALL_SCALE.orders);
    expect(summary.counts.reservations).toBeGreaterThan(0);
  });

  it('leaves the ledger consistent: balances, costs and reservations equal the movements', async () => {
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('makes movements of every document kind, dated through the year and numbered by the numbering service', async () => {
    const kinds = (await t.db.execute(sql`select document_type, count(*)::int as n,
        min(occurred_on)::text as first, max(occurred_on)::text as last from stock_movements group by document_type`)) as unknown as Rows<{
      document_type: string;
      n: number;
      first: string;
      last: string;
    }>;
    const byType = new Map(kinds.rows.map((k) => [k.document_type, k]));
    for (const type of ['adjustment', 'supplier_receipt', 'transfer', 'shipment'])
      expect(byType.get(type)?.n).toBeGreaterThan(0);
    const shipments = byType.get('shipment')!;
    const days = (Date.parse(shipments.last) - Date.parse(shipments.first)) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    const numbers = (await t.db.execute(sql`select
        (select count(distinct order_number) from orders)::int as distinct_orders,
        (select count(*) from orders where order_number !~ '^ORD-\\d{4}-\\d{5,}$')::int as bad_orders,
        (select count(*) from shipments where number !~ '^SHP-\\d{4}-\\d{5,}$')::int as bad_shipments`)) as unknown as Rows<{
      distinct_orders: number;
      bad_orders: number;
      bad_shipments: number;
    }>;
    expect(numbers.rows[0]).toEqual({ distinct_orders: SMALL_SCALE.orders, bad_orders: 0, bad_shipments: 0 });
  });

  it('has orders in every status with one to five lines whose totals add up', async () => {
    const statuses = (await t.db.execute(sql`select distinct status from orders order by status`)) as unknown as Rows<{
      status: string;
    }>;
    expect(statuses.rows.map((s) => s.status)).toEqual([
      'cancelled',
      'completed',
      'confirmed',
      'draft',
      'partially_shipped',
      'shipped',
    ]);
    const shape = (await t.db.execute(sql`select min(n)::int as least, max(n)::int as most,
        count(*) filter (where o.total_gross <> s.gross)::int as wrong_totals
      from (select order_id, count(*) as n, sum(line_gross) as gross from order_lines group by order_id) s
      join orders o on o.id = s.order_id`)) as unknown as Rows<{ least: number; most: number; wrong_totals: number }>;
    expect(shape.rows[0]).toEqual({ least: 1, most: 5, wrong_totals: 0 });
  });

  it('names a sample item with the longest movement history, a client and an order that exist', async () => {
    const longest = (await t.db.execute(sql`select item_id, count(*)::int as n from stock_movements
      group by item_id order by n desc limit 2`)) as unknown as Rows<{ item_id: number; n: number }>;
    expect(Number(longest.rows[0]!.item_id)).toBe(summary.sample.itemId);
    expect(longest.rows[0]!.n).toBeGreaterThan(longest.rows[1]!.n > 0 ? 20 : 0);
    const found = (await t.db.execute(sql`select
      exists (select 1 from counterparties where id = ${summary.sample.clientId} and is_client) as client,
      exists (select 1 from orders where id = ${summary.sample.orderId}) as "order"`)) as unknown as Rows<{
      client: boolean;
      order: boolean;
    }>;
    expect(found.rows[0]).toEqual({ client: true, order: true });
  });

  it('gives every product one default active BOM of stocked parts, so a costing page has real material costs', async () => {
    const [counts] = (
      (await t.db.execute(sql`select
        (select count(*)::int from items where kind = 'product') as products,
        (select count(*)::int from boms where is_default and status = 'active') as boms,
        (select count(*)::int from bom_lines l join items i on i.id = l.component_item_id
          where i.kind not in ('component', 'material')) as "notParts"`)) as unknown as Rows<{
        products: number;
        boms: number;
        notParts: number;
      }>
    ).rows;
    expect(counts).toEqual({ products: counts!.products, boms: counts!.products, notParts: 0 });
    const { rows, total } = await listCosting(t.db, { limit: 50 });
    expect(total).toBeGreaterThanOrEqual(counts!.products);
    expect(rows).toHaveLength(50);
    expect(rows.some((row) => Number(row.material) > 0)).toBe(true);
  });

  it('runs a year of production: completed MOs with time in the shift, no worker in two places, output in stock', async () => {
    const [facts] = (
      (await t.db.execute(sql`select
        (select count(*)::int from manufacturing_orders where status = 'completed') as completed,
        (select count(*)::int from manufacturing_orders where status = 'released' and planned_start >= current_date) as ahead,
        (select count(*)::int from time_entries) as entries,
        (select count(*)::int from time_entries where pause_reason is not null) as pauses,
        (select count(*)::int from time_entries where scrap_qty > 0 and scrap_reason is not null) as scrapped,
        (select count(*)::int from time_entries e where ((e.started_at at time zone 'Europe/Kyiv')::time < '07:00'
          or (e.ended_at at time zone 'Europe/Kyiv')::time > '18:00')
          or extract(isodow from e.started_at at time zone 'Europe/Kyiv') > 5) as "outsideShift",
        (select count(*)::int from time_entries a join time_entries b on a.worker_id = b.worker_id and a.id < b.id
          and a.started_at < b.ended_at and b.started_at < a.ended_at) as overlaps,
        (select count(*)::int from manufacturing_orders m where m.status = 'completed' and m.qty <>
          (select sum(p.good_qty + p.scrap_qty) from mo_postings p where p.mo_id = m.id and p.kind = 'output')) as "unbalanced",
        (select count(*)::int from mo_postings p where p.kind = 'output' and not exists (select 1 from stock_movements s
          where s.document_type = 'mo_output' and s.document_id = p.id)) as "unposted"`)) as unknown as Rows<{
        completed: number;
        ahead: number;
        entries: number;
        pauses: number;
        scrapped: number;
        outsideShift: number;
        overlaps: number;
        unbalanced: number;
        unposted: number;
      }>
    ).rows;
    expect(facts!.completed).toBeGreaterThan(20);
    expect(facts!.ahead).toBeGreaterThan(0);
    expect(facts!.entries).toBeGreaterThanOrEqual(facts!.completed * 3);
    expect(facts).toMatchObject({ outsideShift: 0, overlaps: 0, unbalanced: 0, unposted: 0 });
    expect(facts!.pauses).toBeGreaterThan(0);
    expect(facts!.scrapped).toBeGreaterThan(0);
  });

  it('reports its parts and progress in Ukrainian, and the database now counts as filled', async () => {
    for (const part of [
      'reference',
      'items',
      'clients',
      'orders',
      'movements',
      'notifications',
      'boms',
      'production',
      'verify',
    ]) {
      expect(summary.seconds[part], part).toBeGreaterThanOrEqual(0);
    }
    expect(lines.join('\n')).toContain('Перевірка обліку');
    expect(await hasBusinessData(t.db)).toBe(true);
  });

  it('scales by name or factor', () => {
    expect(scaleOf('full')).toEqual(FULL_SCALE);
    expect(scaleOf('small')).toEqual(SMALL_SCALE);
    expect(scaleOf('0.1')).toEqual({
      items: 10_000,
      clients: 2_000,
      orders: 20_000,
      movements: 100_000,
      notifications: 10_000,
    });
    expect(() => scaleOf('huge')).toThrow(/Невідомий масштаб/);
    expect(() => scaleOf('0')).toThrow(/Невідомий масштаб/);
  });
});
