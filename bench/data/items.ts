// The catalogue: products, semi-finished goods, services, components and materials. The engine's per-row create is
// ~6 statements a row, so the rows are validated one by one with the very schema the API and the import use
// (createSchemaOf, cross-field rules included) and then written with multi-row inserts, one 'import' audit record per
// row like the engine's import. What the year needs of each item (cost, prices, lot sizes, role) stays in memory.
import type { Db } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { gs1CheckDigit } from '@/shared/requisites.ts';
import { ACTOR, CHUNK, fastCommit, grouped } from './bulk.ts';
import { money, type Random } from './random.ts';
import { families, series, type Family } from './words.ts';
import type { World } from './world.ts';

const kindShare: Array<[Family['kind'], number]> = [
  ['product', 0.34],
  ['semi_finished', 0.06],
  ['service', 0.01],
  ['component', 0.45],
  ['material', 0.14],
];

/** The in-memory catalogue the year is simulated on (parallel arrays, index = local item number). */
export interface Catalogue {
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

export async function createItems(
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
