// The manufacturing side of the linked documents (issue 21): the manufacturing orders made for one client order's
// lines (the orders module's OrderChildDocuments port, connected in src/server/app.ts) and the client order(s) one
// manufacturing order is made for (none for one made to stock).
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { formatQtyUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import {
  ordersAsRelated,
  viewableOnly,
  type CanViewRoute,
  type OrderChildDocuments,
} from '@/modules/orders/server/index.ts';
import type { RelatedDocument } from '@/modules/orders/related-documents.contract.ts';
import { moStatusLabels, type MoStatus } from '../manufacturing.contract.ts';
import { moMessages } from '../manufacturing.messages.ts';

interface MoRow {
  id: number;
  number: string;
  date: string | null;
  status: MoStatus;
  item_name: string;
  qty: string;
}

/** The MOs with a demand on one of the order's lines, by number; the item and quantity made are the detail. */
export const manufacturingOfOrder: OrderChildDocuments = {
  kind: 'manufacturing',
  async ofOrder(db, orderId) {
    const rows = rowsOf<MoRow>(
      await db.execute(sql`select mo.id, mo.number, mo.due_date::text as date, mo.status, i.name as item_name,
          mo.qty::text as qty
        from manufacturing_orders mo join items i on i.id = mo.item_id
        where exists (select 1 from mo_demands d join order_lines l on l.id = d.order_line_id
          where d.mo_id = mo.id and l.order_id = ${orderId})
        order by mo.number`),
    );
    return rows.map((row) => ({
      kind: 'manufacturing',
      id: Number(row.id),
      number: row.number,
      date: row.date,
      status: row.status,
      statusLabel: moStatusLabels[row.status] ?? row.status,
      amount: null,
      currencyCode: null,
      detail: `${row.item_name}, ${formatQtyUk(row.qty)}`,
    }));
  },
};

/** The client order(s) the MO is made for — when the user may view orders. 404 for an MO that does not exist. */
export async function manufacturingRelatedDocuments(
  db: DbOrTx,
  moId: number,
  canView: CanViewRoute,
): Promise<RelatedDocument[]> {
  const found = rowsOf<{ id: number }>(await db.execute(sql`select id from manufacturing_orders where id = ${moId}`));
  if (found.length === 0) throw new DomainError(404, moMessages.notFound);
  const orderIds = rowsOf<{ order_id: number }>(
    await db.execute(sql`select distinct l.order_id from mo_demands d join order_lines l on l.id = d.order_line_id
      where d.mo_id = ${moId}`),
  );
  return viewableOnly(
    await ordersAsRelated(
      db,
      orderIds.map((r) => Number(r.order_id)),
    ),
    canView,
  );
}
