// What the list pages show for the dashboard's six figures (reports-admin.md §1, warehouse.md §11), each read
// through the page's own endpoint filtered as its card is defined — the yardstick of the dashboard's tests.
import { expect } from 'vitest';
import type { DashboardStats } from '@/modules/dashboard/dashboard.contract.ts';
import { TOTAL_COUNT_HEADER } from '@/shared/list.ts';

type Get = (url: string) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;

export async function dashboardPageCounts(get: Get): Promise<DashboardStats> {
  const read = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const totalOf = async (url: string) => Number((await read(url)).headers[TOTAL_COUNT_HEADER]);
  const inventory = JSON.parse((await read('/api/inventory/stats')).body) as { lowStock: number; outOfStock: number };
  const tasks = JSON.parse((await read('/api/production-tasks')).body) as Array<{ status: string }>;
  const inWork = tasks.filter((t) => t.status === 'in-progress').length;
  // The kanban's 'В роботі' column and /manufacturing filtered 'В роботі' are the same MOs.
  expect(await totalOf('/api/manufacturing-orders?status=in_progress')).toBe(inWork);
  return {
    totalProducts: (await totalOf('/api/products?kind=product')) + (await totalOf('/api/products?kind=semi_finished')),
    activeOrders: await totalOf('/api/orders?status=confirmed,partially_shipped'),
    productionTasks: inWork,
    lowStockCount: inventory.lowStock + inventory.outOfStock,
    materialShortages: await totalOf('/api/shortage'),
    criticalShortages: await totalOf('/api/shortage?critical=true'),
  };
}
