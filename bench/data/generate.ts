// The bench's large dataset (issue 10): a realistic year of a small manufacturer-trader — items, clients and
// suppliers, orders in every status, and stock documents whose movements all go through the ledger.
//
// What goes through which path, and why:
// - Reference data (company, warehouses, categories, staff) through the resource engine's insertIn, as the UI would.
// - Items and counterparties (100 000 + 20 000 rows): the engine's per-row create is ~6 statements a row, so they are
//   validated row by row with the very schema the API and the import use (createSchemaOf, cross-field rules
//   included) and then written with multi-row inserts, one 'import' audit record per row like the engine's import.
// - Orders (200 000): computed like createOrder (lineAmounts, the client's discount and price list, the company's VAT,
//   the payment term) and numbered by the real nextNumber, but inserted many per statement; confirmed ones reserve
//   through the ledger's reserveStock.
// - Stock: every movement comes from the ledger's bulk path postManyToLedger — 40 documents (receipts, opening
//   balances and adjustments with up to 150 lines, transfers, order shipments) per call and transaction, each valued
//   as postToLedger would value it alone. The document rows are written as the services write them at posting
//   (status 'posted', line costs, totals); a group's shipments in one insert for the headers and one for the lines.
// An in-memory mirror of on-hand and reserved quantities plans every outgoing line within available stock, so the
// ledger's no-negative-stock rule is never broken; the ledger still checks it and would abort the run.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { ensureAdmin, users } from '@/modules/users/server/index.ts';
import { replaceUserRoles, roles } from '@/modules/roles/server/index.ts';
import { hashPassword } from '@/modules/auth/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import {
  checkLedger,
  nextNumber,
  postManyToLedger,
  reserveStock,
  type LedgerDocumentType,
  type LedgerIntent,
  type PostedMovement,
} from '@/modules/stock/server/index.ts';
import { stockAdjustmentLines, stockAdjustments } from '@/modules/stock/server/adjustments.table.ts';
import { orderLines, orders, type OrderStatus } from '@/modules/orders/server/orders.table.ts';
import { ORDER_LINE, orderSettingDefaults } from '@/modules/orders/server/order-effects.ts';
import { shipmentLines, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { supplierReceiptLines, supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import {
  warehouseTransferLines,
  warehouseTransfers,
} from '@/modules/warehouse-transfers/server/warehouse-transfers.table.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { gs1CheckDigit, sampleEdrpou, sampleRnokpp } from '@/shared/requisites.ts';
import { lineAmounts } from '@/shared/vat.ts';
import { createRandom, money, type Random } from './random.ts';
import {
  cities,
  families,
  firmStems,
  firmTails,
  firstNames,
  latinStems,
  notificationTemplates,
  patronymics,
  phoneCodes,
  regions,
  series,
  streets,
  surnames,
  type Family,
} from './words.ts';

export interface DatasetScale {
  items: number;
  clients: number;
  orders: number;
  movements: number;
  notifications: number;
}

export const FULL_SCALE: DatasetScale = {
  items: 100_000,
  clients: 20_000,
  orders: 200_000,
  movements: 1_000_000,
  notifications: 100_000,
};

/** Seconds, for CI: every document kind and status still occurs, at a few hundred rows each. */
export const SMALL_SCALE: DatasetScale = {
  items: 300,
  clients: 60,
  orders: 200,
  movements: 2_000,
  notifications: 300,
};

export const datasetMessages = {
  badScale: (name: string) => `Невідомий масштаб «${name}»: очікується full, small або число від 0.001 до 10`,
} as const;

/** 'full', 'small' or a factor of the full scale ('0.1' → 10 000 items …). */
export function scaleOf(name: string): DatasetScale {
  if (name === 'full') return { ...FULL_SCALE };
  if (name === 'small') return { ...SMALL_SCALE };
  const factor = Number(name);
  if (!/^\d+(\.\d+)?$/.test(name) || !(factor >= 0.001 && factor <= 10))
    throw new RangeError(datasetMessages.badScale(name));
  const of = (n: number, least: number) => Math.max(least, Math.round(n * factor));
  return {
    items: of(FULL_SCALE.items, 50),
    clients: of(FULL_SCALE.clients, 10),
    orders: of(FULL_SCALE.orders, 10),
    movements: of(FULL_SCALE.movements, 500),
    notifications: of(FULL_SCALE.notifications, 10),
  };
}

export interface DatasetSummary {
  scale: DatasetScale;
  counts: Record<string, number>;
  seconds: Record<string, number>;
  totalSeconds: number;
  sample: { itemId: number; clientId: number; orderId: number };
}

const ACTOR = 'bench-data';
const ctx = { userId: null, actor: ACTOR } as const;
const DAYS = 365;
/** Rows per multi-row insert: well under PostgreSQL's 65 535 bind parameters for the widest table here. */
const CHUNK = 1000;
/** Lines per stock document (receipts, adjustments, transfers). */
const DOC_LINES = 150;
/** The least number of extra (budget) movements worth a day's restocking, transfer and adjustment documents. */
const MIN_EXTRA = 60;
/**
 * Shipments posted at once (separate transactions). Measured on the 2-core bench machine: 4 lanes gave no gain over
 * 1 (the CPU, not the database's latency, is the limit there), so the default is 1; a larger machine may raise it
 * with ERP_BENCH_LANES.
 */
const LANES = Math.max(1, Number(process.env.ERP_BENCH_LANES ?? 1) || 1);
/** Documents per transaction. */
const DOCS_PER_TX = 40;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

// ---- timing and progress ---------------------------------------------------------------------------------------

class Clock {
  readonly seconds: Record<string, number> = {};
  private readonly started = performance.now();
  async phase<T>(name: string, run: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      this.add(name, t0);
    }
  }
  add(name: string, since: number) {
    this.seconds[name] = (this.seconds[name] ?? 0) + (performance.now() - since) / 1000;
  }
  get total() {
    return (performance.now() - this.started) / 1000;
  }
}

export const formatSeconds = (s: number) =>
  s < 60 ? `${s.toFixed(1)} с` : `${Math.floor(s / 60)} хв ${String(Math.round(s % 60)).padStart(2, '0')} с`;
const grouped = (n: number) => n.toLocaleString('uk-UA');

/** Bulk loading: a lost last commit after a crash only means a rerun, so the WAL flush need not wait. */
const fastCommit = (tx: DbOrTx) => tx.execute(sql`set local synchronous_commit = off`);

async function insertChunked<T>(tx: DbOrTx, rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

// ---- the world: reference data --------------------------------------------------------------------------------

interface World {
  adminId: number;
  staff: { managers: number[]; storekeepers: number[]; everyone: number[] };
  companyVatPayer: boolean;
  companyId: number;
  wh: { main: number; goods: number; parts: number; branch: number; defects: number };
  unitIds: Map<string, number>;
  categoryIds: Map<string, number>;
  invoiceTypeId: number;
}

const staffSeed: Array<{ username: string; first: string; last: string; role: string }> = [
  { username: 'bench.sales1', first: 'Оксана', last: 'Гнатюк', role: 'Менеджер з продажу' },
  { username: 'bench.sales2', first: 'Максим', last: 'Левченко', role: 'Менеджер з продажу' },
  { username: 'bench.sales3', first: 'Юлія', last: 'Романюк', role: 'Менеджер з продажу' },
  { username: 'bench.sales4', first: 'Тарас', last: 'Зінченко', role: 'Менеджер з продажу' },
  { username: 'bench.sales5', first: 'Ганна', last: 'Остапчук', role: 'Менеджер з продажу' },
  { username: 'bench.sales6', first: 'Віктор', last: 'Карпенко', role: 'Менеджер з продажу' },
  { username: 'bench.store1', first: 'Богдан', last: 'Дячук', role: 'Комірник' },
  { username: 'bench.store2', first: 'Роман', last: 'Гаврилюк', role: 'Комірник' },
  { username: 'bench.account', first: 'Лариса', last: 'Федоренко', role: 'Бухгалтер' },
];

async function buildWorld(db: Db, log: (line: string) => void): Promise<World> {
  await resourceEngine.ensureSeeds(db);
  const [{ n: userCount }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(userCount) === 0) {
    const created = await ensureAdmin(db, {
      email: 'admin@example.com',
      password: process.env.ERP_ADMIN_PASSWORD ?? null,
    });
    if (created.generatedPassword) log(`Створено адміністратора: логін admin, пароль ${created.generatedPassword}`);
  }
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(sql`select u.id from users u join user_roles ur on ur.user_id = u.id
      join roles r on r.id = ur.role_id where r.is_system order by u.id limit 1`),
  );
  const adminId = Number(admin?.id ?? (await db.select({ id: users.id }).from(users).limit(1))[0]!.id);

  const roleIds = new Map((await db.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]));
  const passwordHash = await hashPassword(`bench-${Math.random()}`);
  const staffIds: Array<{ id: number; role: string }> = [];
  for (const s of staffSeed) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, s.username));
    let id = existing?.id;
    if (!id) {
      const [row] = await db
        .insert(users)
        .values({
          username: s.username,
          email: `${s.username}@example.com`,
          firstName: s.first,
          lastName: s.last,
          passwordHash,
        })
        .returning({ id: users.id });
      id = row!.id;
      const roleId = roleIds.get(s.role);
      if (roleId) await replaceUserRoles(db, id, [roleId]);
    }
    staffIds.push({ id, role: s.role });
  }

  const world = await db.transaction(async (tx) => {
    const insertIn = (route: string, values: Record<string, unknown>) =>
      resourceEngine.insertIn(tx, ctx, route, values);
    let [company] = await tx
      .select({ id: companies.id, isVatPayer: companies.isVatPayer })
      .from(companies)
      .where(eq(companies.isDefault, true))
      .limit(1);
    if (!company) {
      const row = await insertIn('/companies', {
        name: 'Промавтоматика',
        fullName: 'ТОВ «Промавтоматика»',
        legalForm: 'ТОВ',
        taxId: sampleEdrpou(900_000),
        isVatPayer: true,
        vatNumber: '412345678901',
        legalAddress: 'м. Вінниця, вул. Промислова, 12',
        isDefault: true,
      });
      company = { id: row.id, isVatPayer: true };
    }
    const whByCode = async (code: string, values: Record<string, unknown>) => {
      const [found] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, code));
      return found?.id ?? (await insertIn('/warehouses', { code, ...values })).id;
    };
    const [main] = await tx.select({ id: warehouses.id }).from(warehouses).orderBy(warehouses.id).limit(1);
    const wh = {
      main: main?.id ?? (await whByCode('ОСН', { name: 'Основний склад', type: 'general', isDefault: true })),
      goods: await whByCode('ГП', { name: 'Склад готової продукції', type: 'finished_goods', isDefault: true }),
      parts: await whByCode('КМП', { name: 'Склад комплектуючих', type: 'materials', isDefault: true }),
      branch: await whByCode('ЛВ', {
        name: 'Склад філії у Львові',
        type: 'general',
        address: 'м. Львів, вул. Городоцька, 174',
      }),
      defects: await whByCode('БРК', { name: 'Ізолятор браку', type: 'defects', includeInPlanning: false }),
    };
    const categoryIds = new Map<string, number>();
    for (const f of families) {
      if (categoryIds.has(f.category)) continue;
      const scope = f.kind === 'component' || f.kind === 'material' ? 'component' : 'product';
      const [found] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.scope, scope), sql`lower(btrim(${categories.name})) = lower(${f.category})`));
      const id =
        found?.id ??
        (await insertIn(scope === 'component' ? '/categories' : '/product-categories', { name: f.category })).id;
      categoryIds.set(f.category, id);
    }
    const unitIds = new Map(
      (await tx.select({ id: units.id, shortName: units.shortName }).from(units)).map((u) => [u.shortName, u.id]),
    );
    const [invoice] = await tx
      .select({ id: supplierDocumentTypes.id })
      .from(supplierDocumentTypes)
      .where(eq(supplierDocumentTypes.name, 'Видаткова накладна'));
    return {
      companyId: company.id,
      companyVatPayer: company.isVatPayer,
      wh,
      unitIds,
      categoryIds,
      invoiceTypeId: invoice!.id,
    };
  });
  const managers = staffIds.filter((s) => s.role === 'Менеджер з продажу').map((s) => s.id);
  const storekeepers = staffIds.filter((s) => s.role === 'Комірник').map((s) => s.id);
  return {
    ...world,
    adminId,
    staff: {
      managers: managers.length ? managers : [adminId],
      storekeepers,
      everyone: [adminId, ...staffIds.map((s) => s.id)],
    },
  };
}

