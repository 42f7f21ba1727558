// Reading manufacturing orders (production.md §4 API and Page): the list with its filters, the stat cards and the
// time entries of an order. The drawer's detail is read by manufacturing.detail.ts from the same list row.
import { rowsOf } from '@/server/kernel/rows.ts';
import { sql, type SQL } from 'drizzle-orm';
import { valueList } from '@/server/kernel/sql-arrays.ts';
import { listOrder } from '@/server/kernel/collation.ts';
import { cmp, dec, div, fixed, isZero, mul, round } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  moSortFields,
  moStatuses,
  type MoListRow,
  type MoStats,
  type MoStatus,
  type TimeEntryRow,
  type moListQuerySchema,
} from '../manufacturing.contract.ts';
import { ACTIVE_STATUSES, ZERO } from './manufacturing.common.ts';
import { containsPattern } from '@/server/kernel/like.ts';

type ListQuery = z.output<typeof moListQuerySchema>;

export const ts = (column: string) => sql.raw(`(to_json(${column}) #>> '{}')`);
export const isoOf = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

export interface ListSqlRow {
  id: number;
  number: string;
  item_id: number;
  sku: string;
  item_name: string;
  unit_short_name: string | null;
  qty: string;
  produced: string;
  scrap: string;
  ops_total: number;
  ops_done: number;
  status: MoStatus;
  priority: MoListRow['priority'];
  planned_start: string | null;
  due_date: string | null;
  responsible_worker_id: number | null;
  responsible_name: string | null;
  parent_mo_id: number | null;
  created_at: string;
  orders: Array<{ orderId: number; orderNumber: string }> | string | null;
}

export const listSelect = sql`select mo.id, mo.number, mo.item_id, i.sku, i.name as item_name, u.short_name as unit_short_name,
    mo.qty::text as qty,
    coalesce((select sum(p.good_qty) from mo_postings p
      where p.mo_id = mo.id and p.kind = 'output' and p.status = 'posted'), 0)::numeric(18,4)::text as produced,
    coalesce((select sum(o.scrap_qty) from mo_operations o where o.mo_id = mo.id), 0)::numeric(18,4)::text as scrap,
    (select count(*)::int from mo_operations o where o.mo_id = mo.id) as ops_total,
    (select count(*)::int from mo_operations o where o.mo_id = mo.id and o.status in ('done', 'skipped')) as ops_done,
    mo.status, mo.priority, mo.planned_start::text as planned_start, mo.due_date::text as due_date,
    mo.responsible_worker_id,
    case when w.id is null then null else trim(w.last_name || ' ' || w.first_name || coalesce(' ' || w.middle_name, '')) end
      as responsible_name,
    mo.parent_mo_id, ${ts('mo.created_at')} as created_at,
    coalesce((select json_agg(x order by x.order_number) from (select distinct o.id as "orderId", o.order_number as "orderNumber",
        o.order_number from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
        where d.mo_id = mo.id) x), '[]'::json) as orders
  from manufacturing_orders mo
  join items i on i.id = mo.item_id
  left join units u on u.id = i.unit_id
  left join workers w on w.id = mo.responsible_worker_id`;

export function toListRow(r: ListSqlRow, today: string): MoListRow {
  const qty = dec(r.qty);
  const produced = dec(r.produced);
  let progress = 0;
  if (cmp(produced, ZERO) > 0 && !isZero(qty)) {
    progress = Math.min(100, Math.floor(Number(fixed(div(mul(produced, dec(100)), qty, 2), 2))));
  } else if (Number(r.ops_total) > 0) {
    progress = Math.floor((Number(r.ops_done) * 100) / Number(r.ops_total));
  }
  const orders = typeof r.orders === 'string' ? JSON.parse(r.orders) : (r.orders ?? []);
  return {
    id: Number(r.id),
    number: r.number,
    itemId: Number(r.item_id),
    sku: r.sku,
    itemName: r.item_name,
    unitShortName: r.unit_short_name,
    qty: r.qty,
    producedQty: r.produced,
    scrapQty: r.scrap,
    progress,
    status: r.status,
    priority: r.priority,
    plannedStart: r.planned_start,
    dueDate: r.due_date,
    isOverdue: isOverdue(r.status, r.due_date, today),
    orders: (orders as Array<{ orderId: number; orderNumber: string }>).map((o) => ({
      orderId: Number(o.orderId),
      orderNumber: o.orderNumber,
    })),
    responsibleWorkerId: r.responsible_worker_id == null ? null : Number(r.responsible_worker_id),
    responsibleName: r.responsible_name,
    parentMoId: r.parent_mo_id == null ? null : Number(r.parent_mo_id),
    createdAt: isoOf(r.created_at)!,
  };
}

export function isOverdue(status: MoStatus, dueDate: string | null, today = kyivToday()): boolean {
  return dueDate != null && dueDate < today && ACTIVE_STATUSES.includes(status);
}

const sortSql: Record<(typeof moSortFields)[number], string> = {
  number: 'mo.number',
  itemName: 'i.name',
  qty: 'mo.qty',
  status: `array_position(array['planned','released','in_progress','completed','cancelled'], mo.status)`,
  priority: `array_position(array['low','normal','high','urgent'], mo.priority)`,
  dueDate: 'mo.due_date',
  createdAt: 'mo.created_at',
};

