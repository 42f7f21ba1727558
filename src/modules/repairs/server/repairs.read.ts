// Reading repairs (production.md §7 API and Page): the list with its filters, the stat cards, one repair with its
// time entries and costs, its status history and its parts (draft lines and RPP postings).
import { sql, type SQL } from 'drizzle-orm';
import { valueList } from '@/server/kernel/sql-arrays.ts';
import { DomainError } from '@/shared/api-error.ts';
import { listOrder } from '@/server/kernel/collation.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { add, cmp, dec, div, fixed, mul, round } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import { paidByOrder } from '@/modules/orders/server/index.ts';
import {
  repairMessages,
  repairOpenStatuses,
  repairSortFields,
  repairStatuses,
  repairStatusLabels,
  repairTransitions,
  warrantyLabel,
  type Repair,
  type RepairCosts,
  type RepairHistoryRow,
  type RepairStats,
  type RepairStatus,
  type RepairSummary,
  type RepairTimeEntryRow,
  type repairListQuerySchema,
} from '../repairs.contract.ts';
import { isoOf, MONEY, overdueDays, repairHourPrice, ts, userNameSql, workerNameSql } from './repairs.common.ts';

type ListQuery = z.output<typeof repairListQuerySchema>;

interface SummarySqlRow {
  id: number;
  number: string;
  intake_date: string;
  status: RepairStatus;
  serial_number_id: number | null;
  serial: string | null;
  item_id: number;
  sku: string;
  item_name: string;
  client_id: number;
  client_name: string;
  problem_description: string;
  is_warranty: boolean;
  warranty_until: string | null;
  assigned_worker_id: number | null;
  assigned_worker_name: string | null;
  estimated_cost: string | null;
  billing_order_id: number | null;
  returned_at: string | null;
  created_at: string;
  days: number;
}

const summarySelect = sql`select r.id, r.number, r.intake_date::text as intake_date, r.status, r.serial_number_id,
    s.serial, r.item_id, i.sku, i.name as item_name, r.client_id, c.name as client_name, r.problem_description,
    r.is_warranty, r.warranty_until::text as warranty_until, r.assigned_worker_id,
    ${workerNameSql('w')} as assigned_worker_name, r.estimated_cost::text as estimated_cost, r.billing_order_id,
    ${ts('r.returned_at')} as returned_at, ${ts('r.created_at')} as created_at,
    (coalesce((r.returned_at at time zone 'Europe/Kyiv')::date, current_date) - r.intake_date)::int as days
  from repairs r
  join items i on i.id = r.item_id
  join counterparties c on c.id = r.client_id
  left join serial_numbers s on s.id = r.serial_number_id
  left join workers w on w.id = r.assigned_worker_id`;

const inWorkshop = (status: RepairStatus) => status !== 'returned' && status !== 'cancelled';

function toSummary(r: SummarySqlRow, days: number): RepairSummary {
  return {
    id: Number(r.id),
    number: r.number,
    intakeDate: r.intake_date,
    status: r.status,
    statusLabel: repairStatusLabels[r.status],
    serialNumberId: r.serial_number_id == null ? null : Number(r.serial_number_id),
    serial: r.serial,
    itemId: Number(r.item_id),
    sku: r.sku,
    itemName: r.item_name,
    clientId: Number(r.client_id),
    clientName: r.client_name,
    problemDescription: r.problem_description,
    isWarranty: r.is_warranty,
    warrantyLabel: warrantyLabel(r.is_warranty),
    warrantyUntil: r.warranty_until,
    assignedWorkerId: r.assigned_worker_id == null ? null : Number(r.assigned_worker_id),
    assignedWorkerName: r.assigned_worker_name,
    estimatedCost: r.estimated_cost,
    daysInRepair: Math.max(0, Number(r.days)),
    overdue: inWorkshop(r.status) && Number(r.days) > days,
    billingOrderId: r.billing_order_id == null ? null : Number(r.billing_order_id),
    returnedAt: isoOf(r.returned_at),
    createdAt: isoOf(r.created_at)!,
  };
}

