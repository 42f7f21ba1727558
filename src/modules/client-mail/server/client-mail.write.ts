// Client mail letters written (sales.md §5): one letter or many (a bulk mailing) with a snapshot of the recipient's
// postal address, their changes and their state machine (draft → printed → sent → delivered | returned; draft |
// printed → cancelled), and the envelope printing that marks drafts printed. Every change is one audited
// transaction.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import {
  editableStatuses,
  mailMessages,
  mailStatusLabels,
  mailTransitions,
  type bulkCreateSchema,
  type Letter,
  type LetterCreateBody,
  type LetterUpdateBody,
  type statusChangeSchema,
  type BulkResult,
} from '../client-mail.contract.ts';
import { mailItems } from './client-mail.table.ts';

import {
  addressColumns,
  contactOf,
  counterpartyOf,
  getLetter,
  iso,
  lettersByIds,
  postalAddressOf,
  recipientNameOf,
  senderCompany,
  usualFormat,
  type CounterpartyAddress,
} from './client-mail.read.ts';
import { containsPattern } from '@/server/kernel/like.ts';

// ---- writing letters ---------------------------------------------------------------------------------------------

const positive = (v: string | null | undefined) => v != null && /[1-9]/.test(v);

function checkDeclaredValue(kind: string, declaredValue: string | null | undefined) {
  if (kind === 'valuable' && !positive(declaredValue)) {
    throw new DomainError(400, mailMessages.declaredValue, { declaredValue: mailMessages.declaredValue });
  }
}

/** Audit snapshots leave out the letter's text (it can be long); its presence is enough. */
export const auditView = (l: Letter) => ({ ...l, body: l.body === null ? null : `[${l.body.length} симв.]` });

export async function createLetter(db: DbOrTx, ctx: AuditContext, input: LetterCreateBody): Promise<Letter> {
  return db.transaction(async (tx) => {
    const cp = await counterpartyOf(tx, input.counterpartyId);
    const contact = await contactOf(tx, cp.id, input.contactId);
    const company = await senderCompany(tx, input.companyId);
    const kind = input.kind ?? 'simple';
    checkDeclaredValue(kind, input.declaredValue);
    const recipientAddress = input.recipientAddress ?? postalAddressOf(cp);
    if (!recipientAddress) {
      throw new DomainError(400, mailMessages.noAddress, { recipientAddress: mailMessages.noAddress });
    }
    const number = await nextNumber(tx, 'mail', kyivToday());
    const [row] = await tx
      .insert(mailItems)
      .values({
        number,
        counterpartyId: cp.id,
        contactId: contact?.id ?? null,
        recipientName: input.recipientName ?? recipientNameOf(cp, contact?.fullName),
        recipientAddress,
        subject: input.subject ?? null,
        body: input.body ?? null,
        kind,
        declaredValue: kind === 'valuable' || kind === 'parcel' ? (input.declaredValue ?? null) : null,
        envelopeFormat: input.envelopeFormat ?? (await usualFormat(tx, company.id)),
        companyId: company.id,
        trackingNumber: input.trackingNumber ?? null,
        postageCost: input.postageCost ?? null,
        notes: input.notes ?? null,
        createdBy: ctx.userId,
      })
      .returning({ id: mailItems.id });
    const after = await getLetter(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: 'mail_items', entityId: after.id, after: auditView(after) });
    return after;
  });
}

/**
 * `POST /api/client-mail/bulk-create`: one letter with one subject to each chosen counterparty, or to every active
 * client matching the filter. Counterparties without any address are skipped and named in the answer.
 */
