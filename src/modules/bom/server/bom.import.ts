// `POST /api/bom/import` (production.md §1): a CSV or XLSX file — or legacy XML pairs — of rows 'parent SKU,
// component SKU, qty, scrap, designators' (optionally a unit and a BOM name) becomes one new BOM per parent (and
// name). All or nothing: every wrong row is named in Ukrainian ('Рядок N: …') and nothing is written.
import { eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { Sheet } from '@/resources/_engine/server/tabular.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { bomMessages, type BomCreateBody, type BomImportResult } from '../bom.contract.ts';
import { toStockUnit } from '@/shared/unit-conversion.ts';
import { cellDecimal, importColumnIndexes } from './bom.calc.ts';
import { isMadeKind } from './bom.rollup.ts';
import { BOM_ENTITY } from './bom.read.ts';
import { createBomIn } from './bom.write.ts';
import { boms } from './bom.table.ts';

const MAX_ROWS = 5000;
const key = (text: string) => text.trim().toLowerCase();

const kyivToday = () =>
  new Intl.DateTimeFormat('uk-UA', { timeZone: 'Europe/Kyiv', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replace(/\//g, '.');

export async function importBoms(
  db: DbOrTx,
  ctx: AuditContext,
  sheet: Sheet,
  opts: { status: 'draft' | 'active' },
): Promise<BomImportResult> {
  const cols = importColumnIndexes(sheet.headers);
  if (cols.parent < 0 || cols.component < 0 || cols.qty < 0) throw new DomainError(400, bomMessages.importColumns);
  const rows = sheet.rows
    .map((cells, i) => ({ cells, rowNo: i + 2 })) // the header is row 1
    .filter(({ cells }) => cells.some((c) => c !== null && String(c).trim() !== ''));
  if (!rows.length) throw new DomainError(400, bomMessages.importEmpty);
  if (rows.length > MAX_ROWS) throw new DomainError(400, bomMessages.importTooMany);
  const text = (cells: (typeof rows)[number]['cells'], at: number) => (at < 0 ? '' : String(cells[at] ?? '').trim());

  return db.transaction(async (tx) => {
    const skus = [...new Set(rows.flatMap(({ cells }) => [text(cells, cols.parent), text(cells, cols.component)]))]
      .filter(Boolean)
      .map(key);
    const found = skus.length
      ? await tx
          .select({
            id: items.id,
            sku: items.sku,
            kind: items.kind,
            isActive: items.isActive,
            unitId: items.unitId,
          })
          .from(items)
          .where(inArray(sql`lower(btrim(${items.sku}))`, skus))
      : [];
    const bySku = new Map(found.map((i) => [key(i.sku), i]));
    const unitRows = await tx
      .select({ id: units.id, name: units.name, shortName: units.shortName, type: units.type, factor: units.factor })
      .from(units);
    const unitById = new Map(unitRows.map((u) => [u.id, u]));
    const unitByName = new Map<string, (typeof unitRows)[number]>();
    for (const u of unitRows) {
      unitByName.set(key(u.name), u);
      unitByName.set(key(u.shortName), u);
    }

    const fields: Record<string, string> = {};
    const groups = new Map<
      string,
      { itemId: number; sku: string; name: string | null; lines: BomCreateBody['lines'] }
    >();
    for (const { cells, rowNo } of rows) {
      const problems: string[] = [];
      const parentCode = text(cells, cols.parent);
      const componentCode = text(cells, cols.component);
      const parent = parentCode ? bySku.get(key(parentCode)) : undefined;
      const component = componentCode ? bySku.get(key(componentCode)) : undefined;
      if (!parentCode) problems.push(bomMessages.importNoParent);
      else if (!parent) problems.push(bomMessages.importUnknown(parentCode));
      else if (!isMadeKind(parent.kind)) problems.push(`${parent.sku}: ${bomMessages.notMade.toLowerCase()}`);
      if (!componentCode) problems.push(bomMessages.importNoComponent);
      else if (!component) problems.push(bomMessages.importUnknown(componentCode));
      else if (component.kind === 'service') problems.push(bomMessages.componentService.toLowerCase());
      else if (parent && component.id === parent.id) problems.push(bomMessages.componentSelf.toLowerCase());
      else if (!component.isActive) problems.push(bomMessages.componentInactive(component.sku));
      const qty = cellDecimal(cols.qty < 0 ? null : cells[cols.qty], 6);
      if (!qty || !/[1-9]/.test(qty)) problems.push(bomMessages.importQty);
      const scrapText = text(cells, cols.scrap).replace(/%$/, '').trim();
      const scrap = scrapText === '' ? '0' : cellDecimal(scrapText, 2);
      if (scrap === null || Number(scrap.split('.')[0]) >= 100) problems.push(bomMessages.importScrap);
      const unitText = text(cells, cols.unit);
      const unit = unitText ? unitByName.get(key(unitText)) : undefined;
      if (unitText && !unit) problems.push(bomMessages.importUnit(unitText));
      if (unit && component && qty && /[1-9]/.test(qty)) {
        const stock = unitById.get(component.unitId);
        const converted = stock ? toStockUnit(qty, unit, stock, 6) : null;
        if (converted && !converted.ok) problems.push(converted.error);
      }
      if (problems.length) {
        fields[`rows.${rowNo}`] = bomMessages.importRow(rowNo, problems.join('; '));
        continue;
      }
      const bomName = text(cells, cols.bomName) || null;
      const groupKey = `${parent!.id}|${bomName ?? ''}`;
      let group = groups.get(groupKey);
      if (!group) {
        group = { itemId: parent!.id, sku: parent!.sku, name: bomName, lines: [] };
        groups.set(groupKey, group);
      }
      group.lines.push({
        componentItemId: component!.id,
        qty: qty!,
        unitId: unit?.id ?? null,
        scrapPercent: scrap!,
        designators: text(cells, cols.designators) || null,
        notes: null,
      });
    }
    if (Object.keys(fields).length) {
      const errors = Object.values(fields);
      throw new DomainError(400, bomMessages.importFailed(errors.length, errors[0]!), fields);
    }

    const result: BomImportResult['boms'] = [];
    const defaultName = `Імпорт ${kyivToday()}`;
    for (const group of groups.values()) {
      const id = await createBomIn(tx, ctx, {
        itemId: group.itemId,
        name: group.name ?? defaultName,
        outputQty: '1',
        status: opts.status,
        notes: null,
        lines: group.lines,
      });
      const [row] = await tx.select({ isDefault: boms.isDefault }).from(boms).where(eq(boms.id, id));
      result.push({
        id,
        itemId: group.itemId,
        sku: group.sku,
        name: group.name ?? defaultName,
        lineCount: group.lines.length,
        isDefault: row?.isDefault ?? false,
      });
    }
    await audit(tx, ctx, { action: 'import', entityType: BOM_ENTITY, entityId: null, after: { boms: result } });
    return { boms: result };
  });
}
