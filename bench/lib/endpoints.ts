// The endpoints issue 10 names, with the query parameters of the list convention (src/shared/list.ts: page, limit)
// and of the movement list (src/modules/stock/stock.contract.ts: itemId, kind); then the command palette's search
// (issue 21) with typical queries: a part of a document number, a partial Cyrillic name in small letters (the
// generator's firms are 'Техно…', bench/data/words.ts), a part of a SKU in small letters.
import { kyivToday } from '@/shared/kyiv-date.ts';

export const PAGE_SIZE = 50;
/** The deep page issue 10 asks for: page 2000 of 50 (offset 99 950), or the last page of a smaller table. */
export const DEEP_PAGE = 2000;

export interface Endpoint {
  key: string;
  label: string;
  path: string;
  /** A list endpoint (answer meant to be O(page size), DESIGN §9). */
  list: boolean;
}

/** What the palette is typically asked (src/modules/search): each searches every group an administrator may view. */
export const SEARCH_QUERIES = [
  { key: 'search-number', label: 'Пошук: частина номера документа', q: '00042' },
  { key: 'search-name', label: 'Пошук: частина назви кирилицею', q: 'техно' },
  { key: 'search-sku', label: 'Пошук: частина артикула', q: 'psu-10' },
] as const;

export function deepPage(total: number): number {
  return Math.max(1, Math.min(DEEP_PAGE, Math.ceil(total / PAGE_SIZE)));
}

export function benchEndpoints(sample: { itemId: number }, totals: { orders: number; products: number }): Endpoint[] {
  const ordersDeep = deepPage(totals.orders);
  const productsDeep = deepPage(totals.products);
  return [
    { key: 'auth-user', label: 'Поточний користувач', path: '/api/auth/user', list: false },
    { key: 'dashboard-stats', label: 'Дашборд: показники', path: '/api/dashboard/stats', list: false },
    {
      key: 'orders-first',
      label: 'Замовлення: 1-ша сторінка',
      path: `/api/orders?page=1&limit=${PAGE_SIZE}`,
      list: true,
    },
    {
      key: 'orders-deep',
      label: `Замовлення: сторінка ${ordersDeep}`,
      path: `/api/orders?page=${ordersDeep}&limit=${PAGE_SIZE}`,
      list: true,
    },
    {
      key: 'products-first',
      label: 'Товари: 1-ша сторінка',
      path: `/api/products?page=1&limit=${PAGE_SIZE}`,
      list: true,
    },
    {
      key: 'products-deep',
      label: `Товари: сторінка ${productsDeep}`,
      path: `/api/products?page=${productsDeep}&limit=${PAGE_SIZE}`,
      list: true,
    },
    { key: 'notifications', label: 'Сповіщення', path: '/api/notifications', list: true },
    {
      key: 'component-movement',
      label: 'Рух запасів за товаром',
      path: `/api/component-movement?itemId=${sample.itemId}&kind=all&limit=${PAGE_SIZE}`,
      list: true,
    },
    {
      key: 'costing',
      label: 'Калькуляція собівартості: 1-ша сторінка',
      path: `/api/costing?page=1&limit=${PAGE_SIZE}`,
      list: true,
    },
    ...productionEndpoints(kyivToday()),
    ...SEARCH_QUERIES.map(({ key, label, q }) => ({
      key,
      label,
      path: `/api/search?q=${encodeURIComponent(q)}`,
      list: false,
    })),
  ];
}

/**
 * The production report pages (issue 24) as they open: statistics and workload for this month (their default
 * period), statistics' figures for the year so far, and the planning grid of the next eight weeks; then the
 * profitability report (issue 25) for the month and for the year by item, three advanced reports, /analytics and the sales analytics.
 */
export function productionEndpoints(today: string): Endpoint[] {
  const month = `from=${today.slice(0, 8)}01&to=${today}`;
  const year = `from=${today.slice(0, 4)}-01-01&to=${today}`;
  return [
    {
      key: 'production-stats-year',
      label: 'Статистика виробництва: показники за рік',
      path: `/api/production-stats/summary?${year}`,
      list: false,
    },
    {
      key: 'production-stats-days',
      label: 'Статистика виробництва: місяць по днях',
      path: `/api/production-stats/by-period?${month}&granularity=day`,
      list: false,
    },
    {
      key: 'production-stats-items',
      label: 'Статистика виробництва: товари за місяць',
      path: `/api/production-stats/by-item?${month}`,
      list: false,
    },
    {
      key: 'production-analytics-workers',
      label: 'Аналіз завантаженості: працівники за місяць',
      path: `/api/production-analytics/workers?${month}`,
      list: false,
    },
    {
      key: 'production-analytics-departments',
      label: 'Аналіз завантаженості: відділи за місяць',
      path: `/api/production-analytics/departments?${month}`,
      list: false,
    },
    {
      key: 'production-planning',
      label: 'Планування потужностей: 8 тижнів',
      path: '/api/production-planning',
      list: false,
    },
    {
      key: 'profitability-month',
      label: 'Прибутковість: місяць',
      path: `/api/reports/profitability?${month}`,
      list: false,
    },
    {
      key: 'profitability-year-items',
      label: 'Прибутковість: рік за товарами',
      path: `/api/reports/profitability?${year}&groupBy=item`,
      list: false,
    },
    {
      key: 'product-profitability-month',
      label: 'Рентабельність продуктів: місяць',
      path: `/api/product-profitability?${month}`,
      list: false,
    },
    {
      key: 'components-analysis-month',
      label: 'Аналіз компонентів: місяць',
      path: `/api/components-analysis?${month}`,
      list: false,
    },
    {
      key: 'advanced-stock-turnover',
      label: 'Розширені звіти: оборотна відомість за місяць',
      path: `/api/advanced-reports/stock-turnover?${month}`,
      list: false,
    },
    {
      key: 'advanced-sales-register-year',
      label: 'Розширені звіти: реєстр продажів за рік',
      path: `/api/advanced-reports/sales-register?${year}`,
      list: false,
    },
    {
      key: 'advanced-receivables',
      label: 'Розширені звіти: дебіторська заборгованість',
      path: '/api/advanced-reports/receivables',
      list: false,
    },
    {
      key: 'analytics-overview-month',
      label: 'Аналітика: показники місяця проти попереднього',
      path: `/api/analytics/overview?${month}`,
      list: false,
    },
    {
      key: 'analytics-trends',
      label: 'Аналітика: 12 місяців',
      path: '/api/analytics/trends?months=12',
      list: false,
    },
    {
      key: 'sales-analytics-summary-year',
      label: 'Аналітика продажів: показники року',
      path: `/api/sales-analytics/summary?${year}`,
      list: false,
    },
    {
      key: 'sales-analytics-clients-month',
      label: 'Аналітика продажів: клієнти місяця',
      path: `/api/sales-analytics/by-client?${month}`,
      list: false,
    },
    {
      key: 'sales-products-year',
      label: 'Продажі за товарами: рік',
      path: `/api/sales-analytics-products?${year}`,
      list: false,
    },
  ];
}