// ---- items -----------------------------------------------------------------------------------------------------

const kindShare: Array<[Family['kind'], number]> = [
  ['product', 0.34],
  ['semi_finished', 0.06],
  ['service', 0.01],
  ['component', 0.45],
  ['material', 0.14],
];

/** The in-memory catalogue the year is simulated on (parallel arrays, index = local item number). */
interface Catalogue {
  id: Int32Array;
  kind: Family['kind'][];
  cost: Float64Array; // kopecks
  retail: Float64Array;
  wholesale: Float64Array;
  vat: string[];
  lot: Int32Array; // a typical purchase quantity
  saleQty: Int32Array; // a typical order quantity
  /** Local indexes by role. */
  sellable: number[];
  hot: number[];
  stockedGoods: number[];
  stockedParts: number[];
}

const manufacturers = [
  'STMicroelectronics',
  'Texas Instruments',
  'Microchip',
  'Nexperia',
  'Vishay',
  'Yageo',
  'Murata',
  'Weidmüller',
  'Phoenix Contact',
  'Omron',
  'Schneider Electric',
  'ABB',
  'Finder',
  'Hongfa',
  'Würth Elektronik',
  'Промелектрон',
  'Електроконтакт',
];

function itemKindOf(i: number, total: number): Family['kind'] {
  // Deterministic shares (not random) so every scale has every kind, the small one included.
  const x = (i + 0.5) / total;
  let acc = 0;
  for (const [kind, share] of kindShare) {
    acc += share;
    if (x < acc) return kind;
  }
  return 'component';
}

