// The dashboard's figures (spec §2 Dashboard, §3 'Dashboard stats'; reports-admin.md §1, warehouse.md §11): six
// numbers, each the count a list page shows when filtered the same way.
import { z } from '@/shared/zod-uk.ts';

export const dashboardStatsSchema = z.object({
  /** Active items of kind product or semi-finished (services excluded) — /products. */
  totalProducts: z.number().int(),
  /** Orders confirmed or partially shipped — /orders. */
  activeOrders: z.number().int(),
  /** MOs in progress: the kanban's 'В роботі' column — /production, /manufacturing. */
  productionTasks: z.number().int(),
  /** Items low or out of stock with stock control, over the planning warehouses — /inventory. */
  lowStockCount: z.number().int(),
  /** Items short — /shortage. */
  materialShortages: z.number().int(),
  /** Of them critical — /shortage filtered 'Критичний'. */
  criticalShortages: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The kinds the dashboard (and /inventory) count as products. */
export const dashboardProductKinds = ['product', 'semi_finished'] as const;
/** The order statuses of 'Активні замовлення'. */
export const activeOrderStatuses = ['confirmed', 'partially_shipped'] as const;

/** The shapes of the module's endpoints (their paths: dashboard.endpoints.ts, decision 0016). */
export const dashboardSchemas = {
  stats: { response: dashboardStatsSchema },
};
