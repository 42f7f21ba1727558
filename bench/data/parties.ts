// The counterparties: clients (legal entities, sole proprietors, individuals) and suppliers, validated with the
// engine's create schema and written in multi-row inserts with an 'import' audit record per row, like the items.
import type { Db } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { sampleEdrpou, sampleRnokpp } from '@/shared/requisites.ts';
import { ACTOR, CHUNK, fastCommit, grouped } from './bulk.ts';
import type { Random } from './random.ts';
import {
  cities,
  firmStems,
  firmTails,
  firstNames,
  latinStems,
  patronymics,
  phoneCodes,
  regions,
  streets,
  surnames,
} from './words.ts';
import type { World } from './world.ts';

export interface Parties {
  clients: Array<{
    id: number;
    discount: string | null;
    wholesale: boolean;
    term: number;
    manager: number | null;
    name: string;
  }>;
  suppliers: number[];
}

function phone(r: Random) {
  return `+380${r.pick(phoneCodes)}${String(r.int(1_000_000, 9_999_999))}`;
}

export async function createParties(
  db: Db,
  world: World,
  nClients: number,
  r: Random,
  log: (line: string) => void,
): Promise<Parties> {
  const clientRes = resourceEngine.resource('/clients');
  const supplierRes = resourceEngine.resource('/suppliers');
  const clientSchema = resourceEngine.createSchemaOf(clientRes);
  const supplierSchema = resourceEngine.createSchemaOf(supplierRes);
  const nSuppliers = Math.max(5, Math.round(nClients / 100));
  const taken = new Set<string>();
  const edrpou = (n: number) => {
    let code = sampleEdrpou(n);
    for (let bump = 1; taken.has(code); bump++) code = sampleEdrpou(n + bump * 700_000);
    taken.add(code);
    return code;
  };
  const firmName = (i: number) =>
    `${r.pick(firmStems)}${r.pick(firmTails)}${r.chance(0.5) ? ` ${r.pick(regions)}` : ''}${r.chance(0.3) ? ` ${(i % 97) + 1}` : ''}`;
  const address = () =>
    `м. ${r.pick(cities)}, вул. ${r.pick(streets)}, ${r.int(1, 180)}${r.chance(0.3) ? `, оф. ${r.int(1, 40)}` : ''}`;
  const person = () => `${r.pick(surnames)} ${r.pick(firstNames)} ${r.pick(patronymics)}`;

  const rows: Array<Record<string, unknown>> = [];
  const meta: Parties['clients'] = [];
  for (let i = 0; i < nClients; i++) {
    const form = i % 10 < 6 ? 'legal_entity' : i % 10 < 9 ? 'sole_proprietor' : 'individual';
    const name = form === 'legal_entity' ? firmName(i) : form === 'sole_proprietor' ? `ФОП ${person()}` : person();
    const vatPayer = form === 'legal_entity' && r.chance(0.5);
    const discount = r.chance(0.2) ? r.pick(['3', '5', '7', '10']) : null;
    const wholesale = form !== 'individual' && r.chance(0.3);
    const term = form === 'individual' ? 0 : r.pick([0, 0, 7, 14, 30]);
    const manager = r.pick(world.staff.managers);
    const values = clientSchema.parse({
      name,
      legalForm: form,
      fullName: form === 'legal_entity' ? `ТОВ «${name}»` : null,
      taxId: form === 'legal_entity' ? edrpou(1 + i) : form === 'sole_proprietor' ? sampleRnokpp(1 + i) : null,
      isVatPayer: vatPayer,
      vatNumber: vatPayer ? String(100_000_000_000 + i * 7919).slice(0, 12) : null,
      phone: phone(r),
      email: form === 'individual' ? null : `office${i}@${r.pick(latinStems)}${i % 13}.com.ua`,
      legalAddress: address(),
      postalIndex: String(r.int(1001, 99999)).padStart(5, '0'),
      discountPercent: discount,
      priceList: wholesale ? 'wholesale' : 'retail',
      paymentTermDays: term,
      managerUserId: manager,
      notes: r.chance(0.1) ? 'Постійний клієнт, відвантаження після дзвінка' : null,
    }) as Record<string, unknown>;
    rows.push({ ...values, ...clientRes.fixed });
    meta.push({ id: 0, discount, wholesale, term, manager, name });
  }
  const supplierRows: Array<Record<string, unknown>> = [];
  for (let j = 0; j < nSuppliers; j++) {
    const name = `${firmName(j)} ${r.pick(['Електронік', 'Компонент', 'Дистрибуція', 'Імпорт'])}`;
    const values = supplierSchema.parse({
      name,
      legalForm: 'legal_entity',
      fullName: `ТОВ «${name}»`,
      taxId: edrpou(500_000 + j),
      isVatPayer: true,
      vatNumber: String(300_000_000_000 + j * 104_729).slice(0, 12),
      phone: phone(r),
      email: `sales${j}@${r.pick(latinStems)}-supply.com.ua`,
      legalAddress: address(),
      rating: r.int(3, 5),
      leadTimeDays: r.int(2, 30),
      purchasePaymentTermDays: r.pick([0, 14, 30, 45]),
    }) as Record<string, unknown>;
    supplierRows.push({ ...values, ...supplierRes.fixed });
  }

  const write = async (all: Array<Record<string, unknown>>, entityType: string, ids: number[]) => {
    for (let i = 0; i < all.length; i += CHUNK) {
      const chunk = all.slice(i, i + CHUNK);
      await db.transaction(async (tx) => {
        await fastCommit(tx);
        const inserted = await tx
          .insert(counterparties)
          .values(chunk as Array<typeof counterparties.$inferInsert>)
          .returning({ id: counterparties.id });
        inserted.forEach((row) => ids.push(row.id));
        await tx.insert(auditLog).values(
          inserted.map((row, j) => ({
            userId: null,
            actor: ACTOR,
            action: 'import',
            entityType,
            entityId: String(row.id),
            after: { id: row.id, ...chunk[j] },
          })),
        );
      });
      if ((i / CHUNK) % 10 === 9) log(`  контрагенти: ${grouped(i + chunk.length)} з ${grouped(all.length)}`);
    }
  };
  const clientIds: number[] = [];
  const suppliers: number[] = [];
  await write(rows, 'counterparties', clientIds);
  await write(supplierRows, 'counterparties', suppliers);
  clientIds.forEach((id, i) => (meta[i]!.id = id));
  return { clients: meta, suppliers };
}
