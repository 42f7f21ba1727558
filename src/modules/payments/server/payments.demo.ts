// Demo payments of «Техноприлад», entered the way the business enters them, through the real services: posted
// payments for demo orders (one in full, one in part, one split across two orders of a client with the rest left as
// an advance, one advance without an order) and a small bank statement whose credits wait under 'Неопрацьовані'
// (one names an order only by its counter, one names nothing, one overpays an order named in full).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { add, cmp, dec, div, fixed, round, sub } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterparties, counterpartyBankAccounts } from '@/resources/counterparties/counterparties.table.ts';
import { importStatement } from './payments-import.service.ts';
import { createPayment } from './payments.write.ts';
import { orderCounter } from './payment-matching.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

interface DemoOrder {
  id: number;
  orderNumber: string;
  orderDate: string;
  clientId: number;
  totalGross: string;
  outstanding: string;
}

const laterOf = (a: string, b: string) => (a > b ? a : b);
const half = (value: string) => fixed(round(div(dec(value), dec(2), 4), 2), 2);
const csvCell = (value: string) => (/[";\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const paymentsDemoSeeder: DemoSeeder = {
  name: 'payments',
  async run({ tx, log }) {
    const rows = (
      await tx
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          orderDate: orders.orderDate,
          clientId: orders.clientId,
          totalGross: orders.totalGross,
          paid: sql<string>`coalesce((select sum(case when p.type = 'refund' then -a.amount else a.amount end)
            from payment_allocations a join payments p on p.id = a.payment_id
            where p.status = 'posted' and a.order_id = ${sql.raw('"orders"."id"')}), 0)::numeric(18,2)::text`,
        })
        .from(orders)
        .where(
          and(
            inArray(orders.status, ['confirmed', 'partially_shipped', 'shipped']),
            eq(orders.currencyCode, 'UAH'),
            sql`${orders.totalGross} > 0`,
          ),
        )
        .orderBy(asc(orders.orderDate), asc(orders.id))
    )
      .map((r): DemoOrder => ({ ...r, outstanding: fixed(sub(dec(r.totalGross), dec(r.paid)), 2) }))
      .filter((r) => cmp(dec(r.outstanding), dec(0)) > 0);
    if (rows.length < 2) {
      log('Платежі: немає підтверджених демо-замовлень — платежі не створено');
      return;
    }
    const used = new Set<number>();
    const take = (pick: (o: DemoOrder) => boolean = () => true) => {
      const found = rows.find((o) => !used.has(o.id) && pick(o));
      if (found) used.add(found.id);
      return found;
    };
    const date = (o: DemoOrder) => addDays(o.orderDate, 2);
    let posted = 0;

    // A client with two open orders: one payment covers the first and part of the second; 1 000.00 stays an advance.
    const byClient = new Map<number, DemoOrder[]>();
    for (const o of rows) byClient.set(o.clientId, [...(byClient.get(o.clientId) ?? []), o]);
    const pair = [...byClient.values()].find((list) => list.length >= 2);
    if (pair) {
      const [first, second] = pair as [DemoOrder, DemoOrder];
      used.add(first.id);
      used.add(second.id);
      const part = half(second.outstanding);
      await createPayment(tx, ctx, {
        paymentDate: laterOf(date(first), date(second)),
        type: 'receipt',
        method: 'bank_transfer',
        amount: fixed(add(add(dec(first.outstanding), dec(part)), dec('1000')), 2),
        currencyCode: 'UAH',
        clientId: first.clientId,
        purpose: `Оплата згідно рахунків ${first.orderNumber}, ${second.orderNumber}, у т.ч. ПДВ`,
        allocations: [
          { orderId: first.id, amount: first.outstanding },
          { orderId: second.id, amount: part },
        ],
        post: true,
      });
      posted++;
    }
    const full = take();
    if (full) {
      await createPayment(tx, ctx, {
        paymentDate: date(full),
        type: 'receipt',
        method: 'bank_transfer',
        amount: full.outstanding,
        currencyCode: 'UAH',
        clientId: full.clientId,
        purpose: `Оплата за рахунком ${full.orderNumber}, у т.ч. ПДВ`,
        allocations: [{ orderId: full.id, amount: full.outstanding }],
      });
      posted++;
    }
    const partial = take();
    if (partial) {
      const amount = half(partial.outstanding);
      await createPayment(tx, ctx, {
        paymentDate: date(partial),
        type: 'receipt',
        method: 'cash',
        amount,
        currencyCode: 'UAH',
        clientId: partial.clientId,
        purpose: `Передоплата 50% за замовлення ${partial.orderNumber}`,
        allocations: [{ orderId: partial.id, amount }],
      });
      posted++;
    }
    const advanceClient = rows.find((o) => !used.has(o.id)) ?? rows[0]!;
    await createPayment(tx, ctx, {
      paymentDate: date(advanceClient),
      type: 'receipt',
      method: 'card',
      amount: '5000.00',
      currencyCode: 'UAH',
      clientId: advanceClient.clientId,
      purpose: 'Аванс за майбутні поставки',
      allocations: [],
    });
    posted++;

    // A statement of our main account: credits that wait for a person.
    const [ourAccount] = await tx
      .select({ iban: companyBankAccounts.iban })
      .from(companyBankAccounts)
      .orderBy(desc(companyBankAccounts.isDefault), asc(companyBankAccounts.id))
      .limit(1);
    const open = rows.filter((o) => !used.has(o.id));
    const byCounter = open[0] ?? rows[rows.length - 1]!;
    const overpaid = open[1] ?? rows[0]!;
    const lines: string[][] = [];
    const statementDate = addDays(
      rows.reduce((d, o) => laterOf(d, o.orderDate), rows[0]!.orderDate),
      3,
    );
    const payer = async (clientId: number) => {
      const [client] = await tx
        .select({ name: counterparties.fullName, short: counterparties.name, taxId: counterparties.taxId })
        .from(counterparties)
        .where(eq(counterparties.id, clientId));
      const [account] = await tx
        .select({ iban: counterpartyBankAccounts.iban })
        .from(counterpartyBankAccounts)
        .where(eq(counterpartyBankAccounts.counterpartyId, clientId))
        .limit(1);
      return { name: client?.name ?? client?.short ?? '', taxId: client?.taxId ?? '', iban: account?.iban ?? '' };
    };
    const counterPayer = await payer(byCounter.clientId);
    lines.push([
      statementDate,
      byCounter.outstanding,
      counterPayer.name,
      counterPayer.taxId,
      counterPayer.iban,
      `Оплата згідно рах. № ${orderCounter(byCounter.orderNumber)} від ${byCounter.orderDate.split('-').reverse().join('.')}, у т.ч. ПДВ`,
      'DEMO-REF-0001',
    ]);
    lines.push([
      statementDate,
      '2400.00',
      'ФОП Мельник Ірина Василівна',
      '3012345678',
      '',
      'Передоплата за товар згідно домовленості',
      'DEMO-REF-0002',
    ]);
    const overPayer = await payer(overpaid.clientId);
    lines.push([
      statementDate,
      fixed(add(dec(overpaid.outstanding), dec('150')), 2),
      overPayer.name,
      overPayer.taxId,
      overPayer.iban,
      `Оплата за рахунком ${overpaid.orderNumber}, у т.ч. ПДВ`,
      'DEMO-REF-0003',
    ]);
    const header = ['Дата операції', 'Сума', 'Контрагент', 'ЄДРПОУ контрагента', 'IBAN контрагента'];
    const csv = [
      [...header, 'Призначення платежу', 'Референс', ...(ourAccount ? ['Рахунок'] : [])],
      ...lines.map((l) => [...l, ...(ourAccount ? [ourAccount.iban] : [])]),
    ]
      .map((l) => l.map(csvCell).join(';'))
      .join('\r\n');
    const result = await importStatement(tx, ctx, {
      body: Buffer.from(csv, 'utf8'),
      contentType: 'text/csv',
      fileName: 'Виписка (демо).csv',
    });
    log(
      `Платежі: ${posted} проведені (повна, часткова, розподілена на два замовлення з авансом, аванс) і ` +
        `${result.created} з банківської виписки`,
    );
  },
};
