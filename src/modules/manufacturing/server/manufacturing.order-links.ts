// The manufacturing side of the orders module's OrderManufacturing port (sales.md §1.1, §1.3; connected in
// src/server/app.ts): which MOs are linked to a client order's lines, and removing those links when the order is
// cancelled — the MOs stay as they are, each change is audited like other MO changes and production is notified.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { add, dec, fixed } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { notify } from '@/modules/notifications/server/index.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import type { OrderManufacturing } from '@/modules/orders/server/index.ts';
import type { OrderManufacturingLink } from '@/modules/orders/order-manufacturing.contract.ts';
import { moStatusLabels, type MoStatus } from '../manufacturing.contract.ts';
import { MO_ENTITY, lockManufacturingOrder, qtyText } from './manufacturing.common.ts';
import { manufacturingOrders, moDemands } from './manufacturing.table.ts';

interface DemandRow {
  id: number;
  mo_id: number;
  order_line_id: number;
  line_no: number;
  qty: string;
  number: string;
  status: MoStatus;
  item_name: string;
  user_id: number | null;
}

async function demandsOf(tx: DbOrTx, orderId: number): Promise<DemandRow[]> {
  return rowsOf<DemandRow>(
    await tx.execute(sql`select d.id, d.mo_id, d.order_line_id, l.line_no, d.qty::text as qty, mo.number, mo.status,
        i.name as item_name,
        (select u.id from users u where u.worker_id = mo.responsible_worker_id and u.is_active limit 1) as user_id
      from mo_demands d join order_lines l on l.id = d.order_line_id
        join manufacturing_orders mo on mo.id = d.mo_id join items i on i.id = mo.item_id
      where l.order_id = ${orderId}
      order by mo.number, l.line_no`),
  );
}

/** One entry per MO, in number order, with the quantity linked to the order's lines. */
function linksOf(rows: readonly DemandRow[]): OrderManufacturingLink[] {
  const byMo = new Map<number, OrderManufacturingLink>();
  for (const row of rows) {
    const id = Number(row.mo_id);
    const known = byMo.get(id);
    if (known) {
      known.qty = fixed(add(dec(known.qty), dec(row.qty)), 4);
      continue;
    }
    byMo.set(id, {
      id,
      number: row.number,
      status: row.status,
      statusLabel: moStatusLabels[row.status] ?? row.status,
      itemName: row.item_name,
      qty: fixed(dec(row.qty), 4),
    });
  }
  return [...byMo.values()];
}

export const manufacturingForOrders: OrderManufacturing = {
  async linkedTo(tx, orderId) {
    return linksOf(await demandsOf(tx, orderId));
  },

  async unlinkOrder(tx, ctx, orderId, why) {
    const moIds = [...new Set((await demandsOf(tx, orderId)).map((r) => Number(r.mo_id)))].sort((a, b) => a - b);
    if (!moIds.length) return [];
    for (const moId of moIds) await lockManufacturingOrder(tx, moId);
    const rows = await demandsOf(tx, orderId);
    const links = linksOf(rows);
    const note = `Замовлення ${why.orderNumber} скасовано: ${why.reason}`;
    for (const link of links) {
      const mine = rows.filter((r) => Number(r.mo_id) === link.id);
      await tx.delete(moDemands).where(
        and(
          eq(moDemands.moId, link.id),
          inArray(
            moDemands.id,
            mine.map((r) => Number(r.id)),
          ),
        ),
      );
      await tx
        .update(manufacturingOrders)
        .set({ version: sql`${manufacturingOrders.version} + 1`, updatedAt: new Date() })
        .where(eq(manufacturingOrders.id, link.id));
      await audit(tx, ctx, {
        action: 'update',
        entityType: MO_ENTITY,
        entityId: link.id,
        before: {
          demands: mine.map((r) => ({ orderLineId: Number(r.order_line_id), lineNo: Number(r.line_no), qty: r.qty })),
        },
        after: { demands: [], reason: note },
      });
      if (link.status === 'cancelled') continue;
      const userId = mine[0]?.user_id;
      await notify(tx, {
        type: 'warning',
        priority: 'medium',
        title: `Замовлення ${why.orderNumber} скасовано — ${link.number} без замовлення клієнта`,
        message: `${link.number} (${link.statusLabel}): ${link.itemName} × ${qtyText(link.qty)} більше не прив’язане до замовлення ${why.orderNumber}. Причина скасування: ${why.reason}`,
        actionUrl: `/manufacturing?search=${encodeURIComponent(link.number)}`,
        related: { type: 'manufacturing_order', id: link.id, label: `Виробниче замовлення ${link.number}` },
        route: '/manufacturing',
        ...(userId != null ? { userIds: [Number(userId)] } : {}),
      });
    }
    return links;
  },
};
