// The figures of production.md §13, aggregated in SQL from posted facts only. Four kinds of fact, each dated by the
// Kyiv calendar day it happened on and attributed to an item, its category and a department:
// - an output: a posted MOO (its good qty and value) on its posting date — department: the MO's last operation's;
// - scrap: the scrap a time entry booked on an MO operation (a unit is booked once, at the operation where it was
//   lost) on the day the entry ended (or started, while open) — department: that operation's;
// - a completion: a completed MO on the day of completedAt (on time: that day ≤ dueDate; lead time: completedAt −
//   releasedAt) — department: its last operation's;
// - a plan: an MO not cancelled, on its dueDate, with its planned qty and everything it produced.
// The facts are one UNION ALL, grouped by the table's key; no fact row reaches Node.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import type {
  StatsCategoryRow,
  StatsDepartmentRow,
  StatsFigures,
  StatsItemRow,
  StatsPeriodQuery,
  StatsPeriodRow,
  StatsQuery,
  StatsSummary,
} from '../production-stats.contract.ts';

type Filters = Pick<StatsQuery, 'from' | 'to' | 'categoryId' | 'itemId' | 'departmentId'>;

/** A Kyiv calendar day of a timestamp expression. */
const kyivDay = (column: string) => sql.raw(`(${column} at time zone 'Europe/Kyiv')::date`);
/** The moments of the period's Kyiv days: [from 00:00, to + 1 day 00:00) in Kyiv. */
const startOf = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Kyiv')`;
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Kyiv')`;

/**
 * The MO of a fact with its item's category and, when a department is asked for, its last operation's (the output's
 * department). The item is a left join on its key, which PostgreSQL drops when nothing reads the category; the last
 * operation is a lateral probe per fact, so it is left out unless needed (the year's summary: 4 × 200 ms without).
 */
const itemAndDepartment = (department: boolean) =>
  sql.raw(
    `left join items i on i.id = m.item_id${
      department
        ? ` left join lateral (select lo.department_id from mo_operations lo where lo.mo_id = m.id
    order by lo.seq desc limit 1) last_op on true`
        : ''
    }`,
  );
const moJoin = (moId: string, department: boolean) =>
  sql`join manufacturing_orders m on m.id = ${sql.raw(moId)} ${itemAndDepartment(department)}`;

function itemFilter(q: Filters): SQL {
  const parts: SQL[] = [];
  if (q.itemId) parts.push(sql`and m.item_id = ${q.itemId}`);
  if (q.categoryId) {
    // A category holds its subcategories' items too.
    parts.push(sql`and i.category_id in (with recursive tree as (
      select id from categories where id = ${q.categoryId}
      union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`);
  }
  return sql.join(parts, sql` `);
}

/**
 * Every fact of the period: day, item, category, department and the measures (zero where a kind has none). Without
 * `department` an output's, completion's and plan's department is null (a scrap keeps its operation's).
 */
function facts(q: Filters, department: boolean): SQL {
  const byItem = itemFilter(q);
  const from = q.from;
  const to = q.to;
  const completedDay = kyivDay('m.completed_at');
  const scrapAt = sql.raw('coalesce(te.ended_at, te.started_at)');
  const lastDepartment = sql.raw(department ? 'last_op.department_id' : 'null::int');
  return sql`
    select p.posting_date as day, m.item_id, i.category_id, ${lastDepartment} as department_id,
      p.good_qty::numeric as produced,
      (coalesce(p.material_value, 0) + coalesce(p.conversion_value, 0))::numeric as value,
      0::numeric as scrap, 0 as completed, 0 as due_known, 0 as on_time, null::numeric as lead_days,
      0::numeric as planned, 0::numeric as plan_produced
    from mo_postings p ${moJoin('p.mo_id', department)}
    where p.kind = 'output' and p.status = 'posted' and p.posting_date between ${from}::date and ${to}::date ${byItem}
    union all
    select ${kyivDay('coalesce(te.ended_at, te.started_at)')}, m.item_id, i.category_id, o.department_id,
      0, 0, te.scrap_qty, 0, 0, 0, null, 0, 0
    from time_entries te join mo_operations o on o.id = te.mo_operation_id ${moJoin('o.mo_id', false)}
    where te.scrap_qty <> 0 and ${scrapAt} >= ${startOf(from)} and ${scrapAt} < ${endOf(to)} ${byItem}
    union all
    select ${completedDay}, m.item_id, i.category_id, ${lastDepartment},
      0, 0, 0, 1, (m.due_date is not null)::int, (m.due_date is not null and ${completedDay} <= m.due_date)::int,
      extract(epoch from (m.completed_at - m.released_at))::numeric / 86400, 0, 0
    from manufacturing_orders m ${itemAndDepartment(department)}
    where m.status = 'completed' and m.completed_at >= ${startOf(from)} and m.completed_at < ${endOf(to)} ${byItem}
    union all
    select m.due_date, m.item_id, i.category_id, ${lastDepartment},
      0, 0, 0, 0, 0, 0, null, m.qty,
      coalesce((select sum(po.good_qty) from mo_postings po
        where po.mo_id = m.id and po.kind = 'output' and po.status = 'posted'), 0)
    from manufacturing_orders m ${itemAndDepartment(department)}
    where m.status <> 'cancelled' and m.due_date between ${from}::date and ${to}::date ${byItem}`;
}

