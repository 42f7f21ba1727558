// 'Прийом за серійним номером' (production.md §7): the serial's item, client, sale date, warranty end (soldAt + the
// item's warrantyMonths) and the unit's previous repairs — what the intake form fills itself with.
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { warrantyUntil } from '@/modules/serial-numbers/server/index.ts';
import {
  repairMessages,
  repairStatusLabels,
  warrantyLabel,
  type RepairStatus,
  type SerialLookup,
} from '../repairs.contract.ts';
import { isoOf, ts } from './repairs.common.ts';

export async function lookupSerial(db: DbOrTx, serial: string): Promise<SerialLookup> {
  const value = serial.trim().toUpperCase();
  const [s] = rowsOf<{
    id: number;
    serial: string;
    status: string;
    item_id: number;
    sku: string;
    item_name: string;
    warranty_months: number | null;
    client_id: number | null;
    client_name: string | null;
    sold_at: string | null;
  }>(
    await db.execute(sql`select s.id, s.serial, s.status, s.item_id, i.sku, i.name as item_name, i.warranty_months,
        s.client_id, c.name as client_name, ${ts('s.sold_at')} as sold_at
      from serial_numbers s join items i on i.id = s.item_id left join counterparties c on c.id = s.client_id
      where s.serial = ${value}
      order by case s.status when 'sold' then 0 when 'in_repair' then 1 else 2 end, s.id desc limit 1`),
  );
  if (!s) throw new DomainError(404, repairMessages.serialNotFound);
  const soldAt = s.sold_at ? new Date(s.sold_at) : null;
  const until = s.warranty_months ? warrantyUntil(soldAt, Number(s.warranty_months)) : null;
  const isWarranty = until != null && kyivToday() <= until;
  const previous = rowsOf<{
    id: number;
    number: string;
    intake_date: string;
    status: RepairStatus;
    problem_description: string;
    is_warranty: boolean;
  }>(
    await db.execute(sql`select id, number, intake_date::text as intake_date, status, problem_description, is_warranty
      from repairs where serial_number_id = ${s.id} order by intake_date desc, id desc`),
  );
  const open = previous.find((p) => p.status !== 'returned' && p.status !== 'cancelled');
  return {
    serialNumberId: Number(s.id),
    serial: s.serial,
    serialStatus: s.status,
    itemId: Number(s.item_id),
    sku: s.sku,
    itemName: s.item_name,
    clientId: s.client_id == null ? null : Number(s.client_id),
    clientName: s.client_name,
    soldAt: isoOf(s.sold_at),
    warrantyMonths: s.warranty_months == null ? null : Number(s.warranty_months),
    warrantyUntil: until,
    isWarranty,
    warrantyLabel: warrantyLabel(isWarranty),
    openRepairId: open ? Number(open.id) : null,
    previousRepairs: previous.map((p) => ({
      id: Number(p.id),
      number: p.number,
      intakeDate: p.intake_date,
      status: p.status,
      statusLabel: repairStatusLabels[p.status],
      problemDescription: p.problem_description,
      isWarranty: p.is_warranty,
    })),
  };
}