const sortSql: Record<(typeof repairSortFields)[number], string> = {
  number: 'r.number',
  intakeDate: 'r.intake_date',
  status: `array_position(array['received','diagnosed','in_repair','ready','returned','cancelled'], r.status)`,
  clientName: 'c.name',
  itemName: 'i.name',
  createdAt: 'r.created_at',
};

export async function listRepairs(db: DbOrTx, q: ListQuery): Promise<{ rows: RepairSummary[]; total: number }> {
  const days = await overdueDays(db);
  const where: SQL[] = [];
  if (q.status) {
    const list = q.status
      .split(',')
      .map((s) => s.trim())
      .filter((s) => (repairStatuses as readonly string[]).includes(s));
    where.push(list.length ? sql`r.status in (${valueList(list)})` : sql`false`);
  }
  if (q.warranty) where.push(sql`r.is_warranty = ${q.warranty === 'true'}`);
  if (q.overdue === 'true') {
    where.push(sql`r.status not in ('returned', 'cancelled') and current_date - r.intake_date > ${days}`);
  }
  if (q.dateFrom) where.push(sql`r.intake_date >= ${q.dateFrom}`);
  if (q.dateTo) where.push(sql`r.intake_date <= ${q.dateTo}`);
  if (q.clientId) where.push(sql`r.client_id = ${q.clientId}`);
  if (q.itemId) where.push(sql`r.item_id = ${q.itemId}`);
  if (q.serialNumberId) where.push(sql`r.serial_number_id = ${q.serialNumberId}`);
  if (q.assignedWorkerId) where.push(sql`r.assigned_worker_id = ${q.assignedWorkerId}`);
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(sql`(r.number ilike ${like} or s.serial ilike ${like} or i.name ilike ${like} or i.sku ilike ${like}
      or c.name ilike ${like} or r.problem_description ilike ${like})`);
  }
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { field, desc } = parseSort<(typeof repairSortFields)[number]>(q.sort, repairSortFields, '-createdAt');
  const { limit, offset } = pageWindow(q);
  const rows = rowsOf<SummarySqlRow>(
    await db.execute(sql`${summarySelect} ${condition}
      order by ${listOrder(sql.raw(sortSql[field]), field, desc, 'last')}, r.id ${sql.raw(desc ? 'desc' : 'asc')}
      limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from repairs r join items i on i.id = r.item_id
      join counterparties c on c.id = r.client_id left join serial_numbers s on s.id = r.serial_number_id ${condition}`),
  );
  return { rows: rows.map((r) => toSummary(r, days)), total: Number(count?.total ?? 0) };
}

