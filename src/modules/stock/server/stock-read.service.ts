// Reading the ledger (warehouse.md §0–3): balances per item with the one status rule, and the movements with a
// running balance and the period's summary. Everything aggregates in SQL, one page at a time.
import { sql, type SQL } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { pageWindow, parseSort, type ListTotal } from '@/shared/list.ts';
import { countForPage } from '@/server/kernel/count.ts';
import { dec, fixed, sub } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray, valueList } from '@/server/kernel/sql-arrays.ts';
import {
  stockSortFields,
  type MovementDirection,
  type MovementKind,
  type MovementRow,
  type MovementSummary,
  type StockRow,
  type StockStats,
  type StockStatus,
} from '../stock.contract.ts';
import { adjustmentReasonLabels, type AdjustmentReason } from '../adjustments.contract.ts';
import { lowStockThresholdSql } from './stock-settings.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export interface StockQuery {
  kinds: readonly string[];
  page?: number;
  offset?: number;
  limit?: number;
  search?: string;
  sort?: string;
  warehouseId?: number;
  categoryId?: number;
  status?: StockStatus;
  /** /component-stock: the package type filter. */
  packageTypeId?: number;
  /** Only these items (the rows 'Замовити' drafts orders for). */
  itemIds?: readonly number[];
  /** Answer each row's package type too (/component-stock). */
  withPackage?: boolean;
}

/** A balances row with its package type, when the query asked for it. */
export type StockPageRow = StockRow & { packageTypeId?: number | null; packageTypeName?: string | null };

type Rows<T> = { rows: T[] };

/**
 * One row per item of the kinds asked for: balances of one warehouse, or of every warehouse included in planning;
 * `available` = on hand − reserved; the status from available against minStock or the global threshold (the setting
 * `stock.lowStockThreshold`, 10 by default).
 */
function stockSelect(q: StockQuery): SQL {
  const balanceWhere = q.warehouseId
    ? sql`b.warehouse_id = ${q.warehouseId}`
    : sql`b.warehouse_id in (select id from warehouses where include_in_planning)`;
  const conditions: SQL[] = [sql`i.kind in (${valueList(q.kinds)})`, sql`i.is_active`];
  if (q.categoryId) conditions.push(sql`i.category_id = ${q.categoryId}`);
  if (q.packageTypeId) conditions.push(sql`i.package_type_id = ${q.packageTypeId}`);
  if (q.itemIds) {
    conditions.push(q.itemIds.length ? sql`i.id = any(${intArray(q.itemIds)})` : sql`false`);
  }
  if (q.search) {
    const pattern = containsPattern(q.search);
    // An adjustment's number finds its items: the movements page links an ADJ document to this page by number.
    conditions.push(sql`(i.name ilike ${pattern} or i.sku ilike ${pattern} or i.barcode ilike ${pattern}
      or i.id in (select l.item_id from stock_adjustment_lines l join stock_adjustments a on a.id = l.adjustment_id
                  where a.number ilike ${pattern}))`);
  }
  return sql`
    select i.id as item_id, i.sku, i.name, i.kind, cat.name as category_name, u.short_name as unit_short_name,
           i.stock_control, i.package_type_id, pt.name as package_type_name,
           coalesce(s.on_hand, 0) as on_hand, coalesce(s.reserved, 0) as reserved,
           coalesce(s.on_hand, 0) - coalesce(s.reserved, 0) as available,
           c.avg_cost,
           ${q.warehouseId ? sql`round(coalesce(s.on_hand, 0) * coalesce(c.avg_cost, 0), 2)` : sql`coalesce(c.value, 0)`} as value,
           coalesce(i.min_stock, ${lowStockThresholdSql}) as threshold,
           case
             when coalesce(s.on_hand, 0) - coalesce(s.reserved, 0) <= 0 then 'out-of-stock'
             when coalesce(s.on_hand, 0) - coalesce(s.reserved, 0) <= coalesce(i.min_stock, ${lowStockThresholdSql}) then 'low-stock'
             else 'in-stock'
           end as status
    from items i
    left join (select item_id, sum(on_hand) as on_hand, sum(reserved) as reserved
               from stock_balances b where ${balanceWhere} group by item_id) s on s.item_id = i.id
    left join item_costs c on c.item_id = i.id
    left join categories cat on cat.id = i.category_id
    left join units u on u.id = i.unit_id
    left join package_types pt on pt.id = i.package_type_id
    where ${sql.join(conditions, sql` and `)}`;
}