export async function listManufacturingOrders(db: DbOrTx, q: ListQuery): Promise<{ rows: MoListRow[]; total: number }> {
  const today = kyivToday();
  const where: SQL[] = [];
  if (q.status) {
    const list = q.status
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is MoStatus => (moStatuses as readonly string[]).includes(s));
    if (list.length) where.push(sql`mo.status in (${valueList(list)})`);
    else where.push(sql`false`);
  }
  if (q.itemId) where.push(sql`mo.item_id = ${q.itemId}`);
  if (q.priority) where.push(sql`mo.priority = ${q.priority}`);
  if (q.responsibleWorkerId) where.push(sql`mo.responsible_worker_id = ${q.responsibleWorkerId}`);
  if (q.departmentId) {
    where.push(
      sql`exists (select 1 from mo_operations o where o.mo_id = mo.id and o.department_id = ${q.departmentId})`,
    );
  }
  if (q.dueFrom) where.push(sql`mo.due_date >= ${q.dueFrom}`);
  if (q.dueTo) where.push(sql`mo.due_date <= ${q.dueTo}`);
  if (q.orderId) {
    where.push(sql`exists (select 1 from mo_demands d join order_lines l on l.id = d.order_line_id
      where d.mo_id = mo.id and l.order_id = ${q.orderId})`);
  }
  if (q.overdue === 'true') {
    where.push(sql`mo.due_date < ${today} and mo.status in ('planned', 'released', 'in_progress')`);
  }
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(sql`(mo.number ilike ${like} or i.name ilike ${like} or i.sku ilike ${like}
      or exists (select 1 from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
        where d.mo_id = mo.id and o.order_number ilike ${like}))`);
  }
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { field, desc } = parseSort(q.sort ?? '-createdAt', moSortFields, 'createdAt');
  const { limit, offset } = pageWindow(q);
  const rows = rowsOf<ListSqlRow>(
    await db.execute(sql`${listSelect} ${condition}
      order by ${listOrder(sql.raw(sortSql[field]), field, desc, 'last')}, mo.id ${sql.raw(desc ? 'desc' : 'asc')}
      limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from manufacturing_orders mo join items i on i.id = mo.item_id
      ${condition}`),
  );
  return { rows: rows.map((r) => toListRow(r, today)), total: Number(count?.total ?? 0) };
}

/** The stat cards: planned, released, in progress, completed this (Kyiv) month, overdue. */
export async function manufacturingStats(db: DbOrTx): Promise<MoStats> {
  const today = kyivToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
        count(*) filter (where status = 'planned')::int as planned,
        count(*) filter (where status = 'released')::int as released,
        count(*) filter (where status = 'in_progress')::int as in_progress,
        count(*) filter (where status = 'completed'
          and (completed_at at time zone 'Europe/Kyiv')::date >= ${monthStart}::date)::int as completed,
        count(*) filter (where status in ('planned', 'released', 'in_progress') and due_date < ${today}::date)::int as overdue
      from manufacturing_orders`),
  );
  return {
    planned: Number(row?.planned ?? 0),
    released: Number(row?.released ?? 0),
    inProgress: Number(row?.in_progress ?? 0),
    completedThisMonth: Number(row?.completed ?? 0),
    overdue: Number(row?.overdue ?? 0),
  };
}

/** The time entries of an MO's operations, newest first. */
export async function moTimeEntries(db: DbOrTx, moId: number): Promise<TimeEntryRow[]> {
  const rows = rowsOf<{
    id: number;
    worker_id: number;
    worker_name: string;
    mo_operation_id: number | null;
    seq: number | null;
    op_name: string | null;
    started_at: string;
    ended_at: string | null;
    minutes: string | null;
    hourly_rate: string | null;
    good_qty: string;
    scrap_qty: string;
    scrap_reason: string | null;
    pause_reason: string | null;
    qc_passed: boolean | null;
    source: string;
    auto_closed: boolean;
  }>(
    await db.execute(sql`select te.id, te.worker_id,
        trim(w.last_name || ' ' || w.first_name || coalesce(' ' || w.middle_name, '')) as worker_name,
        te.mo_operation_id, o.seq, o.name as op_name, ${ts('te.started_at')} as started_at,
        ${ts('te.ended_at')} as ended_at, te.minutes::text as minutes, te.hourly_rate::text as hourly_rate,
        te.good_qty::text as good_qty, te.scrap_qty::text as scrap_qty, te.scrap_reason, te.pause_reason,
        te.qc_passed, te.source, te.auto_closed
      from time_entries te join mo_operations o on o.id = te.mo_operation_id join workers w on w.id = te.worker_id
      where o.mo_id = ${moId} order by te.started_at desc, te.id desc`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    workerId: Number(r.worker_id),
    workerName: r.worker_name,
    moOperationId: r.mo_operation_id == null ? null : Number(r.mo_operation_id),
    operationSeq: r.seq == null ? null : Number(r.seq),
    operationName: r.op_name,
    startedAt: isoOf(r.started_at)!,
    endedAt: isoOf(r.ended_at),
    minutes: r.minutes,
    hourlyRate: r.hourly_rate,
    labour: fixed(round(div(mul(dec(r.minutes ?? '0'), dec(r.hourly_rate ?? '0')), dec(60), 8), 2), 2),
    goodQty: r.good_qty,
    scrapQty: r.scrap_qty,
    scrapReason: r.scrap_reason,
    pauseReason: r.pause_reason,
    qcPassed: r.qc_passed == null ? null : r.qc_passed === true || (r.qc_passed as unknown) === 't',
    source: r.source,
    autoClosed: r.auto_closed === true || (r.auto_closed as unknown) === 't',
  }));
}
