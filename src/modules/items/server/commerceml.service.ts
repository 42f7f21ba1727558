// CommerceML import for /products (reference-data.md §16): groups become product categories, goods become items,
// offers set the retail and wholesale prices. Other systems' ids live in external_refs, so a second import updates
// what the first created. The whole file runs in one transaction: a dry run, or a file with any error, rolls back —
// so the dry run reports exactly what the commit would do, and nothing is half-written.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { checkBarcode } from '@/shared/requisites.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { externalRefs } from '@/server/kernel/platform.table.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createSchema, updateSchema } from '@/resources/_engine/define-resource.ts';
import { importRuns } from '@/resources/_engine/import-runs.table.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { productKinds, productsResource } from '@/resources/items/items.resource.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { mapPriceTypes, parseCommerceMl, type CmlDocument } from './commerceml.ts';

export const SYSTEM = 'bas';

export interface CmlRow {
  entity: 'group' | 'product' | 'offer';
  externalId: string;
  name: string;
  status: 'new' | 'update' | 'error';
  messages: string[];
}

export interface CmlResult {
  dryRun: boolean;
  committed: boolean;
  counts: { new: number; update: number; error: number };
  rows: CmlRow[];
}

export const cmlMessages = {
  noSku: 'Немає артикула',
  noName: 'Немає назви',
  unit: (unit: string) => `Одиницю «${unit}» не знайдено — додайте її в довідник «Одиниці виміру»`,
  noUnit: 'Не вказано базову одиницю',
  skuOfComponent: (sku: string) => `Артикул «${sku}» належить компоненту, а не товару`,
  skuTwice: (sku: string) => `Артикул «${sku}» у файлі повторюється`,
  barcodeTaken: 'Такий штрих-код уже має інший товар',
  unknownOffer: 'Товар з таким Ид не знайдено — спершу імпортуйте import.xml',
  noPriceTypes: 'У файлі немає типів цін «Роздрібна» чи «Оптова»',
  badPrice: 'Ціна має бути числом',
  conflict: 'Файл суперечить наявним записам (повторна назва чи код) — перевірте його і спробуйте ще раз',
} as const;

class Rollback extends Error {
  readonly result: CmlResult;
  constructor(result: CmlResult) {
    super('rollback');
    this.result = result;
  }
}

async function refsOf(tx: DbOrTx, entityType: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ externalId: externalRefs.externalId, localId: externalRefs.localId })
    .from(externalRefs)
    .where(and(eq(externalRefs.system, SYSTEM), eq(externalRefs.entityType, entityType)));
  return new Map(rows.map((r) => [r.externalId, r.localId]));
}

async function link(tx: DbOrTx, entityType: string, externalId: string, localId: number) {
  await tx
    .insert(externalRefs)
    .values({ system: SYSTEM, entityType, externalId, localId })
    .onConflictDoUpdate({
      target: [externalRefs.system, externalRefs.entityType, externalRefs.externalId],
      set: { localId },
    });
}

/** The first Ukrainian message of a failed schema check. */
function schemaError(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Некоректні дані');
}

async function importGroups(tx: DbOrTx, ctx: AuditContext, doc: CmlDocument, rows: CmlRow[]) {
  const refs = await refsOf(tx, 'product_category');
  const byName = await resourceEngine.idsByLabel(tx, '/product-categories');
  for (const group of doc.groups) {
    const row: CmlRow = { entity: 'group', externalId: group.id, name: group.name, status: 'new', messages: [] };
    rows.push(row);
    const parentId = group.parentId ? (refs.get(group.parentId) ?? null) : null;
    const known = refs.get(group.id) ?? byName.get(group.name.trim().toLowerCase());
    if (known !== undefined) {
      row.status = 'update';
      const [current] = await tx.select().from(categories).where(eq(categories.id, known));
      if (current && (current.name !== group.name || current.parentId !== parentId)) {
        const clash = byName.get(group.name.trim().toLowerCase());
        await resourceEngine.updateIn(tx, ctx, '/product-categories', known, {
          ...(clash === undefined || clash === known ? { name: group.name } : {}),
          parentId: parentId === known ? null : parentId,
        });
      }
      await link(tx, 'product_category', group.id, known);
      refs.set(group.id, known);
      continue;
    }
    const created = await resourceEngine.insertIn(tx, ctx, '/product-categories', { name: group.name, parentId });
    byName.set(group.name.trim().toLowerCase(), created.id);
    refs.set(group.id, created.id);
    await link(tx, 'product_category', group.id, created.id);
  }
}

