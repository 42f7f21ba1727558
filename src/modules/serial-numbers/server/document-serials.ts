// Serials named on the lines of warehouse documents (sales.md §4 invariant: for a serial-tracked item,
// count(available + reserved in W) = onHand(W)). A line of such an item must name exactly qty serials: the outgoing
// ones must be on the shelf of the document's warehouse (`pickLineSerials`), the incoming ones must be new to the
// item (`createLineSerials`). Which serials a document touched is read back from the timeline (`documentSerials`).
// Callers post to the ledger first and change the serials last (the lock order every serial move uses).
import { countUk, SERIAL_FORMS } from '@/shared/plural.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed, round } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  MAX_SERIAL_LENGTH,
  parseSerialList,
  repeatedValues,
  serialStatusLabels,
  type SerialStatus,
} from '../serial-numbers.contract.ts';
import { findSerials } from './serial-moves.ts';
import { serialEvents, serialNumbers } from './serial-numbers.table.ts';

export const documentSerialMessages = {
  fractional: (sku: string) => `Товар «${sku}» обліковується за серійними номерами — кількість має бути цілою`,
  count: (sku: string, qty: string, given: number) =>
    `Товар «${sku}»: потрібно ${countUk(qty, SERIAL_FORMS)}, вказано ${given}`,
  repeated: (sku: string, values: readonly string[]) =>
    `Товар «${sku}»: серійні номери повторюються: ${values.join(', ')}`,
  unknown: (sku: string, values: readonly string[]) =>
    `Товар «${sku}»: серійних номерів не знайдено: ${values.join(', ')}`,
  notThere: (sku: string, warehouse: string, values: readonly string[]) =>
    `Товар «${sku}»: серійні номери не доступні на складі «${warehouse}»: ${values.join(', ')}`,
  duplicates: (sku: string, values: readonly string[]) =>
    `Товар «${sku}»: ці серійні номери вже існують: ${values.join(', ')}`,
  notTracked: (sku: string) => `Товар «${sku}» не веде облік серійних номерів — приберіть серійні номери з рядка`,
  tooLong: `Серійний номер не довший за ${MAX_SERIAL_LENGTH} символів`,
} as const;
const msg = documentSerialMessages;

/** The serial-tracked items among some items (id → SKU); others are absent. */
export async function serialTrackedItems(tx: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: items.id, sku: items.sku })
    .from(items)
    .where(and(inArray(items.id, ids), eq(items.serialTracking, true), sql`${items.kind} <> 'service'`));
  return new Map(rows.map((r) => [r.id, r.sku]));
}

/**
 * The values of a line: each entry may be one serial or typed text with lists and ranges (`A0001-A0004`), all
 * normalised. Refuses (400) repeats, bad entries, a fractional quantity, and a count other than qty.
 */
export function lineSerialValues(sku: string, qty: string, serials: readonly string[] | null | undefined): string[] {
  const values: string[] = [];
  for (const entry of serials ?? []) {
    const parsed = parseSerialList(entry);
    if (parsed.errors.length) throw new DomainError(400, `Товар «${sku}»: ${parsed.errors.join('; ')}`);
    values.push(...parsed.values);
  }
  const quantity = dec(qty);
  if (cmp(round(quantity, 0), quantity) !== 0) throw new DomainError(400, msg.fractional(sku));
  const repeated = repeatedValues(values);
  if (repeated.length) throw new DomainError(400, msg.repeated(sku, repeated));
  if (cmp(dec(values.length), quantity) !== 0) {
    throw new DomainError(400, msg.count(sku, fixed(quantity, 0), values.length));
  }
  return values;
}

async function warehouseName(tx: DbOrTx, warehouseId: number) {
  const [row] = await tx.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, warehouseId));
  return row?.name ?? String(warehouseId);
}

/**
 * The ids of serials leaving a warehouse: every value must be a serial of the item, in one of `statuses` (available
 * by default) in that warehouse. 409 names the unknown ones and those elsewhere or in another state.
 */
export async function pickLineSerials(
  tx: DbOrTx,
  input: {
    itemId: number;
    sku: string;
    warehouseId: number;
    values: readonly string[];
    statuses?: readonly SerialStatus[];
  },
): Promise<number[]> {
  const statuses = input.statuses ?? ['available'];
  const found = await findSerials(tx, input.itemId, input.values);
  const byText = new Map(found.map((s) => [s.serial, s]));
  const unknown = input.values.filter((v) => !byText.has(v));
  if (unknown.length) throw new DomainError(409, msg.unknown(input.sku, unknown));
  const wrong = input.values
    .map((v) => byText.get(v)!)
    .filter((s) => !statuses.includes(s.status) || s.warehouseId !== input.warehouseId);
  if (wrong.length) {
    throw new DomainError(
      409,
      msg.notThere(
        input.sku,
        await warehouseName(tx, input.warehouseId),
        wrong.map((s) =>
          s.warehouseId !== input.warehouseId && statuses.includes(s.status)
            ? `${s.serial} (інший склад)`
            : `${s.serial} (${serialStatusLabels[s.status]})`,
        ),
      ),
    );
  }
  return input.values.map((v) => byText.get(v)!.id);
}