async function createItems(
  db: Db,
  world: World,
  n: number,
  r: Random,
  log: (line: string) => void,
): Promise<Catalogue> {
  const productRes = resourceEngine.resource('/products');
  const componentRes = resourceEngine.resource('/components');
  const productSchema = resourceEngine.createSchemaOf(productRes);
  const componentSchema = resourceEngine.createSchemaOf(componentRes);
  const byKind = new Map<Family['kind'], Family[]>();
  for (const f of families) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);

  const cat: Catalogue = {
    id: new Int32Array(n),
    kind: [],
    cost: new Float64Array(n),
    retail: new Float64Array(n),
    wholesale: new Float64Array(n),
    vat: [],
    lot: new Int32Array(n),
    saleQty: new Int32Array(n),
    sellable: [],
    hot: [],
    stockedGoods: [],
    stockedParts: [],
  };
  // Interleave kinds so the rows' creation times mix kinds like a real catalogue grown over time.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ((a * 7919) % n) - ((b * 7919) % n));
  const values: Array<Record<string, unknown>> = [];
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const kind = itemKindOf(i, n);
    const family = r.pick(byKind.get(kind)!);
    const variant = r.pick(family.variants);
    const [lo, hi] = family.cost;
    const costUah = lo * Math.pow(hi / lo, r.next());
    const cost = Math.max(10, Math.round(costUah * 100));
    const markup = 1.35 + r.next() * 0.45;
    const retail = Math.round(cost * markup);
    const wholesale = Math.round(cost * (1.15 + (markup - 1.35) * 0.5));
    const goods = kind === 'product' || kind === 'semi_finished' || kind === 'service';
    const withSeries = r.chance(0.75);
    const name = `${family.stem} ${variant}${withSeries ? ` «${r.pick(series)}-${r.int(1, 99)}»` : ''}`;
    const sku = `${family.code}-${String(100_000 + k)}`;
    const common: Record<string, unknown> = {
      kind,
      sku,
      name,
      categoryId: world.categoryIds.get(family.category),
      unitId: world.unitIds.get(family.unit) ?? world.unitIds.get('шт'),
      retailPrice: money(retail),
      stockControl: kind !== 'service',
      minStock: kind === 'product' ? String(r.int(2, 8)) : null,
    };
    let parsed: Record<string, unknown>;
    if (goods) {
      const barcode = kind === 'product' && r.chance(0.4) ? ean13(k) : null;
      parsed = productSchema.parse({
        ...common,
        wholesalePrice: money(wholesale),
        vatRate: family.vat ?? '20',
        barcode,
        warrantyMonths: kind === 'service' ? 0 : r.pick([12, 12, 24, 36]),
        leadTimeDays: kind === 'service' ? null : r.int(2, 21),
        description: r.chance(0.3) ? `${family.stem} для промислового застосування. Гарантія виробника.` : null,
      }) as Record<string, unknown>;
    } else {
      parsed = componentSchema.parse({
        ...common,
        manufacturer: r.pick(manufacturers),
        mpn: `${family.code}${r.int(1000, 99999)}-${r.pick(['T', 'TR', 'ND', 'LF', 'X'])}`,
        leadTimeDays: r.int(3, 45),
      }) as Record<string, unknown>;
    }
    values.push(parsed);
    cat.kind[k] = kind;
    cat.cost[k] = cost;
    cat.retail[k] = retail;
    cat.wholesale[k] = wholesale;
    cat.vat[k] = String(parsed.vatRate ?? '20');
    const cheap = costUah < 20;
    cat.lot[k] = goods ? r.int(5, 40) : cheap ? r.int(200, 3000) : r.int(20, 300);
    cat.saleQty[k] = goods ? r.int(1, 4) : cheap ? r.int(10, 200) : r.int(2, 30);
  }

  for (let base = 0; base < n; base += CHUNK) {
    const chunk = values.slice(base, base + CHUNK);
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      const inserted = await tx
        .insert(items)
        .values(chunk as Array<typeof items.$inferInsert>)
        .returning({ id: items.id });
      inserted.forEach((row, j) => (cat.id[base + j] = row.id));
      await tx.insert(auditLog).values(
        inserted.map((row, j) => ({
          userId: null,
          actor: ACTOR,
          action: 'import',
          entityType: 'items',
          entityId: String(row.id),
          after: { id: row.id, ...chunk[j] },
        })),
      );
    });
    if ((base / CHUNK) % 20 === 19) log(`  номенклатура: ${grouped(base + chunk.length)} з ${grouped(n)}`);
  }

  for (let k = 0; k < n; k++) {
    const kind = cat.kind[k]!;
    if (kind === 'product' || kind === 'semi_finished') cat.stockedGoods.push(k);
    if (kind === 'component' || kind === 'material') cat.stockedParts.push(k);
    if (kind === 'product' || kind === 'service' || (kind === 'component' && k % 5 === 0)) cat.sellable.push(k);
  }
  // The bestsellers: a few dozen products that appear on a large share of order lines (their ledger histories get
  // long, which is what the per-item movement filter is measured on).
  cat.hot = cat.stockedGoods.filter((k) => cat.kind[k] === 'product').slice(0, 40);
  return cat;
}

function ean13(n: number): string {
  const body = `482${String(100_000_000 + n).slice(-9)}`;
  return `${body}${gs1CheckDigit(body)}`;
}

// ---- counterparties --------------------------------------------------------------------------------------------