async function importProducts(tx: DbOrTx, ctx: AuditContext, doc: CmlDocument, rows: CmlRow[]) {
  const itemRefs = await refsOf(tx, 'item');
  const groupRefs = await refsOf(tx, 'product_category');
  const unitRows = await tx
    .select({ id: units.id, shortName: units.shortName, name: units.name, code: units.classifierCode })
    .from(units);
  const unitOf = (p: CmlDocument['products'][number]) =>
    unitRows.find(
      (u) =>
        (p.unitText && u.shortName.toLowerCase() === p.unitText.toLowerCase().replace(/\.$/, '')) ||
        (p.unitFullName && u.name.toLowerCase() === p.unitFullName.toLowerCase()) ||
        (p.unitCode && u.code === p.unitCode),
    )?.id;
  const skus = [...new Set(doc.products.map((p) => p.sku?.trim().toLowerCase()).filter((s): s is string => !!s))];
  const bySku = new Map(
    (skus.length
      ? await tx
          .select({ id: items.id, sku: items.sku, kind: items.kind })
          .from(items)
          .where(inArray(sql`lower(btrim(${items.sku}))`, skus))
      : []
    ).map((i) => [i.sku.trim().toLowerCase(), i]),
  );
  const create = createSchema(productsResource);
  const change = updateSchema(productsResource);
  const seen = new Set<string>();

  for (const p of doc.products) {
    const row: CmlRow = {
      entity: 'product',
      externalId: p.id,
      name: p.name ?? p.sku ?? p.id,
      status: 'new',
      messages: [],
    };
    rows.push(row);
    const sku = p.sku?.trim() ?? '';
    if (!sku) row.messages.push(cmlMessages.noSku);
    if (!p.name) row.messages.push(cmlMessages.noName);
    const unitId = unitOf(p);
    if (unitId === undefined)
      row.messages.push(
        p.unitText || p.unitFullName ? cmlMessages.unit(p.unitText ?? p.unitFullName!) : cmlMessages.noUnit,
      );
    if (p.barcode && !checkBarcode(p.barcode).ok)
      row.messages.push((checkBarcode(p.barcode) as { error: string }).error);
    if (sku && seen.has(sku.toLowerCase())) row.messages.push(cmlMessages.skuTwice(sku));
    seen.add(sku.toLowerCase());

    const refId = itemRefs.get(p.id);
    const skuMatch = bySku.get(sku.toLowerCase());
    const existingId =
      refId ?? (skuMatch && (productKinds as readonly string[]).includes(skuMatch.kind) ? skuMatch.id : undefined);
    if (skuMatch && existingId !== skuMatch.id && !(productKinds as readonly string[]).includes(skuMatch.kind)) {
      row.messages.push(cmlMessages.skuOfComponent(sku));
    }
    if (p.barcode) {
      const [other] = await tx.select({ id: items.id }).from(items).where(eq(items.barcode, p.barcode)).limit(1);
      if (other && other.id !== existingId) row.messages.push(cmlMessages.barcodeTaken);
    }
    const values: Record<string, unknown> = {
      sku,
      name: p.name ?? '',
      unitId,
      categoryId: p.groupId ? (groupRefs.get(p.groupId) ?? null) : null,
      ...(p.barcode ? { barcode: p.barcode } : {}),
      ...(p.description ? { description: p.description } : {}),
    };
    const checked = existingId === undefined ? create.safeParse(values) : change.safeParse(values);
    const problem = row.messages.length ? null : schemaError(checked);
    if (problem) row.messages.push(problem);
    if (row.messages.length) {
      row.status = 'error';
      continue;
    }
    if (existingId === undefined) {
      const created = await resourceEngine.insertIn(tx, ctx, '/products', { ...values, kind: 'product' });
      await link(tx, 'item', p.id, created.id);
    } else {
      row.status = 'update';
      await resourceEngine.updateIn(tx, ctx, '/products', existingId, values);
      await link(tx, 'item', p.id, existingId);
    }
  }
}