export async function bulkCreateLetters(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof bulkCreateSchema>,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const company = await senderCompany(tx, input.companyId);
    checkDeclaredValue(input.kind, input.declaredValue);
    let recipients: CounterpartyAddress[];
    if (input.counterpartyIds?.length) {
      const ids = [...new Set(input.counterpartyIds)];
      const found = await tx.select(addressColumns).from(counterparties).where(inArray(counterparties.id, ids));
      const byId = new Map(found.map((c) => [c.id, c]));
      const missing = ids.filter((i) => !byId.has(i));
      if (missing.length) {
        throw new DomainError(400, mailMessages.counterpartyNotFound, { counterpartyIds: mailMessages.reference });
      }
      recipients = ids.map((i) => byId.get(i)!);
    } else {
      const f = input.filter ?? {};
      const where: SQL[] = [eq(counterparties.isClient, true), eq(counterparties.isActive, true)];
      if (f.legalForm) where.push(eq(counterparties.legalForm, f.legalForm));
      if (f.managerUserId) where.push(eq(counterparties.managerUserId, f.managerUserId));
      if (f.search) {
        const text = containsPattern(f.search);
        where.push(or(ilike(counterparties.name, text), ilike(counterparties.fullName, text))!);
      }
      recipients = await tx
        .select(addressColumns)
        .from(counterparties)
        .where(and(...where))
        .orderBy(ukOrder(counterparties.name), asc(counterparties.id))
        .limit(500);
      if (!recipients.length) throw new DomainError(400, mailMessages.nobodyMatched);
    }
    const envelopeFormat = input.envelopeFormat ?? (await usualFormat(tx, company.id));
    const created: Letter[] = [];
    const skipped: BulkResult['skipped'] = [];
    for (const cp of recipients) {
      const recipientAddress = postalAddressOf(cp);
      if (!recipientAddress) {
        skipped.push({ counterpartyId: cp.id, name: cp.name, reason: mailMessages.noAddress });
        continue;
      }
      const number = await nextNumber(tx, 'mail', kyivToday());
      const [row] = await tx
        .insert(mailItems)
        .values({
          number,
          counterpartyId: cp.id,
          recipientName: recipientNameOf(cp),
          recipientAddress,
          subject: input.subject,
          body: input.body ?? null,
          kind: input.kind,
          declaredValue: input.kind === 'valuable' || input.kind === 'parcel' ? (input.declaredValue ?? null) : null,
          envelopeFormat,
          companyId: company.id,
          notes: input.notes ?? null,
          createdBy: ctx.userId,
        })
        .returning({ id: mailItems.id });
      const after = await getLetter(tx, row!.id);
      await audit(tx, ctx, { action: 'create', entityType: 'mail_items', entityId: after.id, after: auditView(after) });
      created.push(after);
    }
    return { created, skipped };
  });
}

/** Fields that print on the envelope or in the letter: fixed once the envelope is printed. */
const addressFields = [
  'counterpartyId',
  'contactId',
  'companyId',
  'recipientName',
  'recipientAddress',
  'subject',
  'body',
  'envelopeFormat',
] as const;

