// The MO completes by itself (issue 21, decision 0020): when the full quantity is produced, no operation is open
// and nothing is left to decide — no material issued beyond perUnit × (produced + scrap), none under-issued — the
// output posting (the /production or drawer output and the terminal's last finish: both go through postMoOutput,
// and the terminal's finish calls this too) completes it in the same transaction, audited as 'auto'. Otherwise an
// in-progress MO with its full quantity produced is 'Готово до завершення' and 'Завершити' is its next step.
import { sql } from 'drizzle-orm';
import { add, cmp, dec, mul, round } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import type { AuditContext } from '@/modules/system-logs/server/index.ts';
import { lockManufacturingOrder, materialStates, producedOf, type MoRow } from './manufacturing.common.ts';
import { completeManufacturingOrder, excessMaterials } from './manufacturing.lifecycle.ts';

/** In progress and the full quantity produced: the MO waits only for 'Завершити'. */
export const isReadyToComplete = (status: MoRow['status'], produced: string, qty: string) =>
  status === 'in_progress' && cmp(dec(produced), dec(qty)) >= 0;

/**
 * Completes the (in-progress) MO when it is finished and nothing is left to decide; answers whether it did. Locks
 * the MO first, so of two postings finishing it at once the second finds it completed and does nothing.
 */
export async function completeIfFinished(tx: DbOrTx, ctx: AuditContext, moId: number, at?: Date): Promise<boolean> {
  const mo = await lockManufacturingOrder(tx, moId);
  if (mo.status !== 'in_progress') return false;
  const { produced, scrap } = await producedOf(tx, moId);
  if (cmp(produced, dec(mo.qty)) < 0) return false;
  const [open] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from mo_operations
      where mo_id = ${moId} and status not in ('done', 'skipped')`),
  );
  if (Number(open?.n ?? 0) > 0) return false;
  if ((await excessMaterials(tx, moId, produced, scrap)).length) return false;
  const target = add(produced, scrap);
  const underIssued = (await materialStates(tx, moId)).some(
    (m) => m.stockable && cmp(m.issued, round(mul(dec(m.perUnitQty), target), 4)) < 0,
  );
  if (underIssued) return false;
  await completeManufacturingOrder(tx, ctx, moId, { auto: true, at });
  return true;
}
