// The post office registers of client mail (sales.md §5): a draft register of one company's letters, its items, and
// its sending, which marks every letter sent with the register's date. Every change is one audited transaction.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import {
  editableStatuses,
  mailMessages,
  mailStatusLabels,
  registerSortFields,
  type Register,
  type registerCreateSchema,
  type registerListQuerySchema,
  type RegisterSummary,
} from '../client-mail.contract.ts';
import { mailItems, mailRegisters } from './client-mail.table.ts';

import { iso, letterColumns, lettersByIds, lettersJoined, senderCompany, toLetter } from './client-mail.read.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { auditView } from './client-mail.write.ts';

// ---- registers ---------------------------------------------------------------------------------------------------

const itemCountSql = sql<number>`(select count(*)::int from mail_items i where i.register_id = ${mailRegisters.id})`;
const registerColumns = {
  id: mailRegisters.id,
  number: mailRegisters.number,
  registerDate: mailRegisters.registerDate,
  postalService: mailRegisters.postalService,
  companyId: mailRegisters.companyId,
  companyName: companies.name,
  status: mailRegisters.status,
  sentAt: mailRegisters.sentAt,
  notes: mailRegisters.notes,
  itemCount: itemCountSql,
  totalDeclared: sql<string>`(select coalesce(sum(i.declared_value), 0)::numeric(18,2)::text
    from mail_items i where i.register_id = ${mailRegisters.id})`,
  totalPostage: sql<string>`(select coalesce(sum(i.postage_cost), 0)::numeric(18,2)::text
    from mail_items i where i.register_id = ${mailRegisters.id})`,
  createdAt: mailRegisters.createdAt,
};

const registersJoined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof registerColumns)
    .from(mailRegisters)
    .leftJoin(companies, eq(companies.id, mailRegisters.companyId));

type RegisterRow = Awaited<ReturnType<ReturnType<typeof registersJoined>['where']>>[number];

const toRegisterSummary = (row: RegisterRow): RegisterSummary => ({
  ...row,
  postalService: row.postalService as RegisterSummary['postalService'],
  status: row.status as RegisterSummary['status'],
  itemCount: Number(row.itemCount),
  sentAt: iso(row.sentAt),
  createdAt: iso(row.createdAt)!,
});

export async function listRegisters(
  db: DbOrTx,
  q: z.output<typeof registerListQuerySchema>,
): Promise<{ rows: RegisterSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(mailRegisters.status, q.status));
  if (q.search) {
    const text = containsPattern(q.search);
    where.push(
      or(
        ilike(mailRegisters.number, text),
        ilike(mailRegisters.notes, text),
        sql`exists (select 1 from mail_items i where i.register_id = ${mailRegisters.id}
          and (i.number ilike ${text} or i.recipient_name ilike ${text}))`,
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-registerDate', registerSortFields, 'registerDate');
  const sortColumn = {
    number: mailRegisters.number,
    registerDate: mailRegisters.registerDate,
    status: mailRegisters.status,
    itemCount: itemCountSql,
    sentAt: mailRegisters.sentAt,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    registersJoined(db, registerColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(mailRegisters.id) : asc(mailRegisters.id))
      .limit(limit)
      .offset(offset),
    registersJoined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows.map(toRegisterSummary), total: Number(total) };
}

export async function getRegister(db: DbOrTx, id: number, lock = false): Promise<Register> {
  if (lock) await db.select({ id: mailRegisters.id }).from(mailRegisters).where(eq(mailRegisters.id, id)).for('update');
  const [row] = await registersJoined(db, registerColumns).where(eq(mailRegisters.id, id));
  if (!row) throw new DomainError(404, mailMessages.registerNotFound);
  const items = await lettersJoined(db, letterColumns)
    .where(eq(mailItems.registerId, id))
    .orderBy(asc(mailItems.number), asc(mailItems.id));
  return { ...toRegisterSummary(row), items: items.map(toLetter) };
}

/** Letters that may join register `registerId` of company `companyId`: not cancelled or sent, in no other register. */
async function lettersForRegister(tx: DbOrTx, ids: readonly number[], registerId: number | null, companyId: number) {
  const unique = [...new Set(ids)];
  await tx.select({ id: mailItems.id }).from(mailItems).where(inArray(mailItems.id, unique)).for('update');
  const letters = await lettersByIds(tx, unique);
  const missing = unique.filter((i) => !letters.some((l) => l.id === i));
  if (missing.length) throw new DomainError(404, mailMessages.lettersNotFound(missing.join(', ')));
  for (const letter of letters) {
    if (!editableStatuses.includes(letter.status)) {
      throw new DomainError(409, mailMessages.notForRegister(letter.number, mailStatusLabels[letter.status]));
    }
    if (letter.registerId !== null && letter.registerId !== registerId) {
      throw new DomainError(409, mailMessages.inOtherRegister(letter.number, letter.registerNumber ?? ''));
    }
    if (letter.companyId !== companyId) throw new DomainError(409, mailMessages.otherCompany(letter.number));
  }
  return letters;
}

export async function createRegister(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof registerCreateSchema>,
): Promise<Register> {
  return db.transaction(async (tx) => {
    // The sender: the one named, else the letters' own (they must share it).
    let companyId = input.companyId ?? null;
    if (!companyId) {
      const [first] = await tx
        .select({ companyId: mailItems.companyId })
        .from(mailItems)
        .where(eq(mailItems.id, input.letterIds[0]!));
      companyId = first?.companyId ?? (await senderCompany(tx, null)).id;
    } else {
      await senderCompany(tx, companyId);
    }
    const letters = await lettersForRegister(tx, input.letterIds, null, companyId);
    const registerDate = input.registerDate ?? kyivToday();
    const number = await nextNumber(tx, 'mail_register', registerDate);
    const [row] = await tx
      .insert(mailRegisters)
      .values({
        number,
        registerDate,
        postalService: input.postalService,
        companyId,
        notes: input.notes ?? null,
        createdBy: ctx.userId,
      })
      .returning({ id: mailRegisters.id });
    await tx
      .update(mailItems)
      .set({ registerId: row!.id, updatedAt: sql`now()` })
      .where(
        inArray(
          mailItems.id,
          letters.map((l) => l.id),
        ),
      );
    const after = await getRegister(tx, row!.id);
    await audit(tx, ctx, {
      action: 'create',
      entityType: 'mail_registers',
      entityId: after.id,
      after: { ...after, items: after.items.map((l) => l.number) },
    });
    return after;
  });
}

async function lockDraftRegister(tx: DbOrTx, id: number) {
  const before = await getRegister(tx, id, true);
  if (before.status !== 'draft') throw new DomainError(409, mailMessages.registerSent);
  return before;
}

const registerAudit = (r: Register) => ({ ...r, items: r.items.map((l) => l.number) });

export async function addToRegister(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  letterIds: readonly number[],
): Promise<Register> {
  return db.transaction(async (tx) => {
    const before = await lockDraftRegister(tx, id);
    const companyId = before.companyId ?? (await senderCompany(tx, null)).id;
    const letters = await lettersForRegister(tx, letterIds, id, companyId);
    await tx
      .update(mailItems)
      .set({ registerId: id, updatedAt: sql`now()` })
      .where(
        inArray(
          mailItems.id,
          letters.map((l) => l.id),
        ),
      );
    await tx
      .update(mailRegisters)
      .set({ updatedAt: sql`now()` })
      .where(eq(mailRegisters.id, id));
    const after = await getRegister(tx, id);
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'mail_registers',
      entityId: id,
      before: registerAudit(before),
      after: registerAudit(after),
    });
    return after;
  });
}