export async function updateLetter(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  change: LetterUpdateBody,
): Promise<Letter> {
  return db.transaction(async (tx) => {
    const before = await getLetter(tx, id, true);
    if (change.updatedAt !== undefined && iso(change.updatedAt) !== before.updatedAt) {
      throw new DomainError(409, mailMessages.version);
    }
    if (!editableStatuses.includes(before.status)) {
      throw new DomainError(409, mailMessages.notEditable(mailStatusLabels[before.status]));
    }
    const given = Object.fromEntries(
      Object.entries(change).filter(([k, v]) => v !== undefined && k !== 'updatedAt'),
    ) as Partial<LetterCreateBody>;
    const changesAddress = addressFields.some(
      (k) => k in given && (given[k] ?? null) !== ((before as Record<string, unknown>)[k] ?? null),
    );
    if (before.status !== 'draft' && changesAddress) {
      throw new DomainError(409, mailMessages.addressLocked);
    }
    const counterpartyId = given.counterpartyId ?? before.counterpartyId;
    const contactId = 'contactId' in given ? (given.contactId ?? null) : before.contactId;
    const cp = await counterpartyOf(tx, counterpartyId);
    const contact = await contactOf(tx, cp.id, contactId);
    const company =
      'companyId' in given && given.companyId !== before.companyId
        ? await senderCompany(tx, given.companyId)
        : { id: before.companyId };
    if (before.registerId !== null && company.id !== before.companyId) {
      throw new DomainError(409, mailMessages.otherCompany(before.number));
    }
    // A new recipient takes a new snapshot unless the name or address is typed.
    const recipientChanged = counterpartyId !== before.counterpartyId || contactId !== before.contactId;
    const recipientName =
      given.recipientName ?? (recipientChanged ? recipientNameOf(cp, contact?.fullName) : before.recipientName);
    const recipientAddress =
      given.recipientAddress ?? (recipientChanged ? postalAddressOf(cp) : before.recipientAddress);
    if (!recipientAddress) {
      throw new DomainError(400, mailMessages.noAddress, { recipientAddress: mailMessages.noAddress });
    }
    const kind = given.kind ?? before.kind;
    const declaredValue = 'declaredValue' in given ? (given.declaredValue ?? null) : before.declaredValue;
    checkDeclaredValue(kind, declaredValue);
    await tx
      .update(mailItems)
      .set({
        counterpartyId,
        contactId: contact?.id ?? null,
        companyId: company.id,
        recipientName,
        recipientAddress,
        subject: 'subject' in given ? (given.subject ?? null) : before.subject,
        body: 'body' in given ? (given.body ?? null) : before.body,
        kind,
        declaredValue: kind === 'valuable' || kind === 'parcel' ? declaredValue : null,
        envelopeFormat: given.envelopeFormat ?? before.envelopeFormat,
        trackingNumber: 'trackingNumber' in given ? (given.trackingNumber ?? null) : before.trackingNumber,
        postageCost: 'postageCost' in given ? (given.postageCost ?? null) : before.postageCost,
        notes: 'notes' in given ? (given.notes ?? null) : before.notes,
        updatedAt: sql`now()`,
      })
      .where(eq(mailItems.id, id));
    const after = await getLetter(tx, id);
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'mail_items',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

export async function deleteLetter(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getLetter(tx, id, true);
    if (before.status !== 'draft') throw new DomainError(409, mailMessages.notDeletable);
    await tx.delete(mailItems).where(eq(mailItems.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: 'mail_items', entityId: id, before: auditView(before) });
  });
}

/** The timestamp of a business date: now for today (or no date), else noon of that day in Kyiv. */
function stampOf(date: string | undefined): SQL {
  if (!date || date === kyivToday()) return sql`now()`;
  return sql`(${date}::date + time '12:00') at time zone 'Europe/Kyiv'`;
}

/**
 * `POST /api/client-mail/:id/status`: one step of the state machine. 'sent' by hand only for a simple letter outside
 * any register; a date may say when it happened (never in the future, never before it was sent).
 */
export async function changeLetterStatus(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof statusChangeSchema>,
): Promise<Letter> {
  return db.transaction(async (tx) => {
    const before = await getLetter(tx, id, true);
    const to = input.status;
    if (!mailTransitions[before.status].includes(to)) {
      throw new DomainError(409, mailMessages.transition(mailStatusLabels[before.status], mailStatusLabels[to]));
    }
    if (input.date && input.date > kyivToday()) {
      throw new DomainError(400, mailMessages.futureDate, { date: mailMessages.futureDate });
    }
    if (to === 'sent') {
      if (before.registerId !== null && before.registerNumber) {
        throw new DomainError(409, mailMessages.sentInRegister(before.registerNumber));
      }
      if (before.kind !== 'simple') throw new DomainError(409, mailMessages.sentByRegister);
    }
    if ((to === 'delivered' || to === 'returned') && input.date && before.sentAt) {
      if (input.date < kyivToday(new Date(before.sentAt))) {
        throw new DomainError(400, mailMessages.dateBeforeSent, { date: mailMessages.dateBeforeSent });
      }
    }
    const stamp = stampOf(input.date);
    await tx
      .update(mailItems)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {}),
        ...(to === 'sent' ? { sentAt: stamp } : {}),
        ...(to === 'delivered' ? { deliveredAt: stamp } : {}),
        ...(to === 'returned' ? { returnedAt: stamp } : {}),
        // A cancelled letter leaves the (draft) register it was in.
        ...(to === 'cancelled' ? { registerId: null } : {}),
      })
      .where(eq(mailItems.id, id));
    const after = await getLetter(tx, id);
    await audit(tx, ctx, {
      action: to === 'cancelled' ? 'cancel' : 'status_change',
      entityType: 'mail_items',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/**
 * The letters to print, locked, in the order asked; cancelled ones are refused. Draft letters become 'printed' in
 * the same transaction (sales.md §5: "It marks the letters printed").
 */
export async function lettersForPrinting(tx: DbOrTx, ctx: AuditContext, ids: readonly number[]): Promise<Letter[]> {
  const unique = [...new Set(ids)];
  await tx.select({ id: mailItems.id }).from(mailItems).where(inArray(mailItems.id, unique)).for('update');
  const found = await lettersByIds(tx, unique);
  const byId = new Map(found.map((l) => [l.id, l]));
  const missing = unique.filter((i) => !byId.has(i));
  if (missing.length) throw new DomainError(404, mailMessages.lettersNotFound(missing.join(', ')));
  const cancelled = found.filter((l) => l.status === 'cancelled');
  if (cancelled.length) {
    throw new DomainError(409, mailMessages.cannotPrint(cancelled.map((l) => l.number).join(', ')));
  }
  const drafts = found.filter((l) => l.status === 'draft');
  if (drafts.length) {
    await tx
      .update(mailItems)
      .set({ status: 'printed', updatedAt: sql`now()` })
      .where(
        inArray(
          mailItems.id,
          drafts.map((l) => l.id),
        ),
      );
    for (const before of drafts) {
      const after = { ...before, status: 'printed' as const };
      await audit(tx, ctx, {
        action: 'status_change',
        entityType: 'mail_items',
        entityId: before.id,
        before: auditView(before),
        after: auditView(after),
      });
    }
  }
  return unique.map((i) => {
    const letter = byId.get(i)!;
    return letter.status === 'draft' ? { ...letter, status: 'printed' as const } : letter;
  });
}
