// `GET /api/dashboard/stats`: each figure from an indexed aggregate or from the very service of the page it
// summarises, so the cards always agree with /products, /orders, /production, /inventory and /shortage
// (reports-admin.md §1, warehouse.md §11). Nothing is loaded into memory but counts.
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { items } from '@/resources/items/items.table.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { shortageCounts } from '@/modules/shortage/server/index.ts';
import { lowStockCount } from '@/modules/stock/server/index.ts';
import { activeOrderStatuses, dashboardProductKinds, type DashboardStats } from '../dashboard.contract.ts';

async function countOf(query: Promise<Array<{ n: number }>>): Promise<number> {
  return Number((await query)[0]?.n ?? 0);
}

export async function dashboardStats(db: DbOrTx): Promise<DashboardStats> {
  // One at a time: the embedded database runs one query at a time anyway, and PostgreSQL's pool stays free for
  // the pages' own requests.
  const totalProducts = await countOf(
    db
      .select({ n: count() })
      .from(items)
      .where(and(eq(items.isActive, true), inArray(items.kind, [...dashboardProductKinds]))),
  );
  const activeOrders = await countOf(
    db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.status, [...activeOrderStatuses])),
  );
  const productionTasks = await countOf(
    db.select({ n: count() }).from(manufacturingOrders).where(eq(manufacturingOrders.status, 'in_progress')),
  );
  const shortage = await shortageCounts(db);
  return {
    totalProducts,
    activeOrders,
    productionTasks,
    lowStockCount: await lowStockCount(db, dashboardProductKinds),
    materialShortages: shortage.materialShortages,
    criticalShortages: shortage.criticalShortages,
  };
}