export async function removeFromRegister(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  letterId: number,
): Promise<Register> {
  return db.transaction(async (tx) => {
    const before = await lockDraftRegister(tx, id);
    if (!before.items.some((l) => l.id === letterId)) throw new DomainError(404, mailMessages.notInRegister);
    await tx
      .update(mailItems)
      .set({ registerId: null, updatedAt: sql`now()` })
      .where(eq(mailItems.id, letterId));
    await tx
      .update(mailRegisters)
      .set({ updatedAt: sql`now()` })
      .where(eq(mailRegisters.id, id));
    const after = await getRegister(tx, id);
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'mail_registers',
      entityId: id,
      before: registerAudit(before),
      after: registerAudit(after),
    });
    return after;
  });
}

export async function deleteRegister(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDraftRegister(tx, id);
    await tx
      .update(mailItems)
      .set({ registerId: null, updatedAt: sql`now()` })
      .where(eq(mailItems.registerId, id));
    await tx.delete(mailRegisters).where(eq(mailRegisters.id, id));
    await audit(tx, ctx, {
      action: 'delete',
      entityType: 'mail_registers',
      entityId: id,
      before: registerAudit(before),
    });
  });
}

/**
 * `POST /api/client-mail/registers/:id/send` (sales.md §5): the register and its letters are sent at one moment —
 * `sentAt` is stamped on both, the letters become 'Відправлено' and the register's list is fixed from then on.
 * Every letter's envelope must have been printed.
 */
export async function sendRegister(db: DbOrTx, ctx: AuditContext, id: number): Promise<Register> {
  return db.transaction(async (tx) => {
    const before = await lockDraftRegister(tx, id);
    if (!before.items.length) throw new DomainError(409, mailMessages.registerEmpty);
    await tx.select({ id: mailItems.id }).from(mailItems).where(eq(mailItems.registerId, id)).for('update');
    const unprinted = before.items.filter((l) => l.status !== 'printed');
    if (unprinted.length)
      throw new DomainError(409, mailMessages.printFirst(unprinted.map((l) => l.number).join(', ')));
    // now() is the transaction's moment: the register and its letters carry the same sentAt.
    await tx
      .update(mailRegisters)
      .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(mailRegisters.id, id));
    await tx
      .update(mailItems)
      .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(mailItems.registerId, id));
    const after = await getRegister(tx, id);
    await audit(tx, ctx, {
      action: 'status_change',
      entityType: 'mail_registers',
      entityId: id,
      before: registerAudit(before),
      after: registerAudit(after),
    });
    for (const letter of before.items) {
      const sent = after.items.find((l) => l.id === letter.id)!;
      await audit(tx, ctx, {
        action: 'status_change',
        entityType: 'mail_items',
        entityId: letter.id,
        before: auditView(letter),
        after: auditView(sent),
      });
    }
    return after;
  });
}
