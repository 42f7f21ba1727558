// The unit rule that needs the database (reference-data.md §1 'Conversion'): type and factor are locked once the unit
// is used — an item's stock unit, or the unit a document or BOM line was entered in — so every stored conversion keeps
// its meaning.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { cmp, dec } from '@/shared/decimal.ts';

export const unitMessages = {
  typeLocked: 'Одиницю вже використано в позиціях або документах — її тип змінити не можна',
  factorLocked: 'Одиницю вже використано в позиціях або документах — її коефіцієнт змінити не можна',
} as const;

/** Is the unit any item's stock unit, or the entered unit of any stored line? */
async function unitInUse(tx: DbOrTx, unitId: number): Promise<boolean> {
  const [row] = rowsOf<{ used: boolean }>(
    await tx.execute(sql`select (
        exists (select 1 from items where unit_id = ${unitId})
        or exists (select 1 from bom_lines where entered_unit_id = ${unitId})
        or exists (select 1 from supplier_order_lines where entered_unit_id = ${unitId})
        or exists (select 1 from supplier_receipt_lines where entered_unit_id = ${unitId})
        or exists (select 1 from warehouse_transfer_lines where entered_unit_id = ${unitId})
        or exists (select 1 from stock_adjustment_lines where entered_unit_id = ${unitId})
        or exists (select 1 from inventory_audit_lines where entered_unit_id = ${unitId})
        or exists (select 1 from order_lines where entered_unit_id = ${unitId})
        or exists (select 1 from shipment_lines where entered_unit_id = ${unitId})
      ) as used`),
  );
  return Boolean(row?.used);
}

export async function checkUnitUpdate(
  tx: DbOrTx,
  before: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, string>> {
  const typeChanges = values.type !== undefined && values.type !== before.type;
  const factorChanges =
    values.factor !== undefined && cmp(dec(String(values.factor)), dec(String(before.factor))) !== 0;
  if (!typeChanges && !factorChanges) return {};
  if (!(await unitInUse(tx, before.id as number))) return {};
  return {
    ...(typeChanges ? { type: unitMessages.typeLocked } : {}),
    ...(factorChanges ? { factor: unitMessages.factorLocked } : {}),
  };
}
