// Demo client orders of «Техноприлад» over the last 60 days (sales.md §1), made the way a manager makes them —
// through the order services: drafts still being agreed, most orders confirmed (reserving the finished goods in
// stock, the rest left as demand), a few cancelled with their reasons, two with prices including VAT, and orders of
// clients on deferred terms (approved for production at once). Shipments and payments are seeded after this by
// their own modules.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { dec, fixed, mul, round } from '@/shared/decimal.ts';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { carriers } from '@/resources/carriers/carriers.table.ts';
import { counterparties, counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { orderCreateSchema, type OrderCreateInput } from '../orders.contract.ts';
import { cancelOrder } from './orders.actions.ts';
import { backdateConfirmation, confirmOrder, createOrder } from './orders.service.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

const NP_CITIES: Array<[string, string]> = [
  ['Харків', '12'],
  ['Київ', '101'],
  ['Львів', '7'],
  ['Дніпро', '33'],
  ['Одеса', '5'],
];
const CANCEL_REASONS = ['Клієнт відмовився від закупівлі', 'Дубль замовлення', 'Не погодили термін поставки'];

export const ordersDemoSeeder: DemoSeeder = {
  name: 'orders',
  async run({ tx, log }) {
    const clients = await tx
      .select({
        id: counterparties.id,
        legalForm: counterparties.legalForm,
        priceList: counterparties.priceList,
        paymentTermDays: counterparties.paymentTermDays,
        phone: counterparties.phone,
        name: counterparties.name,
      })
      .from(counterparties)
      .where(and(eq(counterparties.isClient, true), eq(counterparties.isActive, true)))
      .orderBy(asc(counterparties.id));
    const products = await tx
      .select({
        id: items.id,
        kind: items.kind,
        retailPrice: items.retailPrice,
        wholesalePrice: items.wholesalePrice,
      })
      .from(items)
      .where(and(inArray(items.kind, ['product', 'service']), eq(items.isActive, true)))
      .orderBy(asc(items.id));
    const goods = products.filter((p) => p.kind === 'product' && p.retailPrice);
    const services = products.filter((p) => p.kind === 'service' && p.retailPrice);
    if (clients.length < 5 || goods.length < 10) return;
    const [novaPoshta] = await tx
      .select({ id: carriers.id })
      .from(carriers)
      .where(sql`lower(btrim(${carriers.name})) = 'нова пошта'`)
      .limit(1);
    const contacts = await tx
      .select({
        id: counterpartyContacts.id,
        counterpartyId: counterpartyContacts.counterpartyId,
        fullName: counterpartyContacts.fullName,
        phone: counterpartyContacts.phone,
        isPrimary: counterpartyContacts.isPrimary,
      })
      .from(counterpartyContacts)
      .where(eq(counterpartyContacts.isActive, true))
      .orderBy(asc(counterpartyContacts.id));
    const contactOf = (clientId: number) =>
      contacts.find((c) => c.counterpartyId === clientId && c.isPrimary) ??
      contacts.find((c) => c.counterpartyId === clientId) ??
      null;

    const today = kyivToday();
    const deferred = clients.filter((c) => c.paymentTermDays > 0);
    const prepaying = clients.filter((c) => c.paymentTermDays === 0);
    // The first products are the ones the opening balances stocked: they are ordered most, so orders reserve.
    const stocked = goods.slice(0, 8);
    const other = goods.slice(8);
    const priceOf = (p: (typeof goods)[number], client: (typeof clients)[number], gross: boolean) => {
      const net = dec((client.priceList === 'wholesale' ? p.wholesalePrice : null) ?? p.retailPrice ?? '100');
      return fixed(gross ? round(mul(net, dec('1.2')), 2) : net, 2);
    };

    const TOTAL = 30;
    let confirmed = 0;
    let drafts = 0;
    let cancelled = 0;
    for (let i = 0; i < TOTAL; i++) {
      // Every fifth order is for a client on deferred terms; the rest rotate through the prepaying ones.
      const client =
        i % 5 === 2 && deferred.length ? deferred[i % deferred.length]! : prepaying[(i * 7) % prepaying.length]!;
      const daysAgo = 59 - i * 2;
      const orderDate = addDays(today, -daysAgo);
      const pricesIncludeVat = i === 6 || i === 17;
      const lineCount = 1 + (i % 3);
      const chosen = Array.from({ length: lineCount }, (_, k) =>
        k === 0 || i % 4 !== 3 ? stocked[(i + k * 3) % stocked.length]! : other[(i + k) % other.length]!,
      );
      const lines: OrderCreateInput['lines'] = [...new Map(chosen.map((p) => [p.id, p])).values()].map((p, k) => ({
        itemId: p.id,
        qty: String(1 + ((i + k * 2) % 4)),
        unitPrice: priceOf(p, client, pricesIncludeVat),
      }));
      if (i % 6 === 4 && services.length) {
        const service = services[i % services.length]!;
        lines.push({ itemId: service.id, qty: '1', unitPrice: priceOf(service, client, pricesIncludeVat) });
      }
      const contact = contactOf(client.id);
      const person = client.legalForm !== 'legal_entity';
      const [city, branch] = NP_CITIES[i % NP_CITIES.length]!;
      const input: OrderCreateInput = {
        orderDate,
        clientId: client.id,
        contactId: contact?.id ?? null,
        pricesIncludeVat,
        dueDate: addDays(orderDate, 7 + (i % 3) * 7),
        ...(novaPoshta
          ? {
              carrierId: novaPoshta.id,
              recipientName: person ? client.name.replace(/^ФОП /, '') : (contact?.fullName ?? client.name),
              recipientPhone: (person ? client.phone : contact?.phone) ?? client.phone ?? null,
              npCityName: city,
              deliveryType: 'branch' as const,
              npWarehouseNumber: branch,
              npWarehouseAddress: `Відділення №${branch}`,
              serviceType: 'WarehouseWarehouse' as const,
              payerType: 'Recipient' as const,
              paymentMethod: 'Cash' as const,
            }
          : {}),
        externalNumber: i % 7 === 5 ? `РМ00-0${27600 + i}` : null,
        notes: i % 9 === 1 ? 'Клієнт просив відвантажити однією партією' : null,
        clientNotes: pricesIncludeVat ? 'Ціни вказано з ПДВ' : null,
        lines,
      };
      const body = orderCreateSchema.parse(input);
      const id = await createOrder(tx, ctx, body);
      const recent = daysAgo <= 3;
      if (recent || i % 10 === 8) {
        drafts += 1; // the newest ones are still being agreed, and an older draft was forgotten
        continue;
      }
      if (i % 10 === 3 || i === 21) {
        // Cancelled before anything shipped: one a draft, the others after confirmation.
        if (i !== 3) {
          await confirmOrder(tx, ctx, id);
          await backdateConfirmation(tx, id, orderDate);
        }
        await cancelOrder(tx, ctx, id, CANCEL_REASONS[cancelled % CANCEL_REASONS.length]!);
        cancelled += 1;
        continue;
      }
      await confirmOrder(tx, ctx, id);
      await backdateConfirmation(tx, id, orderDate);
      confirmed += 1;
    }
    log(`Замовлення клієнтів: підтверджено — ${confirmed}, чернеток — ${drafts}, скасовано — ${cancelled}`);
  },
};
