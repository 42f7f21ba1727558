// The demo dataset goes in through the real services on a fresh database: every seeder runs once, the records
// pass the same validation as the API (requisites with their check digits), and the rules hold (one default
// company, one primary contact per firm), and the warehouse documents all went through the ledger: opening
// balances, purchase orders in every state, transfers, one posted count and one still counting. The seeders that
// need most of the others before them (assembly, forecasts) are checked here too: a test of their own would seed
// almost the whole dataset again.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { add, dec, fixed, mul } from '@/shared/decimal.ts';
import { checkEdrpou, checkIbanUa, checkRnokpp } from '@/shared/requisites.ts';
import { resourceEngine } from '@/resources/index.ts';
import { companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterpartyBankAccounts } from '@/resources/counterparties/counterparties.table.ts';
import { createTestApp, createUser, signIn } from '@/server/testing/test-app.ts';
import { dashboardPageCounts } from '@/server/testing/dashboard-counts.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { stockAdjustmentLines, stockAdjustments } from '@/modules/stock/server/adjustments.table.ts';
import { itemCosts, stockMovements } from '@/modules/stock/server/stock.table.ts';
import { listOrders } from '@/modules/supplier-orders/server/index.ts';
import { supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { warehouseTransfers } from '@/modules/warehouse-transfers/server/warehouse-transfers.table.ts';
import { inventoryAudits } from '@/modules/inventory-audits/server/inventory-audits.table.ts';
import { repairs } from '@/modules/repairs/server/index.ts';
import { lineProgress } from '@/modules/orders/server/index.ts';
import { orders as clientOrders } from '@/modules/orders/server/orders.table.ts';
import { payments } from '@/modules/payments/server/payments.table.ts';
import { shipments } from '@/modules/shipments/server/shipments.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { mailItems, mailRegisters } from '@/modules/client-mail/server/client-mail.table.ts';
import { isZero } from '@/shared/decimal.ts';
import { manufacturingOrders, moPostings, timeEntries } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { HISTORY_ORDER_NOTE, HISTORY_PRODUCTS, monthStart } from '@/modules/production-demo/server/demo-history.ts';
import { SHIFT_MO_NOTE, SHIFT_WEEKS } from '@/modules/production-demo/server/demo-shifts.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { kyivDayStart } from '@/server/kernel/kyiv-sql.ts';
import { assemblies } from '@/modules/assembly/server/assembly.table.ts';
import {
  forecastItems,
  forecastLines,
  productionForecasts,
} from '@/modules/production-forecasts/server/production-forecasts.table.ts';
import { runDemoSeed } from './demo-seeder.ts';
import { demoSeeders } from './demo-seeders.ts';

describe('demo dataset', () => {
  it('fills a fresh database once with valid, realistic records', { timeout: 600_000 }, async () => {
    const t = await createTestApp();
    try {
      await resourceEngine.ensureSeeds(t.db);
      const logs: string[] = [];
      const opts = { demoPassword: 'demo-pass-1', log: (m: string) => void logs.push(m) };
      expect(await runDemoSeed(t.db, demoSeeders, opts)).toEqual(demoSeeders.map((s) => s.name));
      expect(await runDemoSeed(t.db, demoSeeders, opts)).toEqual([]);

      const all = (route: string) => resourceEngine.all(t.db, resourceEngine.resource(route), { filters: {} });
      const components = await all('/components');
      const products = await all('/products');
      expect(components.length + products.length).toBeGreaterThanOrEqual(300);
      expect(new Set(products.map((p) => p.kind))).toEqual(new Set(['product', 'semi_finished', 'service']));

      const clients = await all('/clients');
      const suppliers = await all('/suppliers');
      expect(clients.length).toBeGreaterThanOrEqual(20);
      expect(suppliers.length).toBeGreaterThanOrEqual(5);
      for (const c of [...clients, ...suppliers]) {
        if (c.legalForm === 'legal_entity') expect(checkEdrpou(String(c.taxId)).ok, String(c.taxId)).toBe(true);
        if (c.legalForm === 'sole_proprietor') expect(checkRnokpp(String(c.taxId)).ok).toBe(true);
      }
      // One firm is both a client and a supplier, under one tax id.
      const both = suppliers.filter((s) => clients.some((c) => c.id === s.id));
      expect(both).toHaveLength(1);

      const companies = await all('/companies');
      expect(companies.filter((c) => c.isDefault)).toHaveLength(1);
      const contacts = await all('/client-contacts');
      const primaries = new Map<unknown, number>();
      for (const c of contacts.filter((x) => x.isPrimary)) {
        primaries.set(c.counterpartyId, (primaries.get(c.counterpartyId) ?? 0) + 1);
      }
      expect([...primaries.values()].every((count) => count === 1)).toBe(true);

      // The opening stock came in through posted receipts — four of their own, three received against purchase
      // orders, and the ones the planner bought for the demo manufacturing orders — and the ledger agrees with itself.
      const posted = (await t.db.select().from(supplierReceipts)).filter((r) => r.status === 'posted');
      const forProduction = posted.filter((r) => r.supplierDocNumber.startsWith('РН-ВИР-'));
      expect(forProduction.length).toBeGreaterThan(0);
      expect(posted.length - forProduction.length).toBe(7);
      expect(posted.filter((r) => r.supplierOrderId !== null)).toHaveLength(3);
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

      // Finished goods' opening balances and a write-off posted, one draft left to check.
      const adjustments = await t.db.select().from(stockAdjustments).orderBy(stockAdjustments.id);
      expect(adjustments.map((d) => [d.reason, d.status])).toEqual([
        ['opening', 'posted'],
        ['damage', 'posted'],
        ['surplus_found', 'draft'],
        // The serial numbers demo writes one defective unit off by its serial.
        ['damage', 'posted'],
      ]);
      const [opening] = await t.db
        .select()
        .from(stockAdjustmentLines)
        .where(eq(stockAdjustmentLines.adjustmentId, adjustments[0]!.id))
        .orderBy(stockAdjustmentLines.lineNo);
      const [cost] = await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, opening!.itemId));
      // 40 entered at 1850.00; whatever left since (a write-off, the sales demo's shipments) left at the average,
      // so the average is still exactly 1850 and the value is the quantity at it.
      expect(cost!.avgCost).toBe('1850.000000');
      expect(cost!.value).toBe(fixed(mul(dec(cost!.qty), dec('1850')), 2));

      // A purchase order in every state; the confirmed one overdue, the partial one 60 % received.
      const orders = await t.db.select().from(supplierOrders).orderBy(asc(supplierOrders.id));
      expect(orders.map((o) => o.status)).toEqual([
        'draft',
        'sent',
        'confirmed',
        'partially_received',
        'received',
        'closed',
        'cancelled',
      ]);
      const { rows: orderRows } = await listOrders(t.db, { sort: 'number' });
      expect(orderRows.find((r) => r.status === 'confirmed')?.isOverdue).toBe(true);
      expect(orderRows.find((r) => r.status === 'partially_received')?.receivedPercent).toBe(60);

      // Transfers: three posted, one draft; every out/in pair nets to nothing in quantity and value.
      const transfers = await t.db.select().from(warehouseTransfers).orderBy(warehouseTransfers.id);
      expect(transfers.map((d) => d.status)).toEqual(['posted', 'posted', 'posted', 'draft']);
      const transferMoves = await t.db
        .select({ qty: stockMovements.qty, value: stockMovements.value })
        .from(stockMovements)
        .where(and(eq(stockMovements.documentType, 'transfer'), isNull(stockMovements.reversesMovementId)));
      expect(transferMoves.length).toBeGreaterThanOrEqual(6);
      const net = transferMoves.reduce((s, m) => ({ qty: add(s.qty, dec(m.qty)), value: add(s.value, dec(m.value)) }), {
        qty: dec(0),
        value: dec(0),
      });
      expect([fixed(net.qty, 4), fixed(net.value, 2)]).toEqual(['0.0000', '0.00']);

      // One count posted with a surplus and a shortage, one still being counted (for the scanner's count mode).
      const audits = await t.db.select().from(inventoryAudits).orderBy(inventoryAudits.id);
      expect(audits.map((a) => a.status)).toEqual(['posted', 'counting']);
      const auditMoves = await t.db
        .select({ qty: stockMovements.qty })
        .from(stockMovements)
        .where(eq(stockMovements.documentType, 'inventory_audit'));
      expect(auditMoves.map((m) => m.qty).sort()).toEqual(['-3.0000', '2.0000']);

      // Sales. Every serial-tracked unit in stock has its serial: count(available + reserved in W) = onHand(W).
      const serialCheck = (await t.db.execute(sql`
        select b.on_hand::text as on_hand,
          (select count(*)::int from serial_numbers s where s.item_id = b.item_id and s.warehouse_id = b.warehouse_id
             and s.status in ('available', 'reserved')) as serials
        from stock_balances b join items i on i.id = b.item_id
        where i.serial_tracking and i.kind <> 'service'`)) as unknown as {
        rows: Array<{ on_hand: string; serials: number }>;
      };
      expect(serialCheck.rows.some((r) => r.on_hand !== '0.0000')).toBe(true);
      for (const r of serialCheck.rows) expect(Number(r.serials)).toBe(Number(r.on_hand.split('.')[0]));
      expect(await checkSerialInvariant(t.db)).toEqual([]);
      // The documents gave the serials (no unit was registered after the fact): every serial in stock arrived with
      // a stock document on its timeline — the opening balances generated theirs at posting.
      const undocumented = (await t.db.execute(sql`
        select count(*)::int as n from serial_numbers s
        where s.status in ('available', 'reserved') and not exists (
          select 1 from serial_events e where e.serial_id = s.id and e.document_type is not null)`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(Number(undocumented.rows[0]!.n)).toBe(0);

      // No demo scenario was skipped.
      expect(logs.filter((m) => m.includes('пропущено'))).toEqual([]);
      // ~30 orders over the last 60 days in their states (and the production path's order, and the two invoices of
      // paid repairs); confirmed ones hold stock, cancelled ones none.
      // (The year of sales history is checked below.)
      const salesOrders = (await t.db.select().from(clientOrders).orderBy(asc(clientOrders.id))).filter(
        (o) => o.notes !== HISTORY_ORDER_NOTE,
      );
      expect(salesOrders.length).toBe(33);
      const ofStatus = (s: string) => salesOrders.filter((o) => o.status === s);
      for (const status of ['draft', 'confirmed', 'partially_shipped', 'shipped', 'completed', 'cancelled']) {
        expect(ofStatus(status).length, status).toBeGreaterThan(0);
      }
      expect(ofStatus('cancelled').every((o) => (o.cancelReason ?? '').length > 0)).toBe(true);
      for (const o of ofStatus('cancelled')) {
        expect((await lineProgress(t.db, o.id)).every((l) => isZero(l.reserved))).toBe(true);
      }
      // Shipments posted (some with serials sold to the client), drafts left; payments posted and from a statement.
      const demoShipments = await t.db.select().from(shipments);
      expect(demoShipments.filter((d) => d.status === 'posted').length).toBeGreaterThan(0);
      expect(demoShipments.filter((d) => d.status === 'draft').length).toBeGreaterThan(0);
      const sold = await t.db.select().from(serialNumbers).where(eq(serialNumbers.status, 'sold'));
      expect(sold.length).toBeGreaterThan(0);
      expect(sold.every((s) => s.clientId !== null && s.shipmentId !== null)).toBe(true);
      const demoPayments = await t.db.select().from(payments);
      expect(demoPayments.filter((p) => p.status === 'posted').length).toBeGreaterThanOrEqual(4);
      expect(demoPayments.filter((p) => p.status === 'draft' && p.source === 'bank_statement').length).toBe(3);
      // Letters in every status, one register sent.
      const letters = await t.db.select().from(mailItems);
      expect(new Set(letters.map((l) => l.status))).toEqual(
        new Set(['draft', 'printed', 'sent', 'delivered', 'returned', 'cancelled']),
      );
      expect((await t.db.select().from(mailRegisters)).some((r) => r.status === 'sent' && r.sentAt !== null)).toBe(
        true,
      );
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
      // Repairs in every state, warranty and paid, one invoiced and paid and returned, one refused (production.md §7).
      const demoRepairs = await t.db.select().from(repairs);
      expect(new Set(demoRepairs.map((r) => r.status))).toEqual(
        new Set(['received', 'diagnosed', 'in_repair', 'ready', 'returned', 'cancelled']),
      );
      expect(demoRepairs.some((r) => r.isWarranty) && demoRepairs.some((r) => !r.isWarranty)).toBe(true);
      expect(demoRepairs.filter((r) => r.billingOrderId !== null).length).toBe(2);
      expect(demoRepairs.some((r) => r.status === 'returned' && r.billingOrderId && !r.returnedWithoutPayment)).toBe(
        true,
      );

      // Production: MOs in every state — the completed ones with their output and a stored actual cost, the one in
      // progress with materials issued, time booked on the terminal — and the whole path of issue 8: an order made
      // to order through /ordered-products, its MO run on the terminal, the output reserved for it and shipped.
      const mos = await t.db.select().from(manufacturingOrders);
      expect(new Set(mos.map((m) => m.status))).toEqual(
        new Set(['planned', 'released', 'in_progress', 'completed', 'cancelled']),
      );
      const postings = await t.db.select().from(moPostings);
      for (const mo of mos.filter((m) => m.status === 'completed')) {
        expect(postings.some((p) => p.moId === mo.id && p.kind === 'output' && p.status === 'posted')).toBe(true);
        expect(mo.actualTotal).not.toBeNull();
        expect(isZero(dec(mo.actualTotal!))).toBe(false);
      }
      const running = mos.filter((m) => m.status === 'in_progress');
      expect(
        running.some((mo) => postings.some((p) => p.moId === mo.id && p.kind === 'issue' && p.status === 'posted')),
      ).toBe(true);
      const entries = await t.db.select().from(timeEntries);
      expect(entries.some((e) => e.pauseReason === 'Обід')).toBe(true);
      const journey = salesOrders.find((o) => o.notes === 'Під виробництво: вільного запасу не вистачає')!;
      expect(['shipped', 'completed']).toContain(journey.status);
      const journeyMo = (await t.db.execute(sql`select m.id, m.status from manufacturing_orders m
        join mo_demands d on d.mo_id = m.id join order_lines l on l.id = d.order_line_id
        where l.order_id = ${journey.id}`)) as unknown as { rows: Array<{ id: number; status: string }> };
      expect(journeyMo.rows.map((r) => r.status)).toEqual(['completed']);
      const journeyEntries = (await t.db.execute(sql`select count(*)::int as n from time_entries e
        join mo_operations o on o.id = e.mo_operation_id where o.mo_id = ${journeyMo.rows[0]!.id}`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(Number(journeyEntries.rows[0]!.n)).toBeGreaterThan(0);
      const journeyShipments = (await t.db.select().from(shipments)).filter(
        (d) => d.orderId === journey.id && d.status === 'posted',
      );
      expect(journeyShipments).toHaveLength(1);

      // Every dashboard figure equals what its list page shows filtered the same way (reports-admin.md §1), and the
      // demo gives each of them something to count.
      const admin = await createUser(t.db, { password: 'dash-pass' });
      await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
      const cookie = (await signIn(t.app, admin.username, 'dash-pass')).cookie;
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
      const dashboard = (await get('/api/dashboard/stats')).json();
      expect(dashboard).toEqual(await dashboardPageCounts(get));
      for (const figure of Object.values(dashboard)) expect(figure).toBeGreaterThan(0);

      // Issue 24: a year of posted shipments of the made products — every month, growing — for the forecasts; eight
      // weeks of terminal work for the analytics and the statistics; the ledger still agrees with itself.
      const today = kyivToday();
      const from = monthStart(today, -12);
      const history = (await t.db.execute(sql`select i.sku, to_char(s.shipment_date, 'YYYY-MM') as month,
          sum(l.qty)::text as qty
        from shipment_lines l join shipments s on s.id = l.shipment_id join items i on i.id = l.item_id
        where s.status = 'posted' and s.shipment_date >= ${from}::date and s.shipment_date < ${monthStart(today, 0)}::date
        group by 1, 2 order by 1, 2`)) as unknown as { rows: Array<{ sku: string; month: string; qty: string }> };
      for (const p of HISTORY_PRODUCTS) {
        const months = history.rows.filter((r) => r.sku === p.sku).map((r) => Number(r.qty));
        expect(months, p.sku).toHaveLength(12);
        expect(months.every((q) => q > 0)).toBe(true);
        const quarter = (k: number) => months.slice(k, k + 3).reduce((a, b) => a + b, 0);
        expect(quarter(9), p.sku).toBeGreaterThan(quarter(0));
      }
      expect((await t.db.select().from(shipments)).length).toBeLessThanOrEqual(150);
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(today, -weekday);
      // Kyiv days, as the weeks are: on a Monday just after Kyiv's midnight the production journey's entries (ending
      // now) are Sunday in UTC but this week in Kyiv, and UTC bounds counted a ninth week.
      const weeks = (await t.db
        .execute(sql`select worker_id, date_trunc('week', started_at at time zone 'Europe/Kyiv')::date::text
          as week, sum(minutes)::text as minutes from time_entries
        where started_at >= ${kyivDayStart(addDays(monday, -7 * SHIFT_WEEKS))} and started_at < ${kyivDayStart(monday)}
        group by 1, 2`)) as unknown as { rows: Array<{ worker_id: number; week: string; minutes: string }> };
      expect(new Set(weeks.rows.map((r) => r.week)).size).toBe(SHIFT_WEEKS);
      expect(new Set(weeks.rows.map((r) => r.worker_id)).size).toBeGreaterThanOrEqual(6);
      for (const r of weeks.rows) expect(Number(r.minutes) / 60, `${r.worker_id} ${r.week}`).toBeLessThanOrEqual(40);
      // The time booked follows the work done: each department's hours are 85–125 % of its operations' norms.
      const norms = (await t.db.execute(sql`select o.department_id,
          sum(o.setup_minutes + o.run_minutes_per_unit * (o.good_qty + o.scrap_qty))::text as norm,
          (select sum(e.minutes) from time_entries e join mo_operations x on x.id = e.mo_operation_id
            join manufacturing_orders y on y.id = x.mo_id
            where x.department_id = o.department_id and y.notes = ${SHIFT_MO_NOTE})::text as booked
        from mo_operations o join manufacturing_orders m on m.id = o.mo_id
        where m.notes = ${SHIFT_MO_NOTE} group by 1`)) as unknown as {
        rows: Array<{ department_id: number; norm: string; booked: string }>;
      };
      expect(norms.rows.length).toBeGreaterThanOrEqual(2);
      for (const r of norms.rows) {
        const ratio = Number(r.booked) / Number(r.norm);
        expect(ratio, `відділ ${r.department_id}`).toBeGreaterThanOrEqual(0.85);
        expect(ratio, `відділ ${r.department_id}`).toBeLessThanOrEqual(1.25);
      }
      const booked = await t.db.select().from(timeEntries);
      expect(booked.some((e) => !isZero(dec(e.scrapQty)) && (e.scrapReason ?? '') !== '')).toBe(true);
      expect(booked.some((e) => e.pauseReason === 'Немає матеріалу' || e.pauseReason === 'Поломка обладнання')).toBe(
        true,
      );
      const period = `from=${addDays(monday, -7 * SHIFT_WEEKS)}&to=${addDays(monday, -3)}`;
      const byWeek = (await get(`/api/production-stats/by-period?${period}&granularity=week`)).json() as Array<{
        producedQty: string;
        completedMOs: number;
      }>;
      expect(byWeek).toHaveLength(SHIFT_WEEKS);
      expect(byWeek.every((w) => Number(w.producedQty) > 0 && w.completedMOs > 0)).toBe(true);
      const summary = (await get(`/api/production-stats/summary?${period}`)).json() as {
        onTimeRate: string;
        scrapQty: string;
      };
      expect(Number(summary.onTimeRate)).toBeLessThan(100);
      expect(Number(summary.scrapQty)).toBeGreaterThan(0);
      const loads = (await get(`/api/production-analytics/workers?${period}`)).json() as Array<{
        workedHours: string;
        utilisationPercent: string | null;
      }>;
      expect(loads.filter((w) => Number(w.workedHours) > 0).length).toBeGreaterThanOrEqual(6);
      const pauses = (await get(`/api/production-analytics/pauses?${period}`)).json() as Array<{ reason: string }>;
      expect(pauses.map((p) => p.reason)).toContain('Обід');
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

      const ibans = [
        ...(await t.db.select().from(counterpartyBankAccounts)),
        ...(await t.db.select().from(companyBankAccounts)),
      ];
      expect(ibans.length).toBeGreaterThan(10);
      expect(ibans.every((a) => checkIbanUa(a.iban).ok)).toBe(true);

      // Assembly (after the BOM and the stock it takes): two posted assemblies and one posted disassembly of one kit,
      // and the serials agree with the ledger.
      expect(logs).toContain('Збірка та розбірка: 2 проведені збірки і 1 розбірка');
      const kits = await t.db.select().from(assemblies).orderBy(asc(assemblies.id));
      expect(kits.map((r) => [r.type, r.status])).toEqual([
        ['disassembly', 'posted'],
        ['assembly', 'posted'],
        ['assembly', 'posted'],
      ]);
      expect(new Set(kits.map((r) => r.itemId)).size).toBe(1);
      expect(await checkSerialInvariant(t.db)).toEqual([]);

      // Forecasting (after the shipments and the recipes): one calculated monthly forecast over the made products,
      // a line per made product and horizon month, computed from the demo's posted shipments.
      const [forecast, ...moreForecasts] = await t.db.select().from(productionForecasts);
      expect(moreForecasts).toEqual([]);
      expect(forecast).toMatchObject({ status: 'calculated', granularity: 'month', scope: 'all' });
      const forecastRows = await t.db.select().from(forecastItems).where(eq(forecastItems.forecastId, forecast!.id));
      expect(forecastRows.length).toBeGreaterThan(0);
      const horizon = await t.db.select().from(forecastLines).where(eq(forecastLines.forecastId, forecast!.id));
      expect(horizon).toHaveLength(forecastRows.length * 3);
      expect(logs.some((l) => l.startsWith('Прогнозування:'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