const statusFilter = (q: StockQuery) => (q.status ? sql`where status = ${q.status}` : sql``);

export async function listStock(db: DbOrTx, q: StockQuery): Promise<{ rows: StockPageRow[]; total: number }> {
  const { field, desc } = parseSort(q.sort, stockSortFields, 'name');
  const column = {
    sku: sql`sku`,
    name: sql`name`,
    onHand: sql`on_hand`,
    available: sql`available`,
    value: sql`value`,
    status: sql`status`,
  }[field];
  const { limit, offset } = pageWindow(q);
  const base = stockSelect(q);
  const [page, counted] = (await Promise.all([
    db.execute(sql`
      select * from (${base}) t ${statusFilter(q)}
      order by ${listOrder(column, field, desc)}, item_id ${desc ? sql`desc` : sql`asc`}
      limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as total from (${base}) t ${statusFilter(q)}`),
  ])) as unknown as [Rows<Record<string, unknown>>, Rows<{ total: number }>];
  return {
    rows: page.rows.map((r) => ({
      itemId: Number(r.item_id),
      sku: String(r.sku),
      name: String(r.name),
      kind: String(r.kind),
      categoryName: (r.category_name as string | null) ?? null,
      unitShortName: (r.unit_short_name as string | null) ?? null,
      onHand: String(r.on_hand),
      reserved: String(r.reserved),
      available: String(r.available),
      avgCost: r.avg_cost === null ? null : String(r.avg_cost),
      value: String(r.value),
      threshold: String(r.threshold),
      stockControl: Boolean(r.stock_control),
      status: r.status as StockStatus,
      ...(q.withPackage
        ? {
            packageTypeId: r.package_type_id == null ? null : Number(r.package_type_id),
            packageTypeName: (r.package_type_name as string | null) ?? null,
          }
        : {}),
    })),
    total: Number(counted.rows[0]?.total ?? 0),
  };
}

export async function stockStats(db: DbOrTx, q: StockQuery): Promise<StockStats> {
  const result = (await db.execute(sql`
    select count(*)::int as items, coalesce(sum(value), 0)::numeric(18, 2)::text as value,
           count(*) filter (where status = 'low-stock' and stock_control)::int as low_stock,
           count(*) filter (where status = 'out-of-stock' and stock_control)::int as out_of_stock
    from (${stockSelect(q)}) t`)) as unknown as Rows<{
    items: number;
    value: string;
    low_stock: number;
    out_of_stock: number;
  }>;
  const r = result.rows[0]!;
  return { items: Number(r.items), value: r.value, lowStock: Number(r.low_stock), outOfStock: Number(r.out_of_stock) };
}

/**
 * stockStats' lowStock + outOfStock over the planning warehouses, from the states the database keeps per item
 * (item_stock_states, migrations 0018 and 0020): reads the low and empty items only, through a partial index, where stockStats
 * aggregates every balance of every item. Same kinds, active and stock-controlled items, same figure.
 */
