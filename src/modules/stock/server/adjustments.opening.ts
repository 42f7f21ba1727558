// Adjustments (ADJ, warehouse.md §1), opening balances from a CSV or XLSX file: one draft 'opening' ADJ per warehouse
// (and per stock page if the file mixes kinds), all or nothing, every row's error in Ukrainian.
import { sql } from 'drizzle-orm';
import { textArray } from '@/server/kernel/sql-arrays.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { Sheet } from '@/resources/_engine/server/tabular.ts';
import { adjustmentMessages as msg, type Adjustment } from '../adjustments.contract.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { type AdjustmentMount, ENTITY, getAdjustment, mountOfKind } from './adjustments.read.ts';
import { type LineRow, insertDraft } from './adjustments.write.ts';

// ---- opening balances ------------------------------------------------------------------------------------------

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[\s_.\-–—]+/g, '');
const columnAliases = {
  sku: { label: 'SKU', names: ['sku', 'артикул', 'код товару'] },
  warehouse: {
    label: 'Код складу',
    names: ['warehousecode', 'warehouse', 'кодскладу', 'склад', 'складкод'],
  },
  qty: { label: 'Кількість', names: ['qty', 'quantity', 'кількість', 'кть', 'к-сть'] },
  unitCost: {
    label: 'Ціна одиниці',
    names: ['unitcost', 'cost', 'ціна', 'ціна одиниці', 'собівартість', 'ціназаодиницю', 'цінаод'],
  },
} as const;

const cellText = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());
const decimalCell = (cell: unknown, scale: number): string | null => {
  const text = cellText(cell).replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) || (text.split('.')[1]?.length ?? 0) > scale) return null;
  return text;
};

/**
 * Reads an opening-balance file (SKU, warehouse code, qty, unit cost; serials ignored for now) into one draft
 * `opening` adjustment per warehouse (and per stock page when the file mixes products and components). All or
 * nothing: any bad row refuses the file with every row's error.
 */
export async function importOpeningBalances(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  sheet: Sheet,
  allowedKinds: readonly string[],
): Promise<Adjustment[]> {
  const index: Record<keyof typeof columnAliases, number> = { sku: -1, warehouse: -1, qty: -1, unitCost: -1 };
  const headers = sheet.headers.map(normaliseHeader);
  for (const [key, def] of Object.entries(columnAliases) as Array<
    [keyof typeof columnAliases, { label: string; names: readonly string[] }]
  >) {
    index[key] = headers.findIndex((h) => def.names.map(normaliseHeader).includes(h));
    if (index[key] < 0) throw new DomainError(400, msg.importColumn(def.label));
  }
  const rows = sheet.rows.filter((r) => r.some((c) => cellText(c) !== ''));
  if (!rows.length) throw new DomainError(400, msg.importEmpty);

  return db.transaction(async (tx) => {
    const skus = [...new Set(rows.map((r) => cellText(r[index.sku]).toLowerCase()).filter(Boolean))];
    const codes = [...new Set(rows.map((r) => cellText(r[index.warehouse]).toLowerCase()).filter(Boolean))];
    const itemRows = skus.length
      ? await tx
          .select({ id: items.id, sku: items.sku, kind: items.kind })
          .from(items)
          .where(sql`lower(btrim(${items.sku})) = any(${textArray(skus)})`)
      : [];
    const warehouseRows = codes.length
      ? await tx
          .select({ id: warehouses.id, code: warehouses.code })
          .from(warehouses)
          .where(sql`lower(btrim(${warehouses.code})) = any(${textArray(codes)})`)
      : [];
    const itemBySku = new Map(itemRows.map((i) => [i.sku.trim().toLowerCase(), i]));
    const warehouseByCode = new Map(warehouseRows.map((w) => [w.code.trim().toLowerCase(), w]));

    const errors: string[] = [];
    const seen = new Map<string, number>();
    /** Drafts by warehouse and page, in the file's order. */
    const groups = new Map<string, { warehouseId: number; lines: LineRow[] }>();
    rows.forEach((row) => {
      const rowNo = sheet.rows.indexOf(row) + 2; // the header is row 1
      const problems: string[] = [];
      const skuText = cellText(row[index.sku]);
      const codeText = cellText(row[index.warehouse]);
      const item = skuText ? itemBySku.get(skuText.toLowerCase()) : undefined;
      const warehouse = codeText ? warehouseByCode.get(codeText.toLowerCase()) : undefined;
      if (!skuText) problems.push(msg.rowSkuEmpty);
      else if (!item) problems.push(msg.rowSku(skuText));
      else if (item.kind === 'service') problems.push(msg.rowService(item.sku));
      else if (!allowedKinds.includes(item.kind)) problems.push(msg.rowKind(item.sku, mountOfKind(item.kind).title));
      if (!codeText) problems.push(msg.rowWarehouseEmpty);
      else if (!warehouse) problems.push(msg.rowWarehouse(codeText));
      const qty = decimalCell(row[index.qty], 4);
      if (qty === null || !/[1-9]/.test(qty)) problems.push(msg.rowQty);
      const unitCost = decimalCell(row[index.unitCost], 6);
      if (unitCost === null) problems.push(msg.rowCost);
      if (item && warehouse) {
        const key = `${item.id}:${warehouse.id}`;
        const first = seen.get(key);
        if (first !== undefined) problems.push(msg.rowDuplicate(item.sku, first));
        else seen.set(key, rowNo);
      }
      if (problems.length) {
        errors.push(msg.row(rowNo, problems.join('; ')));
        return;
      }
      const groupKey = `${warehouse!.id}:${mountOfKind(item!.kind).route}`;
      const group = groups.get(groupKey) ?? { warehouseId: warehouse!.id, lines: [] };
      group.lines.push({
        itemId: item!.id,
        deltaQty: fixed(dec(qty!), 4),
        countedQty: null,
        unitCost: fixed(dec(unitCost!), 6),
        notes: null,
      });
      groups.set(groupKey, group);
    });
    if (errors.length) {
      const fields = Object.fromEntries(errors.slice(0, 200).map((e, i) => [`rows.${i}`, e]));
      throw new DomainError(400, `${msg.importErrors(errors.length)}. ${errors.slice(0, 10).join(' ')}`, fields);
    }

    const documentDate = kyivToday();
    const created: Adjustment[] = [];
    for (const group of groups.values()) {
      const id = await insertDraft(
        tx,
        ctx,
        { warehouseId: group.warehouseId, reason: 'opening', comment: 'Введення залишків з файлу', documentDate },
        group.lines,
      );
      created.push(await getAdjustment(tx, null, id));
    }
    await audit(tx, ctx, {
      action: 'import',
      entityType: ENTITY,
      entityId: null,
      after: { page: mount.route, rows: rows.length, documents: created.map((a) => a.number) },
    });
    return created;
  });
}