interface Parties {
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

async function createParties(
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

// ---- the year --------------------------------------------------------------------------------------------------

/** On hand and reserved per warehouse slot and local item index: the ledger's balances, mirrored. */
class Mirror {
  readonly onHand: Float64Array[];
  readonly reserved: Float64Array[];
  constructor(slots: number, n: number) {
    this.onHand = Array.from({ length: slots }, () => new Float64Array(n));
    this.reserved = Array.from({ length: slots }, () => new Float64Array(n));
  }
  move(slot: number, k: number, qty: number) {
    this.onHand[slot]![k] = this.onHand[slot]![k]! + qty;
  }
  reserve(slot: number, k: number, qty: number) {
    this.reserved[slot]![k] = this.reserved[slot]![k]! + qty;
  }
  available(slot: number, k: number) {
    return this.onHand[slot]![k]! - this.reserved[slot]![k]!;
  }
}

interface Pending {
  orderId: number;
  warehouseSlot: number;
  clientName: string;
  lines: Array<{
    lineId: number;
    k: number;
    qty: number;
    price: string;
    discount: string;
    vat: string;
    net: string;
    vatAmt: string;
    gross: string;
  }>;
}

interface Written {
  id: number;
  number: string;
  intents: LedgerIntent[];
}

interface StockDoc {
  type: LedgerDocumentType;
  date: string;
  /** Inserts the document with its lines (status posted) and answers the ledger document and its intents. */
  write?(tx: DbOrTx): Promise<Written>;
  /** A shipment: its rows, written with the rest of its group in one insert per table (writeGroup). */
  bulk?: {
    header: typeof shipments.$inferInsert;
    lines: Array<Omit<typeof shipmentLines.$inferInsert, 'shipmentId'>>;
    /** The ledger document and its intents once the rows have their ids (line ids in the order of `lines`). */
    written(id: number, lineIds: number[]): Written;
  };
  /** After posting: the line costs the service stores from the ledger's answer (shipment lines' COGS). */
  lineCosts?(posted: PostedMovement[]): Array<[lineId: number, unitCost: string]>;
}

function daysOf(today: string): string[] {
  return Array.from({ length: DAYS }, (_, d) => addDays(today, d - (DAYS - 1)));
}

/** Splits `total` over the days by weight (weekdays busy, weekends quiet), exactly. */
function spread(total: number, dates: string[]): number[] {
  const weights = dates.map((date) => {
    const wd = new Date(`${date}T12:00:00Z`).getUTCDay();
    return wd === 0 ? 0.15 : wd === 6 ? 0.35 : 1;
  });
  const sum = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  let given = 0;
  return weights.map((w) => {
    acc += (w / sum) * total;
    const upTo = Math.round(acc);
    const n = upTo - given;
    given = upTo;
    return n;
  });
}

function statusFor(age: number, r: Random): OrderStatus {
  const x = r.next();
  const pick = (table: Array<[OrderStatus, number]>) => {
    let acc = 0;
    for (const [status, p] of table) {
      acc += p;
      if (x < acc) return status;
    }
    return table[table.length - 1]![0];
  };
  if (age > 45)
    return pick([
      ['completed', 0.72],
      ['shipped', 0.12],
      ['cancelled', 0.1],
      ['partially_shipped', 0.03],
      ['draft', 0.03],
    ]);
  if (age > 7)
    return pick([
      ['shipped', 0.35],
      ['completed', 0.25],
      ['partially_shipped', 0.1],
      ['confirmed', 0.15],
      ['cancelled', 0.08],
      ['draft', 0.07],
    ]);
  return pick([
    ['draft', 0.3],
    ['confirmed', 0.45],
    ['partially_shipped', 0.1],
    ['shipped', 0.1],
    ['cancelled', 0.05],
  ]);
}

const LINE_COUNTS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5];

interface YearResult {
  movements: number;
  shipments: number;
  reservations: number;
}

async function simulateYear(
  db: Db,
  world: World,
  cat: Catalogue,
  parties: Parties,
  scale: DatasetScale,
  r: Random,
  clock: Clock,
  log: (line: string) => void,
): Promise<YearResult> {
  const n = cat.id.length;
  const slots = [world.wh.main, world.wh.goods, world.wh.parts, world.wh.branch, world.wh.defects];
  const [MAIN, GOODS, PARTS, BRANCH, DEFECTS] = [0, 1, 2, 3, 4] as const;
  const mirror = new Mirror(slots.length, n);
  const today = kyivToday();
  const dates = daysOf(today);
  const ordersPerDay = spread(scale.orders, dates);
  // Opening balances take a share of the movement budget; the rest spreads over the year.
  const openingItems = [...cat.stockedGoods, ...cat.stockedParts].slice(0, Math.floor(scale.movements * 0.12));
  const movementsPerDay = spread(Math.max(0, scale.movements - openingItems.length), dates);
  const lastPrice = new Map<string, { itemId: number; supplierId: number; price: string; date: string }>();
  const pendingByDay: Pending[][] = dates.map(() => []);
  let movements = 0;
  let shipmentsPosted = 0;
  let reservations = 0;
  let supplierDoc = 0;
  const invoiceValidity = orderSettingDefaults.invoiceValidityDays;

  const slotOfItem = (k: number) => (cat.kind[k] === 'component' || cat.kind[k] === 'material' ? PARTS : GOODS);
  const unitCostOf = (k: number) => money(cat.cost[k]! * (0.92 + r.next() * 0.16));

  // ---- document builders ----
  const receipt = (date: string, slot: number, lines: Array<{ k: number; qty: number }>): StockDoc => ({
    type: 'supplier_receipt',
    date,
    async write(tx) {
      const supplierId = parties.suppliers[r.skewed(parties.suppliers.length, 1.6)]!;
      const number = await nextNumber(tx, 'supplier_receipt', date);
      let net = dec(0);
      let vat = dec(0);
      let gross = dec(0);
      const priced = lines.map((l) => {
        const unitPrice = unitCostOf(l.k);
        const a = lineAmounts(dec(l.qty), dec(unitPrice), '20', false);
        net = add(net, a.net);
        vat = add(vat, a.vat);
        gross = add(gross, a.gross);
        // A VAT payer recovers VAT: the cost is the net price (no extra costs on these receipts).
        return { ...l, unitPrice, a };
      });
      supplierDoc += 1;
      const [doc] = await tx
        .insert(supplierReceipts)
        .values({
          number,
          documentDate: date,
          status: 'posted',
          supplierId,
          companyId: world.companyId,
          warehouseId: slots[slot]!,
          documentTypeId: world.invoiceTypeId,
          supplierDocNumber: `РН-${String(supplierDoc).padStart(6, '0')}`,
          supplierDocDate: date,
          totalNet: fixed(net, 2),
          totalVat: fixed(vat, 2),
          totalGross: fixed(gross, 2),
          totalUah: fixed(gross, 2),
          postedAt: new Date(`${date}T10:00:00Z`),
          createdAt: new Date(`${date}T09:00:00Z`),
        })
        .returning({ id: supplierReceipts.id });
      const lineRows = await tx
        .insert(supplierReceiptLines)
        .values(
          priced.map((l, i) => ({
            receiptId: doc!.id,
            lineNo: i + 1,
            itemId: cat.id[l.k]!,
            qty: fixed(dec(l.qty), 4),
            unitPrice: l.unitPrice,
            vatRate: '20',
            lineNet: fixed(l.a.net, 2),
            lineVat: fixed(l.a.vat, 2),
            lineGross: fixed(l.a.gross, 2),
            unitCost: l.unitPrice,
          })),
        )
        .returning({ id: supplierReceiptLines.id });
      for (const l of priced) {
        const itemId = cat.id[l.k]!;
        lastPrice.set(`${itemId}:${supplierId}`, { itemId, supplierId, price: l.unitPrice, date });
      }
      return {
        id: doc!.id,
        number,
        intents: priced.map((l, i) => ({
          kind: 'in' as const,
          itemId: cat.id[l.k]!,
          warehouseId: slots[slot]!,
          qty: String(l.qty),
          unitCost: l.unitPrice,
          lineId: lineRows[i]!.id,
        })),
      };
    },
  });

  const adjustment = (
    date: string,
    slot: number,
    reason: 'opening' | 'damage' | 'surplus_found' | 'correction',
    lines: Array<{ k: number; delta: number }>,
  ): StockDoc => ({
    type: 'adjustment',
    date,
    async write(tx) {
      const number = await nextNumber(tx, 'adjustment', date);
      const comment =
        reason === 'opening'
          ? 'Введення залишків на початок року'
          : reason === 'damage'
            ? 'Списання пошкодженого товару'
            : reason === 'surplus_found'
              ? 'Надлишок, виявлений під час перерахунку'
              : 'Коригування за результатами перевірки';
      const [doc] = await tx
        .insert(stockAdjustments)
        .values({
          number,
          documentDate: date,
          status: 'posted',
          warehouseId: slots[slot]!,
          reason,
          comment,
          postedAt: new Date(`${date}T16:00:00Z`),
          createdAt: new Date(`${date}T15:00:00Z`),
        })
        .returning({ id: stockAdjustments.id });
      const costs = lines.map((l) => (reason === 'opening' || l.delta > 0 ? unitCostOf(l.k) : null));
      const lineRows = await tx
        .insert(stockAdjustmentLines)
        .values(
          lines.map((l, i) => ({
            adjustmentId: doc!.id,
            lineNo: i + 1,
            itemId: cat.id[l.k]!,
            deltaQty: fixed(dec(l.delta), 4),
            unitCost: costs[i],
          })),
        )
        .returning({ id: stockAdjustmentLines.id });
      // The same intents as adjustmentIntents(): − out at the average, opening + at its own cost, other + at average.
      const intents = lines.map((l, i): LedgerIntent => {
        const base = { itemId: cat.id[l.k]!, warehouseId: slots[slot]!, lineId: lineRows[i]!.id };
        if (l.delta < 0) return { ...base, kind: 'out', qty: String(-l.delta) };
        if (reason === 'opening') return { ...base, kind: 'in', qty: String(l.delta), unitCost: costs[i]! };
        return { ...base, kind: 'in_at_average', qty: String(l.delta), unitCost: costs[i]! };
      });
      return { id: doc!.id, number, intents };
    },
  });

  const transfer = (date: string, from: number, to: number, lines: Array<{ k: number; qty: number }>): StockDoc => ({
    type: 'transfer',
    date,
    async write(tx) {
      const number = await nextNumber(tx, 'transfer', date);
      const [doc] = await tx
        .insert(warehouseTransfers)
        .values({
          number,
          documentDate: date,
          status: 'posted',
          fromWarehouseId: slots[from]!,
          toWarehouseId: slots[to]!,
          reason:
            to === BRANCH
              ? 'Поповнення складу філії'
              : to === GOODS
                ? 'Передача на склад готової продукції'
                : 'Внутрішнє переміщення',
          postedAt: new Date(`${date}T13:00:00Z`),
          createdAt: new Date(`${date}T12:00:00Z`),
        })
        .returning({ id: warehouseTransfers.id });
      const lineRows = await tx
        .insert(warehouseTransferLines)
        .values(
          lines.map((l, i) => ({
            transferId: doc!.id,
            lineNo: i + 1,
            itemId: cat.id[l.k]!,
            qty: fixed(dec(l.qty), 4),
          })),
        )
        .returning({ id: warehouseTransferLines.id });
      return {
        id: doc!.id,
        number,
        intents: lines.map((l, i) => ({
          kind: 'transfer' as const,
          itemId: cat.id[l.k]!,
          fromWarehouseId: slots[from]!,
          toWarehouseId: slots[to]!,
          qty: String(l.qty),
          lineId: lineRows[i]!.id,
        })),
      };
    },
  });

  const shipment = (date: string, p: Pending, number: string): StockDoc => {
    let lineIds: number[] = [];
    let gross = dec(0);
    for (const l of p.lines) gross = add(gross, dec(l.gross));
    return {
      type: 'shipment',
      date,
      bulk: {
        header: {
          number,
          shipmentDate: date,
          status: 'posted',
          orderId: p.orderId,
          warehouseId: slots[p.warehouseSlot]!,
          recipientName: p.clientName.slice(0, 100),
          declaredValue: fixed(gross, 2),
          description: 'Обладнання та комплектуючі',
          deliveryStatus: 'none',
          postedAt: new Date(`${date}T14:00:00Z`),
          createdAt: new Date(`${date}T11:00:00Z`),
        },
        lines: p.lines.map((l) => ({
          orderLineId: l.lineId,
          itemId: cat.id[l.k]!,
          qty: fixed(dec(l.qty), 4),
          unitPrice: l.price,
          discountPercent: l.discount,
          vatRate: l.vat,
          lineNet: l.net,
          lineVat: l.vatAmt,
          lineGross: l.gross,
        })),
        written(id, ids) {
          lineIds = ids;
          // Services have no stock: the service posts only the stocked lines.
          const intents: LedgerIntent[] = [];
          p.lines.forEach((l, i) => {
            if (cat.kind[l.k] === 'service') return;
            intents.push({
              kind: 'out',
              itemId: cat.id[l.k]!,
              warehouseId: slots[p.warehouseSlot]!,
              qty: String(l.qty),
              lineId: lineIds[i]!,
            });
          });
          return { id, number, intents };
        },
      },
      lineCosts(posted) {
        // COGS on the lines, as postShipment stores it (written for the whole group in one statement).
        const stocked = p.lines.map((l, i) => [l, lineIds[i]!] as const).filter(([l]) => cat.kind[l.k] !== 'service');
        return stocked.map(([, id], i) => [id, posted[i]!.unitCost]);
      },
    };
  };

  /**
   * Posts documents through postManyToLedger, each with all its lines: `perTx` documents per transaction and call,
   * `lanes` transactions at once. Parallel lanes post one document per transaction, so each transaction takes its item
   * locks in the ledger's one order and two lanes can only wait for each other, never deadlock.
   */
  const postAll = async (docs: StockDoc[], lanes = 1) => {
    const perTx = lanes > 1 ? 1 : DOCS_PER_TX;
    const groups: StockDoc[][] = [];
    for (let i = 0; i < docs.length; i += perTx) groups.push(docs.slice(i, i + perTx));
    let next = 0;
    const lane = async () => {
      while (next < groups.length) await postGroup(groups[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(lanes, groups.length) }, lane));
  };
  /** Writes a group's documents: each its own way, the shipments together (one insert for headers, one for lines). */
  const writeGroup = async (tx: DbOrTx, group: StockDoc[]): Promise<Written[]> => {
    const out: Written[] = [];
    const bulk: Array<[StockDoc, number]> = [];
    for (const [i, doc] of group.entries()) {
      if (doc.write) out[i] = await doc.write(tx);
      else bulk.push([doc, i]);
    }
    if (!bulk.length) return out;
    const heads = await tx
      .insert(shipments)
      .values(bulk.map(([doc]) => doc.bulk!.header))
      .returning({ id: shipments.id, number: shipments.number });
    const idOf = new Map(heads.map((h) => [h.number, h.id]));
    const lines = bulk.flatMap(([doc]) =>
      doc.bulk!.lines.map((l) => ({ ...l, shipmentId: idOf.get(doc.bulk!.header.number)! })),
    );
    const lineIds = new Map<number, number[]>();
    for (let at = 0; at < lines.length; at += CHUNK) {
      const rows = await tx
        .insert(shipmentLines)
        .values(lines.slice(at, at + CHUNK))
        .returning({ id: shipmentLines.id, shipmentId: shipmentLines.shipmentId });
      for (const r of rows) lineIds.set(r.shipmentId, [...(lineIds.get(r.shipmentId) ?? []), r.id]);
    }
    for (const [doc, i] of bulk) {
      const id = idOf.get(doc.bulk!.header.number)!;
      out[i] = doc.bulk!.written(id, lineIds.get(id) ?? []);
    }
    return out;
  };

  const postGroup = async (group: StockDoc[]) => {
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      const written = await writeGroup(tx, group);
      // The ledger's bulk path: the group's documents posted in order, each as postToLedger would post it alone.
      const posted = await postManyToLedger(
        tx,
        group.map((doc, i) => ({
          doc: { type: doc.type, id: written[i]!.id, number: written[i]!.number, date: doc.date, userId: null },
          intents: written[i]!.intents,
        })),
      );
      const costs = group.flatMap((doc, i) => doc.lineCosts?.(posted[i]!) ?? []);
      for (let at = 0; at < costs.length; at += CHUNK) {
        const values = sql.join(
          costs.slice(at, at + CHUNK).map(([id, cost]) => sql`(${id}::int, ${cost}::numeric)`),
          sql`, `,
        );
        await tx.execute(
          sql`update shipment_lines s set unit_cost = v.cost from (values ${values}) as v(id, cost) where s.id = v.id`,
        );
      }
      const auditRows = group.map((doc, i): typeof auditLog.$inferInsert => ({
        userId: null,
        actor: ACTOR,
        action: 'post',
        entityType: auditEntity[doc.type],
        entityId: String(written[i]!.id),
        after: { number: written[i]!.number, date: doc.date, status: 'posted', lines: written[i]!.intents.length },
      }));
      for (const doc of group) if (doc.type === 'shipment') shipmentsPosted += 1;
      movements += posted.reduce((n, p) => n + p.length, 0);
      if (auditRows.length) await tx.insert(auditLog).values(auditRows);
    });
  };

  /** Splits lines into documents of at most DOC_LINES. */
  const inDocs = <L>(lines: L[], make: (chunk: L[]) => StockDoc) => {
    const out: StockDoc[] = [];
    for (let i = 0; i < lines.length; i += DOC_LINES) out.push(make(lines.slice(i, i + DOC_LINES)));
    return out;
  };

  // ---- opening balances (the day before the year) ----
  const openingDate = addDays(dates[0]!, -1);
  await clock.phase('movements', async () => {
    const bySlot = new Map<number, Array<{ k: number; delta: number }>>();
    for (const k of openingItems) {
      const slot = slotOfItem(k);
      const qty = cat.lot[k]! * r.int(1, 3);
      mirror.move(slot, k, qty);
      bySlot.set(slot, [...(bySlot.get(slot) ?? []), { k, delta: qty }]);
    }
    const docs: StockDoc[] = [];
    for (const [slot, lines] of bySlot) docs.push(...inDocs(lines, (c) => adjustment(openingDate, slot, 'opening', c)));
    await postAll(docs);
  });
  log(`  залишки на початок року: ${grouped(movements)} рухів`);

  let ordersMade = 0;
  let lastLog = performance.now();
  for (let d = 0; d < DAYS; d++) {
    const date = dates[d]!;
    const age = DAYS - 1 - d;

    // ---- 1. the day's orders (created like createOrder, many per statement) ----
    const t0 = performance.now();
    const reserveNow: Array<{ lineId: number; k: number; slot: number; qty: number }> = [];
    const nOrders = ordersPerDay[d]!;
    if (nOrders > 0) {
      await db.transaction(async (tx) => {
        await fastCommit(tx);
        const planned = [];
        for (let o = 0; o < nOrders; o++) {
          const client = parties.clients[r.skewed(parties.clients.length, 2.2)]!;
          const status = statusFor(age, r);
          const slot = r.chance(0.8) ? GOODS : BRANCH;
          const nLines = r.pick(LINE_COUNTS);
          const chosen = new Set<number>();
          while (chosen.size < nLines) {
            const k = r.chance(0.1)
              ? cat.hot[r.skewed(cat.hot.length, 3)]!
              : cat.sellable[r.skewed(cat.sellable.length, 1.4)]!;
            chosen.add(k);
          }
          let net = dec(0);
          let vat = dec(0);
          let gross = dec(0);
          const lines = [...chosen].map((k) => {
            const qty = Math.max(1, Math.round(cat.saleQty[k]! * (0.5 + r.next())));
            const price = money(client.wholesale ? cat.wholesale[k]! : cat.retail[k]!);
            const discount = client.discount ?? '0';
            const vatRate = world.companyVatPayer ? cat.vat[k]! : '0';
            const a = lineAmounts(dec(qty), dec(price), vatRate, false, dec(discount));
            net = add(net, a.net);
            vat = add(vat, a.vat);
            gross = add(gross, a.gross);
            return {
              k,
              qty,
              price: fixed(dec(price), 6),
              discount: fixed(dec(discount), 2),
              vat: vatRate,
              net: fixed(a.net, 2),
              vatAmt: fixed(a.vat, 2),
              gross: fixed(a.gross, 2),
            };
          });
          const number = await nextNumber(tx, 'order', date);
          planned.push({ client, status, slot, lines, number, net, vat, gross });
        }
        const at = (h: number) => new Date(`${date}T${String(h).padStart(2, '0')}:00:00Z`);
        const orderRows = await tx
          .insert(orders)
          .values(
            planned.map((p) => ({
              orderNumber: p.number,
              orderDate: date,
              clientId: p.client.id,
              companyId: world.companyId,
              managerUserId: p.client.manager,
              status: p.status,
              warehouseId: slots[p.slot]!,
              dueDate: addDays(date, r.int(1, 14)),
              paymentDueDate: addDays(date, p.client.term > 0 ? p.client.term : invoiceValidity),
              paymentMethod: r.pick(['bank', 'bank', 'cash', 'cod']),
              source: r.chance(0.9) ? 'manual' : 'import',
              totalNet: fixed(p.net, 2),
              totalVat: fixed(p.vat, 2),
              totalGross: fixed(p.gross, 2),
              confirmedAt: p.status === 'draft' ? null : at(10),
              cancelledAt: p.status === 'cancelled' ? at(15) : null,
              cancelReason:
                p.status === 'cancelled' ? r.pick(['Клієнт відмовився', 'Знайшли дешевше', 'Дубль замовлення']) : null,
              createdAt: at(9),
              updatedAt: at(17),
            })),
          )
          .returning({ id: orders.id });
        const flat = planned.flatMap((p, o) => p.lines.map((l, i) => ({ o, i, l })));
        const lineIds: number[] = [];
        await insertChunked(tx, flat, async (chunk) => {
          const rows = await tx
            .insert(orderLines)
            .values(
              chunk.map(({ o, i, l }) => ({
                orderId: orderRows[o]!.id,
                lineNo: i + 1,
                itemId: cat.id[l.k]!,
                qty: fixed(dec(l.qty), 4),
                unitPrice: l.price,
                discountPercent: l.discount,
                vatRate: l.vat,
                lineNet: l.net,
                lineVat: l.vatAmt,
                lineGross: l.gross,
              })),
            )
            .returning({ id: orderLines.id });
          for (const row of rows) lineIds.push(row.id);
        });
        await tx.insert(auditLog).values(
          planned.map((p, o) => ({
            userId: null,
            actor: ACTOR,
            action: 'create',
            entityType: 'orders',
            entityId: String(orderRows[o]!.id),
            after: {
              orderNumber: p.number,
              orderDate: date,
              clientId: p.client.id,
              status: p.status,
              totalGross: fixed(p.gross, 2),
            },
          })),
        );
        let li = 0;
        planned.forEach((p, o) => {
          const withIds = p.lines.map((l) => ({ ...l, lineId: lineIds[li++]! }));
          const ship =
            p.status === 'shipped' || p.status === 'completed'
              ? withIds
              : p.status === 'partially_shipped'
                ? withIds.slice(0, Math.max(1, withIds.length - 1))
                : [];
          if (p.status === 'partially_shipped' && withIds.length === 1)
            ship[0] = { ...ship[0]!, qty: Math.max(1, Math.floor(ship[0]!.qty / 2)) };
          if (ship.length) {
            const day = Math.min(DAYS - 1, d + r.pick([0, 0, 1, 1, 2, 3]));
            pendingByDay[day]!.push({
              orderId: orderRows[o]!.id,
              warehouseSlot: p.slot,
              clientName: p.client.name,
              lines: ship,
            });
          }
          const open = p.status === 'confirmed' || p.status === 'partially_shipped';
          if (open && age <= 30) {
            const rest = p.status === 'confirmed' ? withIds : withIds.slice(ship.length);
            for (const l of rest)
              if (cat.kind[l.k] !== 'service') reserveNow.push({ lineId: l.lineId, k: l.k, slot: p.slot, qty: l.qty });
          }
        });
      });
      ordersMade += nOrders;
    }
    clock.add('orders', t0);

    // ---- 2. the day's stock documents ----
    const t1 = performance.now();
    const due = pendingByDay[d]!;
    // Demand per (slot, item) of today's shipments and reservations, against what is available.
    const need = new Map<string, { slot: number; k: number; qty: number }>();
    const want = (slot: number, k: number, qty: number) => {
      if (cat.kind[k] === 'service') return;
      const key = `${slot}:${k}`;
      const e = need.get(key) ?? { slot, k, qty: 0 };
      e.qty += qty;
      need.set(key, e);
    };
    for (const p of due) for (const l of p.lines) want(p.warehouseSlot, l.k, l.qty);
    for (const x of reserveNow) want(x.slot, x.k, x.qty);
    const refill = new Map<number, Array<{ k: number; qty: number }>>();
    const branchFromGoods: Array<{ k: number; qty: number }> = [];
    for (const e of need.values()) {
      const short = e.qty - mirror.available(e.slot, e.k);
      if (short <= 0) continue;
      const qty = short + cat.lot[e.k]!;
      const goodsNeed = need.get(`${GOODS}:${e.k}`)?.qty ?? 0;
      if (e.slot === BRANCH && mirror.available(GOODS, e.k) - goodsNeed >= qty) {
        branchFromGoods.push({ k: e.k, qty });
        continue;
      }
      refill.set(e.slot, [...(refill.get(e.slot) ?? []), { k: e.k, qty }]);
    }
    let planned = due.reduce((s, p) => s + p.lines.filter((l) => cat.kind[l.k] !== 'service').length, 0);
    for (const lines of refill.values()) planned += lines.length;
    planned += branchFromGoods.length * 2;
    // The rest of the day's movement budget: restocking receipts, transfers and adjustments.
    // The budget is cumulative, so a quiet day's small rest waits for a later day: documents stay of a useful size
    // (a small scale would otherwise make hundreds of one-line documents, all overhead).
    const owed = movementsPerDay.slice(0, d + 1).reduce((s, x) => s + x, 0) + openingItems.length - movements - planned;
    const budget = owed >= MIN_EXTRA || d === DAYS - 1 ? Math.max(0, owed) : 0;
    const extraReceipts = new Map<number, Array<{ k: number; qty: number }>>();
    const extraTransfers: Array<{ from: number; to: number; k: number; qty: number }> = [];
    const damage: Array<{ slot: number; k: number; delta: number }> = [];
    const surplus: Array<{ slot: number; k: number; delta: number }> = [];
    const inNeed = (slot: number, k: number) => need.has(`${slot}:${k}`);
    let left = budget;
    let guard = 0;
    while (left > 0 && guard++ < budget * 4 + 100) {
      const x = r.next();
      if (x < 0.55) {
        const goods = r.chance(0.45);
        const pool = goods ? cat.stockedGoods : cat.stockedParts;
        if (!pool.length) continue;
        const k = goods && r.chance(0.2) ? cat.hot[r.skewed(cat.hot.length, 2)]! : pool[r.skewed(pool.length, 1.3)]!;
        const slot = goods && r.chance(0.15) ? BRANCH : slotOfItem(k);
        const list = extraReceipts.get(slot) ?? [];
        if (list.some((l) => l.k === k) || refill.get(slot)?.some((l) => l.k === k)) continue;
        list.push({ k, qty: cat.lot[k]! });
        extraReceipts.set(slot, list);
        left -= 1;
      } else if (x < 0.85) {
        // Transfers move only stock nobody needs today: branch replenishment, parts to the main store, and back.
        const routes: Array<[number, number, number[]]> = [
          [GOODS, BRANCH, cat.stockedGoods],
          [PARTS, MAIN, cat.stockedParts],
          [MAIN, PARTS, cat.stockedParts],
          [BRANCH, GOODS, cat.stockedGoods],
        ];
        const [from, to, pool] = r.pick(routes);
        if (!pool.length) continue;
        const k =
          r.chance(0.2) && pool === cat.stockedGoods
            ? cat.hot[r.skewed(cat.hot.length, 2)]!
            : pool[r.skewed(pool.length, 1.3)]!;
        if (inNeed(from, k) || extraTransfers.some((t) => t.k === k && (t.from === from || t.to === from))) continue;
        const spare = Math.floor(mirror.available(from, k) * 0.4);
        if (spare < 1) continue;
        extraTransfers.push({ from, to, k, qty: spare });
        left -= 2;
      } else {
        const goods = r.chance(0.5);
        const pool = goods ? cat.stockedGoods : cat.stockedParts;
        if (!pool.length) continue;
        const k = pool[r.skewed(pool.length, 1.3)]!;
        const slot = slotOfItem(k);
        if (inNeed(slot, k) || damage.some((l) => l.k === k) || surplus.some((l) => l.k === k)) continue;
        const avail = mirror.available(slot, k);
        if (r.chance(0.6) && avail >= 2) damage.push({ slot, k, delta: -Math.max(1, Math.floor(avail * 0.05)) });
        else if (avail > 0) surplus.push({ slot, k, delta: Math.max(1, Math.floor(cat.lot[k]! * 0.1)) });
        else continue;
        left -= 1;
      }
    }

    // The day's documents in posting order: receipts, transfers, shipments, adjustments.
    const docs: StockDoc[] = [];
    const allReceipts = new Map<number, Array<{ k: number; qty: number }>>();
    for (const [slot, lines] of refill) allReceipts.set(slot, [...lines]);
    for (const [slot, lines] of extraReceipts) allReceipts.set(slot, [...(allReceipts.get(slot) ?? []), ...lines]);
    for (const [slot, lines] of allReceipts) {
      for (const l of lines) mirror.move(slot, l.k, l.qty);
      docs.push(...inDocs(lines, (c) => receipt(date, slot, c)));
    }
    // Branch replenishment for today's branch orders, then the other transfers (planned against the stock after it).
    for (const l of branchFromGoods) {
      mirror.move(GOODS, l.k, -l.qty);
      mirror.move(BRANCH, l.k, l.qty);
    }
    docs.push(...inDocs(branchFromGoods, (c) => transfer(date, GOODS, BRANCH, c)));
    const byRoute = new Map<string, Array<{ k: number; qty: number }>>();
    for (const t of extraTransfers) {
      const qty = Math.min(t.qty, Math.floor(mirror.available(t.from, t.k)));
      if (qty < 1) continue;
      mirror.move(t.from, t.k, -qty);
      mirror.move(t.to, t.k, qty);
      const key = `${t.from}>${t.to}`;
      byRoute.set(key, [...(byRoute.get(key) ?? []), { k: t.k, qty }]);
    }
    for (const [key, lines] of byRoute) {
      const [from, to] = key.split('>').map(Number) as [number, number];
      docs.push(...inDocs(lines, (c) => transfer(date, from, to, c)));
    }
    for (const p of due) {
      for (const l of p.lines) if (cat.kind[l.k] !== 'service') mirror.move(p.warehouseSlot, l.k, -l.qty);
    }
    // Shipment numbers are taken first, in one short transaction: the counter's row lock would otherwise serialise
    // the parallel lanes below (it is held to the end of the creating transaction, README §6).
    const shipmentNumbers = due.length
      ? await db.transaction(async (tx) => {
          const out: string[] = [];
          for (let i = 0; i < due.length; i++) out.push(await nextNumber(tx, 'shipment', date));
          return out;
        })
      : [];
    const shipmentDocs = due.map((p, i) => shipment(date, p, shipmentNumbers[i]!));
    const laterDocs: StockDoc[] = [];
    const adjustLines = new Map<string, Array<{ k: number; delta: number }>>();
    for (const a of [...damage, ...surplus]) {
      if (a.delta < 0 && mirror.available(a.slot, a.k) < -a.delta) continue;
      mirror.move(a.slot, a.k, a.delta);
      const key = `${a.slot}:${a.delta < 0 ? 'damage' : 'surplus_found'}`;
      adjustLines.set(key, [...(adjustLines.get(key) ?? []), { k: a.k, delta: a.delta }]);
    }
    for (const [key, lines] of adjustLines) {
      const [slot, reason] = key.split(':') as [string, 'damage' | 'surplus_found'];
      laterDocs.push(...inDocs(lines, (c) => adjustment(date, Number(slot), reason, c)));
    }
    // Posting order: receipts and transfers, then the shipments (outgoing only, so their order among themselves
    // cannot break the stock rule: several lanes), then adjustments.
    await postAll(docs);
    await postAll(shipmentDocs, LANES);
    await postAll(laterDocs);
    clock.add('movements', t1);

    // ---- 3. reservations of the day's confirmed orders, through the ledger ----
    const t2 = performance.now();
    if (reserveNow.length) {
      await db.transaction(async (tx) => {
        await fastCommit(tx);
        for (const x of reserveNow) {
          const qty = Math.min(x.qty, Math.floor(mirror.available(x.slot, x.k)));
          if (qty < 1) continue;
          await reserveStock(tx, {
            itemId: cat.id[x.k]!,
            warehouseId: slots[x.slot]!,
            qty: String(qty),
            sourceType: ORDER_LINE,
            sourceId: x.lineId,
          });
          mirror.reserve(x.slot, x.k, qty);
          reservations += 1;
        }
      });
    }
    clock.add('reservations', t2);

    if (performance.now() - lastLog > 15_000 || d === DAYS - 1) {
      lastLog = performance.now();
      log(
        `  ${date} (день ${d + 1} з ${DAYS}): замовлень ${grouped(ordersMade)}, рухів ${grouped(movements)}, резервів ${grouped(reservations)}, ${formatSeconds(clock.total)}`,
      );
    }
  }
  void DEFECTS;

  // The suppliers' last purchase prices, as postReceipt keeps them (one row per item and supplier).
  await clock.phase('movements', async () => {
    const rows = [...lastPrice.values()].map((p) => ({
      itemId: p.itemId,
      supplierId: p.supplierId,
      lastPrice: p.price,
      lastPriceCurrency: 'UAH',
      lastPriceDate: p.date,
    }));
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      await insertChunked(tx, rows, (chunk) => tx.insert(itemSuppliers).values(chunk));
    });
  });
  return { movements, shipments: shipmentsPosted, reservations };
}