/**
 * New serials of an item arriving in a warehouse as 'available' (a receipt, an adjustment's + line, an audit's
 * surplus), each with its event on the timeline. Values the item already has refuse the whole line (409, named).
 */
export async function createLineSerials(
  tx: DbOrTx,
  input: {
    itemId: number;
    sku: string;
    warehouseId: number;
    values: readonly string[];
    event: string;
    document: { type: string; id: number; number: string };
    receiptId?: number | null;
    userId: number | null;
    note?: string | null;
  },
): Promise<number[]> {
  if (!input.values.length) return [];
  const existing = await findSerials(tx, input.itemId, input.values);
  if (existing.length) {
    throw new DomainError(
      409,
      msg.duplicates(
        input.sku,
        existing.map((s) => `${s.serial} (${serialStatusLabels[s.status]})`),
      ),
    );
  }
  const inserted = await tx
    .insert(serialNumbers)
    .values(
      input.values.map((serial) => ({
        itemId: input.itemId,
        serial,
        status: 'available' as const,
        warehouseId: input.warehouseId,
        receiptId: input.receiptId ?? null,
        createdBy: input.userId,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: serialNumbers.id, serial: serialNumbers.serial });
  if (inserted.length !== input.values.length) {
    const mine = new Set(inserted.map((r) => r.serial));
    throw new DomainError(
      409,
      msg.duplicates(
        input.sku,
        input.values.filter((v) => !mine.has(v)),
      ),
    );
  }
  const ids = inserted.map((r) => r.id);
  await tx.insert(serialEvents).values(
    ids.map((serialId) => ({
      serialId,
      event: input.event,
      documentType: input.document.type,
      documentId: input.document.id,
      documentNumber: input.document.number,
      userId: input.userId,
      note: input.note ?? null,
    })),
  );
  return ids;
}

export interface DocumentSerial {
  id: number;
  itemId: number;
  serial: string;
  status: SerialStatus;
  warehouseId: number | null;
  /** The first event the document wrote for this serial (e.g. 'transferred', 'received', 'written_off'). */
  event: string;
}

/** The serials a document touched, by its events on their timelines, in serial order. */
export async function documentSerials(
  tx: DbOrTx,
  documentType: string,
  documentId: number,
  events?: readonly string[],
): Promise<DocumentSerial[]> {
  const rows = await tx
    .select({
      id: serialNumbers.id,
      itemId: serialNumbers.itemId,
      serial: serialNumbers.serial,
      status: serialNumbers.status,
      warehouseId: serialNumbers.warehouseId,
      // Qualified by hand: inside a select list the column would render unqualified and bind to the events' own id.
      event: sql<string>`(select e.event from ${serialEvents} e where e.serial_id = serial_numbers.id
        and e.document_type = ${documentType} and e.document_id = ${documentId} order by e.id limit 1)`,
    })
    .from(serialNumbers)
    .where(
      sql`exists (select 1 from ${serialEvents} e where e.serial_id = serial_numbers.id
        and e.document_type = ${documentType} and e.document_id = ${documentId})`,
    )
    .orderBy(asc(serialNumbers.serial));
  return events ? rows.filter((r) => events.includes(r.event)) : rows;
}

export interface SerialInvariantProblem {
  itemId: number;
  warehouseId: number;
  onHand: string;
  serials: number;
}

/**
 * The invariant of sales.md §4 over the whole database: for every serial-tracked item and warehouse,
 * count(available + reserved) = onHand. Answers the pairs where it does not hold (none when all is well).
 */
export async function checkSerialInvariant(db: DbOrTx): Promise<SerialInvariantProblem[]> {
  const result = (await db.execute(sql`
    with tracked as (select id from items where serial_tracking and kind <> 'service'),
    counted as (
      select s.item_id, s.warehouse_id, count(*)::int as serials from serial_numbers s
      where s.status in ('available', 'reserved') and s.item_id in (select id from tracked)
      group by s.item_id, s.warehouse_id),
    balances as (
      select b.item_id, b.warehouse_id, b.on_hand from stock_balances b where b.item_id in (select id from tracked))
    select coalesce(b.item_id, c.item_id) as item_id, coalesce(b.warehouse_id, c.warehouse_id) as warehouse_id,
      coalesce(b.on_hand, 0)::numeric(18,4)::text as on_hand, coalesce(c.serials, 0)::int as serials
    from balances b full join counted c on c.item_id = b.item_id and c.warehouse_id = b.warehouse_id
    where coalesce(b.on_hand, 0) <> coalesce(c.serials, 0)
    order by 1, 2`)) as unknown as {
    rows: Array<{ item_id: number; warehouse_id: number; on_hand: string; serials: number }>;
  };
  return result.rows.map((r) => ({
    itemId: Number(r.item_id),
    warehouseId: Number(r.warehouse_id),
    onHand: r.on_hand,
    serials: Number(r.serials),
  }));
}