async function importOffers(tx: DbOrTx, ctx: AuditContext, doc: CmlDocument, rows: CmlRow[]) {
  if (!doc.offers.length) return;
  const { retail, wholesale } = mapPriceTypes(doc.priceTypes);
  const itemRefs = await refsOf(tx, 'item');
  const change = updateSchema(productsResource);
  for (const offer of doc.offers) {
    // An offer of a product characteristic is '<product>#<characteristic>'; its price belongs to the product.
    const productId = offer.id.split('#')[0]!;
    const row: CmlRow = { entity: 'offer', externalId: offer.id, name: offer.id, status: 'update', messages: [] };
    rows.push(row);
    if (!retail && !wholesale) row.messages.push(cmlMessages.noPriceTypes);
    const itemId = itemRefs.get(productId);
    if (itemId === undefined) row.messages.push(cmlMessages.unknownOffer);
    const values: Record<string, unknown> = {};
    for (const price of offer.prices) {
      if (price.priceTypeId === retail) values.retailPrice = price.price;
      if (price.priceTypeId === wholesale) values.wholesalePrice = price.price;
    }
    const problem = schemaError(change.safeParse(values));
    if (problem) row.messages.push(`${cmlMessages.badPrice}: ${problem}`);
    if (row.messages.length || itemId === undefined) {
      row.status = 'error';
      continue;
    }
    const [item] = await tx.select({ name: items.name }).from(items).where(eq(items.id, itemId));
    row.name = item?.name ?? row.name;
    if (Object.keys(values).length) await resourceEngine.updateIn(tx, ctx, '/products', itemId, values);
  }
}

export async function importCommerceMl(
  db: Db,
  ctx: AuditContext,
  xml: string,
  options: { dryRun: boolean; fileName: string | null },
): Promise<CmlResult> {
  const doc = parseCommerceMl(xml);
  try {
    return await db.transaction(async (tx) => {
      const rows: CmlRow[] = [];
      await importGroups(tx, ctx, doc, rows);
      await importProducts(tx, ctx, doc, rows);
      await importOffers(tx, ctx, doc, rows);
      const counts = {
        new: rows.filter((r) => r.status === 'new').length,
        update: rows.filter((r) => r.status === 'update').length,
        error: rows.filter((r) => r.status === 'error').length,
      };
      const result: CmlResult = { dryRun: options.dryRun, committed: false, counts, rows };
      if (options.dryRun || counts.error > 0) throw new Rollback(result);
      const [run] = await tx
        .insert(importRuns)
        .values({
          resource: '/products',
          fileName: options.fileName,
          created: counts.new,
          updated: counts.update,
          userId: ctx.userId,
        })
        .returning({ id: importRuns.id });
      await audit(tx, ctx, {
        action: 'import',
        entityType: 'items',
        entityId: run!.id,
        after: { format: 'commerceml', fileName: options.fileName, ...counts },
      });
      return { ...result, committed: true };
    });
  } catch (err) {
    if (err instanceof Rollback) return err.result;
    if (uniqueViolation(err)) throw new DomainError(409, cmlMessages.conflict);
    throw err;
  }
}

/** Decodes an uploaded XML file by its declared encoding (BAS still writes windows-1251 at times). */
export function decodeXml(data: Buffer): string {
  const head = data.subarray(0, 200).toString('latin1');
  const encoding = /encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  const decoder = new TextDecoder(encoding === 'utf8' ? 'utf-8' : encoding, { fatal: false });
  return decoder.decode(data).replace(/^\uFEFF/, '');
}