const auditEntity: Record<LedgerDocumentType, string> = {
  supplier_receipt: 'supplier_receipts',
  shipment: 'shipments',
  transfer: 'warehouse_transfers',
  inventory_audit: 'inventory_audits',
  mo_issue: 'mo_issues',
  mo_output: 'mo_outputs',
  assembly: 'assemblies',
  disassembly: 'disassemblies',
  repair_parts: 'repair_parts',
  adjustment: 'stock_adjustments',
};

// ---- notifications ---------------------------------------------------------------------------------------------

async function fillNotifications(db: Db, world: World, parties: Parties, target: number, r: Random) {
  const [{ n }] = (await db.select({ n: count() }).from(notifications)) as [{ n: number }];
  const missing = target - Number(n);
  if (missing <= 0) return;
  const today = kyivToday();
  const orderNumbers = rowsOf<{ order_number: string }>(
    await db.execute(sql`select order_number from orders order by id desc limit 2000`),
  ).map((x) => x.order_number);
  const rows: Array<typeof notifications.$inferInsert> = [];
  for (let i = 0; i < missing; i++) {
    const t = r.pick(notificationTemplates);
    // The administrator gets the largest feed (the bench signs in as him); the managers share the rest.
    const userId = r.chance(0.4) ? world.adminId : r.pick(world.staff.everyone);
    const ageDays = Math.floor(365 * Math.pow(r.next(), 2));
    const at = new Date(
      `${addDays(today, -ageDays)}T${String(r.int(7, 19)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00Z`,
    );
    const read = ageDays > 3 ? r.chance(0.9) : r.chance(0.3);
    const client = parties.clients[r.skewed(parties.clients.length, 2)]!;
    const number = orderNumbers.length ? r.pick(orderNumbers) : 'ORD';
    rows.push({
      userId,
      type: t.type,
      priority: t.priority,
      title: t.title,
      message: t.message(number, client.name),
      actionUrl: t.url,
      isRead: read,
      readAt: read ? at : null,
      isResolved: ageDays > 30,
      resolvedAt: ageDays > 30 ? at : null,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      await tx.insert(notifications).values(rows.slice(i, i + CHUNK));
    });
  }
}

// ---- entry point -----------------------------------------------------------------------------------------------

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

  const { counts, sample } = await clock.phase('verify', async () => {
    await db.execute(sql`analyze`);
    const check = await checkLedger(db);
    if (!check.ok) throw new Error(`Облік запасів не сходиться: ${check.problems.slice(0, 5).join('; ')}`);
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
    `Перевірка обліку (залишки = сума рухів, собівартість, резерви) — гаразд, ${formatSeconds(clock.seconds.verify!)}`,
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