export async function lowStockCount(db: DbOrTx, kinds: readonly string[]): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n
    from item_stock_states s
    where s.state <> 'in' and s.counted
      and s.kind in (${valueList(kinds)})`)) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}

// ---- movements -----------------------------------------------------------------------------------------------

export interface MovementQuery {
  page?: number;
  offset?: number;
  limit?: number;
  search?: string;
  sort?: string;
  itemId?: number;
  warehouseId?: number;
  documentType?: string;
  dateFrom?: string;
  dateTo?: string;
  kind?: MovementKind;
  categoryId?: number;
  /** Who posted the movement. */
  userId?: number;
  direction?: MovementDirection;
}

function movementConditions(q: MovementQuery, { withPeriod }: { withPeriod: boolean }): SQL[] {
  const c: SQL[] = [];
  if (q.itemId) c.push(sql`m.item_id = ${q.itemId}`);
  else if (q.kind === undefined || q.kind === 'components') c.push(sql`i.kind in ('component', 'material')`);
  else if (q.kind !== 'all') c.push(sql`i.kind = ${q.kind}`);
  if (q.warehouseId) c.push(sql`m.warehouse_id = ${q.warehouseId}`);
  if (q.documentType) c.push(sql`m.document_type = ${q.documentType}`);
  if (q.categoryId) c.push(sql`i.category_id = ${q.categoryId}`);
  if (q.userId) c.push(sql`m.created_by = ${q.userId}`);
  if (q.direction) c.push(q.direction === 'in' ? sql`m.qty > 0` : sql`m.qty < 0`);
  if (withPeriod && q.dateFrom) c.push(sql`m.occurred_on >= ${q.dateFrom}`);
  if (withPeriod && q.dateTo) c.push(sql`m.occurred_on <= ${q.dateTo}`);
  if (q.search) {
    const pattern = containsPattern(q.search);
    c.push(sql`(m.document_number ilike ${pattern} or i.sku ilike ${pattern} or i.name ilike ${pattern})`);
  }
  return c;
}
const whereOf = (c: SQL[]) => (c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``);

/**
 * Running balances of consecutive movements of one item (and warehouse): the newest one's is the balance now minus
 * the movements after it, each older one's the newer one's minus the newer one's quantity.
 */
async function runningFromBalance(db: DbOrTx, itemId: number, warehouseId: number | undefined, rows: MovementRow[]) {
  const newest = Math.max(...rows.map((r) => r.id));
  const warehouse = (column: SQL) => (warehouseId ? sql`and ${column} = ${warehouseId}` : sql``);
  const result = (await db.execute(sql`select
      (select coalesce(sum(b.on_hand), 0) from stock_balances b where b.item_id = ${itemId} ${warehouse(sql`b.warehouse_id`)})::text as now,
      (select coalesce(sum(m.qty), 0) from stock_movements m
        where m.item_id = ${itemId} ${warehouse(sql`m.warehouse_id`)} and m.id > ${newest})::text as after`)) as unknown as Rows<{
    now: string;
    after: string;
  }>;
  let balance = sub(dec(result.rows[0]!.now), dec(result.rows[0]!.after));
  for (const row of [...rows].sort((a, b) => b.id - a.id)) {
    row.balanceAfter = fixed(balance, 4);
    balance = sub(balance, dec(row.qty));
  }
}

export async function listMovements(db: DbOrTx, q: MovementQuery): Promise<{ rows: MovementRow[] } & ListTotal> {
  const { limit, offset } = pageWindow(q);
  const ascending = q.sort === 'id' || q.sort === 'occurredOn';
  const byOccurred = q.sort?.replace(/^-/, '') === 'occurredOn';
  const order = byOccurred ? sql`m.occurred_on` : sql`m.id`;
  const direction = ascending ? sql`asc` : sql`desc`;
  // The running balance of one item (and warehouse) is summed over all its movements in id order, before the
  // period and other filters cut the list. Listed in id order with no other filter, the page's rows are consecutive
  // movements, so their balances come from the balance (the ledger keeps it equal to the sum of the movements) minus
  // the movements after the page (runningFromBalance): O(page + offset) instead of a window over every movement.
  const fromBalance =
    q.itemId !== undefined &&
    !q.documentType &&
    !q.dateFrom &&
    !q.dateTo &&
    !q.search &&
    !q.userId &&
    !q.direction &&
    !byOccurred;
  const balance =
    q.itemId && !fromBalance
      ? sql`sum(m.qty) over (partition by m.item_id${q.warehouseId ? sql`, m.warehouse_id` : sql``} order by m.id)`
      : sql`null::numeric`;
  const inner = sql`
    select m.*, ${balance} as balance_after
    from stock_movements m
    ${q.itemId ? sql`where m.item_id = ${q.itemId}` : sql``}`;
  const conditions = movementConditions(q, { withPeriod: true });
  const [page, counted] = (await Promise.all([
    db.execute(sql`
      select m.id, m.occurred_on::text as occurred_on, m.created_at, m.document_type, m.document_id,
             m.document_number, m.item_id, i.sku, i.name as item_name, i.kind as item_kind, u.short_name as unit_short_name,
             m.warehouse_id, w.name as warehouse_name, m.qty::text as qty, m.unit_cost::text as unit_cost,
             m.value::text as value, m.balance_after::numeric(18, 4)::text as balance_after,
             m.reverses_movement_id, nullif(trim(coalesce(us.last_name, '') || ' ' || coalesce(us.first_name, '')), '') as user_name,
             us.username,
             case when m.document_type = 'adjustment'
                  then (select a.reason from stock_adjustments a where a.id = m.document_id) end as adjustment_reason
      from (${inner}) m
      join items i on i.id = m.item_id
      join warehouses w on w.id = m.warehouse_id
      left join units u on u.id = i.unit_id
      left join users us on us.id = m.created_by
      ${whereOf(conditions)}
      order by ${order} ${direction}, m.id ${direction}
      limit ${limit} offset ${offset}`),
    countForPage(db, sql`select 1 from stock_movements m join items i on i.id = m.item_id ${whereOf(conditions)}`, {
      limit,
      offset,
    }),
  ])) as unknown as [Rows<Record<string, unknown>>, ListTotal];
  const rows: MovementRow[] = page.rows.map((r) => ({
    id: Number(r.id),
    occurredOn: String(r.occurred_on),
    createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(String(r.created_at)).toISOString(),
    documentType: String(r.document_type),
    documentId: Number(r.document_id),
    documentNumber: String(r.document_number),
    itemId: Number(r.item_id),
    sku: String(r.sku),
    itemName: String(r.item_name),
    itemKind: String(r.item_kind),
    unitShortName: (r.unit_short_name as string | null) ?? null,
    warehouseId: Number(r.warehouse_id),
    warehouseName: String(r.warehouse_name),
    qty: String(r.qty),
    unitCost: String(r.unit_cost),
    value: String(r.value),
    balanceAfter: q.itemId ? ((r.balance_after as string | null) ?? null) : null,
    reversesMovementId: r.reverses_movement_id === null ? null : Number(r.reverses_movement_id),
    userName: (r.user_name as string | null) ?? (r.username as string | null) ?? null,
    note: r.adjustment_reason ? (adjustmentReasonLabels[r.adjustment_reason as AdjustmentReason] ?? null) : null,
  }));
  if (fromBalance && rows.length) await runningFromBalance(db, q.itemId!, q.warehouseId, rows);
  return { rows, ...counted };
}

/** The period's turnover ('оборотна відомість'): opening before dateFrom, in, out, closing. */
export async function movementSummary(db: DbOrTx, q: MovementQuery): Promise<MovementSummary> {
  const base = movementConditions(q, { withPeriod: false });
  const inPeriod: SQL[] = [];
  if (q.dateFrom) inPeriod.push(sql`m.occurred_on >= ${q.dateFrom}`);
  if (q.dateTo) inPeriod.push(sql`m.occurred_on <= ${q.dateTo}`);
  const period = inPeriod.length ? sql.join(inPeriod, sql` and `) : sql`true`;
  const before = q.dateFrom ? sql`m.occurred_on < ${q.dateFrom}` : sql`false`;
  const result = (await db.execute(sql`
    select
      coalesce(sum(m.qty) filter (where ${before}), 0)::numeric(18, 4)::text as opening_qty,
      coalesce(sum(m.value) filter (where ${before}), 0)::numeric(18, 2)::text as opening_value,
      coalesce(sum(m.qty) filter (where ${period} and m.qty > 0), 0)::numeric(18, 4)::text as in_qty,
      coalesce(sum(m.value) filter (where ${period} and m.qty > 0), 0)::numeric(18, 2)::text as in_value,
      coalesce(-sum(m.qty) filter (where ${period} and m.qty < 0), 0)::numeric(18, 4)::text as out_qty,
      coalesce(-sum(m.value) filter (where ${period} and m.qty < 0), 0)::numeric(18, 2)::text as out_value,
      coalesce(sum(m.qty) filter (where ${before} or (${period})), 0)::numeric(18, 4)::text as closing_qty,
      coalesce(sum(m.value) filter (where ${before} or (${period})), 0)::numeric(18, 2)::text as closing_value
    from stock_movements m join items i on i.id = m.item_id
    ${whereOf(base)}`)) as unknown as Rows<Record<string, string>>;
  const r = result.rows[0]!;
  return {
    openingQty: r.opening_qty!,
    openingValue: r.opening_value!,
    inQty: r.in_qty!,
    inValue: r.in_value!,
    outQty: r.out_qty!,
    outValue: r.out_value!,
    closingQty: r.closing_qty!,
    closingValue: r.closing_value!,
  };
}