/** The measures of a group of facts, named as figures(). */
const aggregates = sql.raw(`
  coalesce(sum(f.produced), 0)::numeric(18,4)::text as produced_qty,
  coalesce(sum(f.value), 0)::numeric(18,2)::text as produced_value,
  coalesce(sum(f.scrap), 0)::numeric(18,4)::text as scrap_qty,
  case when coalesce(sum(f.produced), 0) + coalesce(sum(f.scrap), 0) > 0
    then round(sum(f.scrap) * 100 / (sum(f.produced) + sum(f.scrap)), 2)::text end as scrap_rate,
  coalesce(sum(f.completed), 0)::int as completed_mos,
  case when sum(f.due_known) > 0 then round(sum(f.on_time) * 100.0 / sum(f.due_known), 2)::text end as on_time_rate,
  round(avg(f.lead_days), 2)::text as avg_lead_time_days,
  case when sum(f.planned) > 0 then round(sum(f.plan_produced) * 100 / sum(f.planned), 2)::text end as plan_adherence`);

interface FigureRow {
  produced_qty: string | null;
  produced_value: string | null;
  scrap_qty: string | null;
  scrap_rate: string | null;
  completed_mos: number | null;
  on_time_rate: string | null;
  avg_lead_time_days: string | null;
  plan_adherence: string | null;
}

const figures = (r: FigureRow | undefined): StatsFigures => ({
  producedQty: r?.produced_qty ?? '0.0000',
  producedValue: r?.produced_value ?? '0.00',
  scrapQty: r?.scrap_qty ?? '0.0000',
  scrapRate: r?.scrap_rate ?? null,
  completedMOs: Number(r?.completed_mos ?? 0),
  onTimeRate: r?.on_time_rate ?? null,
  avgLeadTimeDays: r?.avg_lead_time_days ?? null,
  planAdherence: r?.plan_adherence ?? null,
});

/** The facts of the query, with the department filter applied to each fact's own department. */
function filtered(q: Filters, byDepartment = false): SQL {
  const department = byDepartment || Boolean(q.departmentId);
  const where = q.departmentId ? sql`where f.department_id = ${q.departmentId}` : sql``;
  return sql`(select * from (${facts(q, department)}) f ${where})`;
}

export async function statsSummary(db: DbOrTx, q: Filters): Promise<StatsSummary> {
  const [row] = rowsOf<FigureRow>(await db.execute(sql`select ${aggregates} from ${filtered(q)} f`));
  return { from: q.from, to: q.to, ...figures(row) };
}

/** One row per day, ISO week (from Monday) or month of the period, the empty ones as zeros. */
export async function statsByPeriod(db: DbOrTx, q: Filters & Pick<StatsPeriodQuery, 'granularity'>) {
  const unit = sql.raw(`'${q.granularity}'`);
  const step = sql.raw(`interval '1 ${q.granularity}'`);
  const rows = rowsOf<FigureRow & { period: string }>(
    await db.execute(sql`
      with buckets as (
        select g::date as period from generate_series(date_trunc(${unit}, ${q.from}::date::timestamp),
          date_trunc(${unit}, ${q.to}::date::timestamp), ${step}) g
      ), grouped as (
        select date_trunc(${unit}, f.day::timestamp)::date as period, ${aggregates}
        from ${filtered(q)} f group by 1
      )
      select b.period::text as period, g.produced_qty, g.produced_value, g.scrap_qty, g.scrap_rate, g.completed_mos,
        g.on_time_rate, g.avg_lead_time_days, g.plan_adherence
      from buckets b left join grouped g on g.period = b.period
      order by b.period`),
  );
  return rows.map((r): StatsPeriodRow => ({ period: r.period, ...figures(r) }));
}

export async function statsByCategory(db: DbOrTx, q: Filters): Promise<StatsCategoryRow[]> {
  const rows = rowsOf<FigureRow & { category_id: number | null; category_name: string | null }>(
    await db.execute(sql`
      select g.*, c.name as category_name from (
        select f.category_id, ${aggregates} from ${filtered(q)} f group by f.category_id
      ) g left join categories c on c.id = g.category_id
      order by g.produced_qty::numeric desc, ${ukOrder(sql`c.name`, 'asc', 'last')}`),
  );
  return rows.map((r) => ({
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryName: r.category_name,
    ...figures(r),
  }));
}

export async function statsByItem(db: DbOrTx, q: Filters): Promise<StatsItemRow[]> {
  const rows = rowsOf<FigureRow & { item_id: number; sku: string; name: string }>(
    await db.execute(sql`
      select g.*, it.sku, it.name from (
        select f.item_id, ${aggregates} from ${filtered(q)} f group by f.item_id
      ) g join items it on it.id = g.item_id
      order by g.produced_qty::numeric desc, ${ukOrder(sql`it.name`)}, it.id`),
  );
  return rows.map((r) => ({ itemId: Number(r.item_id), sku: r.sku, name: r.name, ...figures(r) }));
}

export async function statsByDepartment(db: DbOrTx, q: Filters): Promise<StatsDepartmentRow[]> {
  const rows = rowsOf<FigureRow & { department_id: number | null; department_name: string | null }>(
    await db.execute(sql`
      select g.*, d.name as department_name from (
        select f.department_id, ${aggregates} from ${filtered(q, true)} f group by f.department_id
      ) g left join departments d on d.id = g.department_id
      order by g.produced_qty::numeric desc, ${ukOrder(sql`d.name`, 'asc', 'last')}`),
  );
  return rows.map((r) => ({
    departmentId: r.department_id === null ? null : Number(r.department_id),
    departmentName: r.department_name,
    ...figures(r),
  }));
}
