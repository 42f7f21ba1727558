// The drawer's detail of a manufacturing order (production.md §4 API and Page): materials (required, reserved,
// issued, available, short), operations (planned vs actual minutes), postings with lines, demand links, planned vs
// actual cost, serials and time entries.
import { rowsOf } from '@/server/kernel/rows.ts';
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, mul, round, sub } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { moMessages, type MoDetail, type MoStatus } from '../manufacturing.contract.ts';
import { ACTIVE_STATUSES, MO_MATERIAL, ZERO, actualCosts, conversionPerUnit, maxDec } from './manufacturing.common.ts';
import { isoOf, listSelect, moTimeEntries, toListRow, ts, type ListSqlRow } from './manufacturing.read.ts';
import { materialAvailability } from './manufacturing.availability.ts';
import { isReadyToComplete } from './manufacturing.completion.ts';

export async function getManufacturingOrder(db: DbOrTx, id: number): Promise<MoDetail> {
  const today = kyivToday();
  const [base] = rowsOf<ListSqlRow>(await db.execute(sql`${listSelect} where mo.id = ${id}`));
  if (!base) throw new DomainError(404, moMessages.notFound);
  const listRow = toListRow(base, today);
  const [h] = rowsOf<{
    kind: string;
    serial_tracking: boolean;
    recipe_id: number | null;
    recipe_name: string | null;
    bom_id: number | null;
    bom_name: string | null;
    bom_current_version: number | null;
    tech_card_id: number | null;
    tech_card_name: string | null;
    tech_card_current_version: number | null;
    bom_version: number | null;
    tech_card_version: number | null;
    output_warehouse_id: number;
    output_warehouse_name: string;
    materials_warehouse_id: number;
    materials_warehouse_name: string;
    parent_mo_number: string | null;
    parent_material_id: number | null;
    released_at: string | null;
    released_by_name: string | null;
    started_at: string | null;
    completed_at: string | null;
    completed_by_name: string | null;
    cancelled_at: string | null;
    cancel_reason: string | null;
    excess_handling: 'return' | 'variance' | null;
    notes: string | null;
    version: number;
    created_by_name: string | null;
    updated_at: string;
    planned_material: string | null;
    planned_labour: string | null;
    planned_overhead: string | null;
    planned_total: string | null;
    actual_material: string | null;
    actual_labour: string | null;
    actual_overhead: string | null;
    actual_total: string | null;
  }>(
    await db.execute(sql`select i.kind, (i.serial_tracking and i.kind <> 'service') as serial_tracking,
        mo.recipe_id, r.name as recipe_name, mo.bom_id, b.name as bom_name, b.version as bom_current_version,
        mo.tech_card_id, tc.name as tech_card_name, tc.version as tech_card_current_version,
        mo.bom_version, mo.tech_card_version,
        mo.output_warehouse_id, ow.name as output_warehouse_name,
        mo.materials_warehouse_id, mw.name as materials_warehouse_name,
        pm.number as parent_mo_number, mo.parent_material_id,
        ${ts('mo.released_at')} as released_at, trim(ru.last_name || ' ' || ru.first_name) as released_by_name,
        ${ts('mo.started_at')} as started_at, ${ts('mo.completed_at')} as completed_at,
        trim(cu.last_name || ' ' || cu.first_name) as completed_by_name,
        ${ts('mo.cancelled_at')} as cancelled_at, mo.cancel_reason, mo.excess_handling, mo.notes, mo.version,
        trim(cr.last_name || ' ' || cr.first_name) as created_by_name, ${ts('mo.updated_at')} as updated_at,
        mo.planned_material::text, mo.planned_labour::text, mo.planned_overhead::text, mo.planned_total::text,
        mo.actual_material::text, mo.actual_labour::text, mo.actual_overhead::text, mo.actual_total::text
      from manufacturing_orders mo
      join items i on i.id = mo.item_id
      left join recipes r on r.id = mo.recipe_id
      left join boms b on b.id = mo.bom_id
      left join tech_cards tc on tc.id = mo.tech_card_id
      join warehouses ow on ow.id = mo.output_warehouse_id
      join warehouses mw on mw.id = mo.materials_warehouse_id
      left join manufacturing_orders pm on pm.id = mo.parent_mo_id
      left join users ru on ru.id = mo.released_by
      left join users cu on cu.id = mo.completed_by
      left join users cr on cr.id = mo.created_by
      where mo.id = ${id}`),
  );
  const header = h!;
  const status = listRow.status;
  const produced = dec(listRow.producedQty);
  const scrap = dec(listRow.scrapQty);

  const materialRows = rowsOf<{
    id: number;
    line_no: number;
    item_id: number;
    sku: string;
    name: string;
    kind: string;
    unit_short_name: string | null;
    per_unit_qty: string;
    required_qty: string;
    issued: string;
    reserved: string;
    available: string;
    avg_cost: string | null;
    children: Array<{ id: number; number: string; status: MoStatus }> | string | null;
  }>(
    await db.execute(sql`select m.id, m.line_no, m.item_id, i.sku, i.name, i.kind, u.short_name as unit_short_name,
        m.per_unit_qty::text as per_unit_qty, m.required_qty::text as required_qty,
        coalesce((select sum(l.qty) from mo_posting_lines l join mo_postings p on p.id = l.posting_id
          where l.mo_material_id = m.id and p.status = 'posted' and p.kind = 'issue'), 0)::numeric(18,4)::text as issued,
        coalesce((select sum(r.qty) from stock_reservations r
          where r.source_type = ${MO_MATERIAL} and r.source_id = m.id), 0)::numeric(18,4)::text as reserved,
        coalesce((select b.on_hand - b.reserved from stock_balances b
          where b.item_id = m.item_id and b.warehouse_id = ${header.materials_warehouse_id}), 0)::numeric(18,4)::text as available,
        c.avg_cost::text as avg_cost,
        coalesce((select json_agg(json_build_object('id', ch.id, 'number', ch.number, 'status', ch.status) order by ch.id)
          from manufacturing_orders ch where ch.parent_material_id = m.id and ch.status <> 'cancelled'), '[]'::json) as children
      from mo_materials m join items i on i.id = m.item_id left join units u on u.id = i.unit_id
      left join item_costs c on c.item_id = m.item_id
      where m.mo_id = ${id} order by m.line_no, m.id`),
  );
  const materials = materialRows.map((m) => {
    const required = dec(m.required_qty);
    const issued = dec(m.issued);
    const reserved = dec(m.reserved);
    const available = dec(m.available);
    const children = typeof m.children === 'string' ? JSON.parse(m.children) : (m.children ?? []);
    return {
      id: Number(m.id),
      lineNo: Number(m.line_no),
      itemId: Number(m.item_id),
      sku: m.sku,
      itemName: m.name,
      kind: m.kind,
      unitShortName: m.unit_short_name,
      perUnitQty: m.per_unit_qty,
      requiredQty: m.required_qty,
      issuedQty: m.issued,
      reservedQty: m.reserved,
      availableQty: m.available,
      shortQty: fixed(maxDec(sub(sub(sub(required, issued), reserved), maxDec(available, ZERO)), ZERO), 4),
      avgCost: m.avg_cost ?? '0',
      childOrders: (children as Array<{ id: number; number: string; status: MoStatus }>).map((c) => ({
        id: Number(c.id),
        number: c.number,
        status: c.status,
      })),
    };
  });
  const excessLines = ACTIVE_STATUSES.includes(status)
    ? materialRows
        .map((m) => ({
          moMaterialId: Number(m.id),
          itemName: m.name,
          qty: sub(dec(m.issued), round(mul(dec(m.per_unit_qty), add(produced, scrap)), 4)),
        }))
        .filter((x) => cmp(x.qty, ZERO) > 0 && x.moMaterialId > 0)
        .map((x) => ({ ...x, qty: fixed(x.qty, 4) }))
    : [];

  const operationRows = rowsOf<{
    id: number;
    seq: number;
    name: string;
    department_id: number | null;
    department_name: string | null;
    position_id: number | null;
    position_name: string | null;
    setup_minutes: string;
    run_minutes_per_unit: string;
    planned_minutes: string;
    actual_minutes: string;
    equipment: string | null;
    instructions: string | null;
    can_run_parallel: boolean;
    quality_check: boolean;
    status: MoDetail['operations'][number]['status'];
    good_qty: string;
    scrap_qty: string;
    started_at: string | null;
    finished_at: string | null;
  }>(
    await db.execute(sql`select o.id, o.seq, o.name, o.department_id, d.name as department_name, o.position_id,
        p.name as position_name, o.setup_minutes::text, o.run_minutes_per_unit::text, o.planned_minutes::text,
        coalesce((select sum(te.minutes) from time_entries te where te.mo_operation_id = o.id), 0)::numeric(14,2)::text
          as actual_minutes,
        o.equipment, o.instructions, o.can_run_parallel, o.quality_check, o.status, o.good_qty::text,
        o.scrap_qty::text, ${ts('o.started_at')} as started_at, ${ts('o.finished_at')} as finished_at
      from mo_operations o left join departments d on d.id = o.department_id left join positions p on p.id = o.position_id
      where o.mo_id = ${id} order by o.seq, o.id`),
  );
  const bool = (v: unknown) => v === true || v === 't';
  const operations = operationRows.map((o) => ({
    id: Number(o.id),
    seq: Number(o.seq),
    name: o.name,
    departmentId: o.department_id == null ? null : Number(o.department_id),
    departmentName: o.department_name,
    positionId: o.position_id == null ? null : Number(o.position_id),
    positionName: o.position_name,
    setupMinutes: o.setup_minutes,
    runMinutesPerUnit: o.run_minutes_per_unit,
    plannedMinutes: o.planned_minutes,
    actualMinutes: o.actual_minutes,
    equipment: o.equipment,
    instructions: o.instructions,
    canRunParallel: bool(o.can_run_parallel),
    qualityCheck: bool(o.quality_check),
    status: o.status,
    goodQty: o.good_qty,
    scrapQty: o.scrap_qty,
    startedAt: isoOf(o.started_at),
    finishedAt: isoOf(o.finished_at),
  }));

  const postingRows = rowsOf<{
    id: number;
    kind: 'issue' | 'output';
    number: string;
    posting_date: string;
    status: 'posted' | 'cancelled';
    output_posting_id: number | null;
    good_qty: string | null;
    scrap_qty: string | null;
    serials: string[] | string | null;
    material_value: string | null;
    conversion_value: string | null;
    unit_cost: string | null;
    value: string;
    notes: string | null;
    cancelled_at: string | null;
    cancel_reason: string | null;
    created_by_name: string | null;
    created_at: string;
  }>(
    await db.execute(sql`select p.id, p.kind, p.number, p.posting_date::text as posting_date, p.status,
        p.output_posting_id, p.good_qty::text, p.scrap_qty::text, p.serials, p.material_value::text,
        p.conversion_value::text, p.unit_cost::text, p.value::text, p.notes, ${ts('p.cancelled_at')} as cancelled_at,
        p.cancel_reason, trim(u.last_name || ' ' || u.first_name) as created_by_name, ${ts('p.created_at')} as created_at
      from mo_postings p left join users u on u.id = p.created_by where p.mo_id = ${id} order by p.id`),
  );
  const lineRows = rowsOf<{
    id: number;
    posting_id: number;
    mo_material_id: number | null;
    item_id: number;
    sku: string;
    name: string;
    qty: string;
    value: string;
  }>(
    await db.execute(sql`select l.id, l.posting_id, l.mo_material_id, l.item_id, i.sku, i.name, l.qty::text, l.value::text
      from mo_posting_lines l join mo_postings p on p.id = l.posting_id join items i on i.id = l.item_id
      where p.mo_id = ${id} order by l.id`),
  );
  const postings = postingRows.map((p) => ({
    id: Number(p.id),
    kind: p.kind,
    number: p.number,
    postingDate: p.posting_date,
    status: p.status,
    outputPostingId: p.output_posting_id == null ? null : Number(p.output_posting_id),
    goodQty: p.good_qty,
    scrapQty: p.scrap_qty,
    serials: (typeof p.serials === 'string' ? JSON.parse(p.serials) : (p.serials ?? [])) as string[],
    materialValue: p.material_value,
    conversionValue: p.conversion_value,
    unitCost: p.unit_cost,
    value: p.value,
    notes: p.notes,
    cancelledAt: isoOf(p.cancelled_at),
    cancelReason: p.cancel_reason,
    createdByName: p.created_by_name,
    createdAt: isoOf(p.created_at)!,
    lines: lineRows
      .filter((l) => Number(l.posting_id) === Number(p.id))
      .map((l) => ({
        id: Number(l.id),
        moMaterialId: l.mo_material_id == null ? null : Number(l.mo_material_id),
        itemId: Number(l.item_id),
        sku: l.sku,
        itemName: l.name,
        qty: l.qty,
        value: l.value,
      })),
  }));

  const demandRows = rowsOf<{
    id: number;
    order_line_id: number;
    order_id: number;
    order_number: string;
    client_name: string | null;
    qty: string;
    line_qty: string;
    line_reserved: string;
    due_date: string | null;
    order_status: string;
  }>(
    await db.execute(sql`select d.id, d.order_line_id, o.id as order_id, o.order_number, c.name as client_name,
        d.qty::text, l.qty::text as line_qty,
        coalesce((select sum(r.qty) from stock_reservations r where r.source_type = 'order_line'
          and r.source_id = l.id), 0)::numeric(18,4)::text as line_reserved,
        o.due_date::text as due_date, o.status as order_status
      from mo_demands d join order_lines l on l.id = d.order_line_id join orders o on o.id = l.order_id
      left join counterparties c on c.id = o.client_id
      where d.mo_id = ${id} order by o.due_date asc nulls last, o.id, l.line_no`),
  );
  const demands = demandRows.map((d) => ({
    id: Number(d.id),
    orderLineId: Number(d.order_line_id),
    orderId: Number(d.order_id),
    orderNumber: d.order_number,
    clientName: d.client_name,
    qty: d.qty,
    lineQty: d.line_qty,
    lineReserved: d.line_reserved,
    dueDate: d.due_date,
    orderStatus: d.order_status,
  }));

  const actual =
    status === 'completed' && header.actual_total != null
      ? {
          material: header.actual_material!,
          labour: header.actual_labour!,
          overhead: header.actual_overhead!,
          total: header.actual_total,
        }
      : await actualCosts(db, id);
  const planned =
    header.planned_total != null
      ? {
          material: header.planned_material ?? '0.00',
          labour: header.planned_labour ?? '0.00',
          overhead: header.planned_overhead ?? '0.00',
          total: header.planned_total,
        }
      : null;
  const outputValue = postings
    .filter((p) => p.kind === 'output' && p.status === 'posted')
    .reduce((s, p) => add(s, add(dec(p.materialValue ?? '0'), dec(p.conversionValue ?? '0'))), ZERO);
  const costs = {
    planned,
    actual,
    actualUnitCost: cmp(produced, ZERO) > 0 ? fixed(div(dec(actual.total), produced, 6), 6) : null,
    variance: planned ? fixed(sub(dec(actual.total), dec(planned.total)), 2) : null,
    outputValue: fixed(outputValue, 2),
    unabsorbed: fixed(sub(dec(actual.total), outputValue), 2),
    conversionPerUnit: fixed(
      conversionPerUnit({
        qty: listRow.qty,
        plannedLabour: header.planned_labour,
        plannedOverhead: header.planned_overhead,
      }),
      6,
    ),
  };

  const serialRows = rowsOf<{
    id: number;
    serial: string;
    status: string;
    warehouse_id: number | null;
    warehouse_name: string | null;
  }>(
    await db.execute(sql`select s.id, s.serial, s.status, s.warehouse_id, w.name as warehouse_name
      from serial_numbers s left join warehouses w on w.id = s.warehouse_id where s.mo_id = ${id} order by s.id`),
  );
  const children = rowsOf<{ id: number; number: string; status: MoStatus }>(
    await db.execute(sql`select id, number, status from manufacturing_orders where parent_mo_id = ${id} order by id`),
  );

  const specChanged =
    status !== 'planned' &&
    status !== 'cancelled' &&
    ((header.bom_version != null &&
      header.bom_current_version != null &&
      Number(header.bom_version) !== Number(header.bom_current_version)) ||
      (header.tech_card_version != null &&
        header.tech_card_current_version != null &&
        Number(header.tech_card_version) !== Number(header.tech_card_current_version)));

  return {
    ...listRow,
    kind: header.kind,
    serialTracking: bool(header.serial_tracking),
    recipeId: header.recipe_id == null ? null : Number(header.recipe_id),
    recipeName: header.recipe_name,
    bomId: header.bom_id == null ? null : Number(header.bom_id),
    bomName: header.bom_name,
    techCardId: header.tech_card_id == null ? null : Number(header.tech_card_id),
    techCardName: header.tech_card_name,
    bomVersion: header.bom_version == null ? null : Number(header.bom_version),
    techCardVersion: header.tech_card_version == null ? null : Number(header.tech_card_version),
    specChanged,
    outputWarehouseId: Number(header.output_warehouse_id),
    outputWarehouseName: header.output_warehouse_name,
    materialsWarehouseId: Number(header.materials_warehouse_id),
    materialsWarehouseName: header.materials_warehouse_name,
    parentMoNumber: header.parent_mo_number,
    parentMaterialId: header.parent_material_id == null ? null : Number(header.parent_material_id),
    releasedAt: isoOf(header.released_at),
    releasedByName: header.released_by_name || null,
    startedAt: isoOf(header.started_at),
    completedAt: isoOf(header.completed_at),
    completedByName: header.completed_by_name || null,
    cancelledAt: isoOf(header.cancelled_at),
    cancelReason: header.cancel_reason,
    excessHandling: header.excess_handling,
    notes: header.notes,
    version: Number(header.version),
    createdByName: header.created_by_name || null,
    updatedAt: isoOf(header.updated_at)!,
    materials,
    operations,
    postings,
    demands,
    costs,
    serials: serialRows.map((s) => ({
      id: Number(s.id),
      value: s.serial,
      status: s.status,
      warehouseId: s.warehouse_id == null ? null : Number(s.warehouse_id),
      warehouseName: s.warehouse_name,
    })),
    timeEntries: await moTimeEntries(db, id),
    childOrders: children.map((c) => ({ id: Number(c.id), number: c.number, status: c.status })),
    excessLines,
    readyToComplete: isReadyToComplete(status, listRow.producedQty, listRow.qty),
    materialsShort: (await materialAvailability(db, [id])).get(id) ?? null,
  };
}