/** The stat cards: in work, ready, overdue, and the warranty share of this (Kyiv) month's intake. */
export async function repairStats(db: DbOrTx): Promise<RepairStats> {
  const days = await overdueDays(db);
  const monthStart = `${kyivToday().slice(0, 7)}-01`;
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
        count(*) filter (where status in (${valueList(repairOpenStatuses)}))::int as in_work,
        count(*) filter (where status = 'ready')::int as ready,
        count(*) filter (where status not in ('returned', 'cancelled') and current_date - intake_date > ${days})::int
          as overdue,
        count(*) filter (where intake_date >= ${monthStart}::date)::int as month,
        count(*) filter (where intake_date >= ${monthStart}::date and is_warranty)::int as month_warranty
      from repairs`),
  );
  const month = Number(row?.month ?? 0);
  const warranty = Number(row?.month_warranty ?? 0);
  return {
    inWork: Number(row?.in_work ?? 0),
    ready: Number(row?.ready ?? 0),
    overdue: Number(row?.overdue ?? 0),
    overdueDays: days,
    receivedThisMonth: month,
    warrantyThisMonth: warranty,
    warrantySharePercent: month ? Math.round((warranty * 100) / month) : 0,
  };
}

export async function repairTimeEntries(db: DbOrTx, repairId: number): Promise<RepairTimeEntryRow[]> {
  const rows = rowsOf<{
    id: number;
    worker_id: number;
    worker_name: string;
    date: string;
    started_at: string;
    ended_at: string | null;
    minutes: string | null;
    rate: string | null;
    note: string | null;
  }>(
    await db.execute(sql`select t.id, t.worker_id, ${workerNameSql('w')} as worker_name,
        (t.started_at at time zone 'Europe/Kyiv')::date::text as date,
        ${ts('t.started_at')} as started_at, ${ts('t.ended_at')} as ended_at, t.minutes::text as minutes,
        t.hourly_rate::text as rate, t.note
      from time_entries t join workers w on w.id = t.worker_id
      where t.repair_id = ${repairId} order by t.started_at, t.id`),
  );
  return rows.map((r) => {
    const minutes = r.minutes ?? '0';
    const rate = r.rate ?? '0';
    return {
      id: Number(r.id),
      workerId: Number(r.worker_id),
      workerName: r.worker_name,
      date: r.date,
      startedAt: isoOf(r.started_at)!,
      endedAt: isoOf(r.ended_at),
      minutes,
      hourlyRate: rate,
      cost: fixed(round(div(mul(dec(minutes), dec(rate)), dec(60), 6), MONEY), MONEY),
      note: r.note,
    };
  });
}

/** The costs of 'Вартість' from the posted parts, the time entries and the part lines' client prices. */
export async function repairCosts(
  db: DbOrTx,
  repairId: number,
  isWarranty: boolean,
  entries?: RepairTimeEntryRow[],
): Promise<RepairCosts> {
  const time = entries ?? (await repairTimeEntries(db, repairId));
  const [row] = rowsOf<{ parts: string; client: string }>(
    await db.execute(sql`select
        coalesce((select sum(value) from repair_parts_postings where repair_id = ${repairId} and status = 'posted'), 0)
          ::numeric(18,2)::text as parts,
        coalesce((select sum(round(qty * price_for_client, 2)) from repair_parts where repair_id = ${repairId}), 0)
          ::numeric(18,2)::text as client`),
  );
  const partsCost = dec(row?.parts ?? '0');
  const labour = time.reduce((s, e) => add(s, dec(e.cost)), dec(0));
  const minutes = time.reduce((s, e) => add(s, dec(e.minutes)), dec(0));
  const hours = round(div(minutes, dec(60), 6), 2);
  const hourPrice = await repairHourPrice(db);
  const partsClient = dec(row?.client ?? '0');
  const total = add(partsCost, labour);
  return {
    partsCost: fixed(partsCost, MONEY),
    labourCost: fixed(labour, MONEY),
    total: fixed(total, MONEY),
    partsPriceForClient: fixed(partsClient, MONEY),
    hours: fixed(hours, 2),
    hourPrice: fixed(round(dec(hourPrice), 2), MONEY),
    billable: fixed(add(round(mul(hours, dec(hourPrice)), 2), partsClient), MONEY),
    warrantyCost: isWarranty ? fixed(total, MONEY) : '0.00',
  };
}

interface DetailSqlRow extends SummarySqlRow {
  version: number;
  contact_id: number | null;
  contact_name: string | null;
  accessories: string | null;
  visual_damage: string | null;
  diagnosis: string | null;
  work_done: string | null;
  notes: string | null;
  sold_at: string | null;
  computed_warranty: boolean;
  warranty_override: boolean | null;
  warranty_override_reason: string | null;
  client_approved: boolean;
  client_approved_at: string | null;
  order_number: string | null;
  order_total: string | null;
  returned_without_payment: boolean;
  returned_without_payment_reason: string | null;
  unposted: number;
  parts: number;
  created_by_name: string | null;
  updated_at: string;
}

export async function getRepair(db: DbOrTx, id: number): Promise<Repair> {
  const days = await overdueDays(db);
  const [r] = rowsOf<DetailSqlRow>(
    await db.execute(sql`select x.*, r.version, r.contact_id, cc.full_name as contact_name, r.accessories,
        r.visual_damage, r.diagnosis, r.work_done, r.notes, ${ts('r.sold_at')} as sold_at, r.computed_warranty,
        r.warranty_override, r.warranty_override_reason, r.client_approved, ${ts('r.client_approved_at')} as client_approved_at,
        o.order_number, o.total_gross::text as order_total, r.returned_without_payment, r.returned_without_payment_reason,
        (select count(*)::int from repair_parts p where p.repair_id = r.id and p.posting_id is null) as unposted,
        (select count(*)::int from repair_parts p where p.repair_id = r.id) as parts,
        ${userNameSql('u')} as created_by_name, ${ts('r.updated_at')} as updated_at
      from (${summarySelect} where r.id = ${id}) x
      join repairs r on r.id = x.id
      left join counterparty_contacts cc on cc.id = r.contact_id
      left join orders o on o.id = r.billing_order_id
      left join users u on u.id = r.created_by`),
  );
  if (!r) throw new DomainError(404, repairMessages.notFound);
  const summary = toSummary(r, days);
  const timeEntries = await repairTimeEntries(db, id);
  const costs = await repairCosts(db, id, r.is_warranty, timeEntries);
  let orderPaid = false;
  if (summary.billingOrderId != null && r.order_total != null) {
    const paid = (await paidByOrder(db, [summary.billingOrderId])).get(summary.billingOrderId) ?? dec(0);
    orderPaid = cmp(paid, dec(r.order_total)) >= 0;
  }
  return {
    ...summary,
    version: Number(r.version),
    contactId: r.contact_id == null ? null : Number(r.contact_id),
    contactName: r.contact_name,
    accessories: r.accessories,
    visualDamage: r.visual_damage,
    diagnosis: r.diagnosis,
    workDone: r.work_done,
    notes: r.notes,
    soldAt: isoOf(r.sold_at),
    computedWarranty: r.computed_warranty,
    warrantyOverride: r.warranty_override,
    warrantyOverrideReason: r.warranty_override_reason,
    clientApproved: r.client_approved,
    clientApprovedAt: isoOf(r.client_approved_at),
    billingOrderNumber: r.order_number,
    billingOrderPaid: orderPaid,
    returnedWithoutPayment: r.returned_without_payment,
    returnedWithoutPaymentReason: r.returned_without_payment_reason,
    allowedTransitions: [...repairTransitions[r.status]],
    hasUnpostedParts: Number(r.unposted) > 0,
    canDelete: r.status === 'received' && Number(r.parts) === 0,
    canInvoice: !r.is_warranty && summary.billingOrderId == null && inWorkshop(r.status),
    timeEntries,
    costs,
    partsCost: costs.partsCost,
    labourCost: costs.labourCost,
    totalCost: costs.total,
    createdByName: r.created_by_name,
    updatedAt: isoOf(r.updated_at)!,
  };
}

export async function repairHistory(db: DbOrTx, id: number): Promise<RepairHistoryRow[]> {
  const rows = rowsOf<{
    id: number;
    from_status: RepairStatus | null;
    to_status: RepairStatus;
    at: string;
    user_id: number | null;
    user_name: string | null;
    comment: string | null;
  }>(
    await db.execute(sql`select h.id, h.from_status, h.to_status, ${ts('h.at')} as at, h.user_id,
        ${userNameSql('u')} as user_name, h.comment
      from repair_status_history h left join users u on u.id = h.user_id
      where h.repair_id = ${id} order by h.at, h.id`),
  );
  return rows.map((h) => ({
    id: Number(h.id),
    from: h.from_status,
    fromLabel: h.from_status ? repairStatusLabels[h.from_status] : null,
    to: h.to_status,
    toLabel: repairStatusLabels[h.to_status],
    at: isoOf(h.at)!,
    userId: h.user_id == null ? null : Number(h.user_id),
    userName: h.user_name,
    comment: h.comment,
  }));
}
