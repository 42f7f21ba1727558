// Client mail (sales.md §5): letters with a snapshot of the recipient's postal address, their state machine
// (draft → printed → sent → delivered | returned; draft | printed → cancelled), the post office registers that send
// them, and the envelope layout per company and format. Every change is one audited transaction.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber } from '@/modules/stock/server/index.ts';
import { companies, companyLogos } from '@/resources/companies/companies.table.ts';
import { counterparties, counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import {
  defaultEnvelopeBlocks,
  editableStatuses,
  envelopeFormats,
  envelopeSizes,
  letterSortFields,
  mailMessages,
  mailStatusLabels,
  mailTransitions,
  registerSortFields,
  type bulkCreateSchema,
  type EnvelopeBlocks,
  type EnvelopeFormat,
  type EnvelopeTemplate,
  type envelopeTemplatePutSchema,
  type Letter,
  type LetterCreateBody,
  type letterListQuerySchema,
  type LetterUpdateBody,
  type Register,
  type registerCreateSchema,
  type registerListQuerySchema,
  type RegisterSummary,
  type statusChangeSchema,
  type BulkResult,
  type RecipientPreview,
} from '../client-mail.contract.ts';
import { envelopeTemplates, mailItems, mailRegisters } from './client-mail.table.ts';

const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString();
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

// ---- reading letters ---------------------------------------------------------------------------------------------

const letterColumns = {
  id: mailItems.id,
  number: mailItems.number,
  counterpartyId: mailItems.counterpartyId,
  counterpartyName: counterparties.name,
  contactId: mailItems.contactId,
  contactName: counterpartyContacts.fullName,
  recipientName: mailItems.recipientName,
  recipientAddress: mailItems.recipientAddress,
  subject: mailItems.subject,
  body: mailItems.body,
  kind: mailItems.kind,
  declaredValue: mailItems.declaredValue,
  envelopeFormat: mailItems.envelopeFormat,
  companyId: mailItems.companyId,
  companyName: companies.name,
  status: mailItems.status,
  registerId: mailItems.registerId,
  registerNumber: mailRegisters.number,
  registerStatus: mailRegisters.status,
  trackingNumber: mailItems.trackingNumber,
  postageCost: mailItems.postageCost,
  sentAt: mailItems.sentAt,
  deliveredAt: mailItems.deliveredAt,
  returnedAt: mailItems.returnedAt,
  notes: mailItems.notes,
  createdAt: mailItems.createdAt,
  updatedAt: mailItems.updatedAt,
};

const lettersJoined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof letterColumns)
    .from(mailItems)
    .innerJoin(counterparties, eq(counterparties.id, mailItems.counterpartyId))
    .innerJoin(companies, eq(companies.id, mailItems.companyId))
    .leftJoin(counterpartyContacts, eq(counterpartyContacts.id, mailItems.contactId))
    .leftJoin(mailRegisters, eq(mailRegisters.id, mailItems.registerId));

type LetterRow = Awaited<ReturnType<ReturnType<typeof lettersJoined>['where']>>[number];

function toLetter(row: LetterRow): Letter {
  return {
    ...row,
    registerStatus: (row.registerStatus as Letter['registerStatus']) ?? null,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    returnedAt: iso(row.returnedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export async function listLetters(
  db: DbOrTx,
  q: z.output<typeof letterListQuerySchema>,
): Promise<{ rows: Letter[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(mailItems.status, q.status));
  if (q.kind) where.push(eq(mailItems.kind, q.kind));
  if (q.counterpartyId) where.push(eq(mailItems.counterpartyId, q.counterpartyId));
  if (q.registerId) where.push(eq(mailItems.registerId, q.registerId));
  if (q.unregistered === 'true') where.push(isNull(mailItems.registerId));
  if (q.search) {
    const text = like(q.search);
    where.push(
      or(
        ilike(mailItems.number, text),
        ilike(mailItems.recipientName, text),
        ilike(mailItems.recipientAddress, text),
        ilike(mailItems.subject, text),
        ilike(mailItems.trackingNumber, text),
        ilike(counterparties.name, text),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-createdAt', letterSortFields, 'createdAt');
  const sortColumn = {
    number: mailItems.number,
    createdAt: mailItems.createdAt,
    recipientName: mailItems.recipientName,
    status: mailItems.status,
    kind: mailItems.kind,
    envelopeFormat: mailItems.envelopeFormat,
    sentAt: mailItems.sentAt,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    lettersJoined(db, letterColumns)
      .where(condition)
      .orderBy(isDesc ? desc(sortColumn) : asc(sortColumn), isDesc ? desc(mailItems.id) : asc(mailItems.id))
      .limit(limit)
      .offset(offset),
    lettersJoined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows.map(toLetter), total: Number(total) };
}

export async function getLetter(db: DbOrTx, id: number, lock = false): Promise<Letter> {
  if (lock) await db.select({ id: mailItems.id }).from(mailItems).where(eq(mailItems.id, id)).for('update');
  const [row] = await lettersJoined(db, letterColumns).where(eq(mailItems.id, id));
  if (!row) throw new DomainError(404, mailMessages.notFound);
  return toLetter(row);
}

async function lettersByIds(db: DbOrTx, ids: readonly number[]): Promise<Letter[]> {
  if (!ids.length) return [];
  const rows = await lettersJoined(db, letterColumns)
    .where(inArray(mailItems.id, [...ids]))
    .orderBy(asc(mailItems.id));
  return rows.map(toLetter);
}

// ---- the recipient's snapshot ----------------------------------------------------------------------------------

type CounterpartyAddress = Pick<
  typeof counterparties.$inferSelect,
  'id' | 'name' | 'fullName' | 'legalForm' | 'postalIndex' | 'postalAddress' | 'legalAddress' | 'isActive'
>;

const addressColumns = {
  id: counterparties.id,
  name: counterparties.name,
  fullName: counterparties.fullName,
  legalForm: counterparties.legalForm,
  postalIndex: counterparties.postalIndex,
  postalAddress: counterparties.postalAddress,
  legalAddress: counterparties.legalAddress,
  isActive: counterparties.isActive,
};

/**
 * The postal address an envelope carries: the postal address with its 5-digit index on the last line, else the legal
 * address (with the index when the address does not already hold it); null when there is none.
 */
export function postalAddressOf(cp: Pick<CounterpartyAddress, 'postalIndex' | 'postalAddress' | 'legalAddress'>) {
  const address = (cp.postalAddress?.trim() || cp.legalAddress?.trim()) ?? '';
  if (!address) return null;
  const index = cp.postalIndex?.trim();
  return index && !address.includes(index) ? `${address}\n${index}` : address;
}

/** The name on the envelope: the contact's when one is given (with the firm's, for a firm), else the firm's. */
export function recipientNameOf(cp: Pick<CounterpartyAddress, 'name' | 'fullName' | 'legalForm'>, contact?: string) {
  const firm = cp.fullName?.trim() || cp.name;
  if (!contact) return firm;
  return cp.legalForm === 'individual' ? contact : `${firm}, ${contact}`;
}

async function counterpartyOf(tx: DbOrTx, id: number) {
  const [cp] = await tx.select(addressColumns).from(counterparties).where(eq(counterparties.id, id));
  if (!cp) throw new DomainError(400, mailMessages.counterpartyNotFound, { counterpartyId: mailMessages.reference });
  return cp;
}

async function contactOf(tx: DbOrTx, counterpartyId: number, contactId: number | null | undefined) {
  if (!contactId) return null;
  const [contact] = await tx
    .select({ id: counterpartyContacts.id, fullName: counterpartyContacts.fullName })
    .from(counterpartyContacts)
    .where(and(eq(counterpartyContacts.id, contactId), eq(counterpartyContacts.counterpartyId, counterpartyId)));
  if (!contact) throw new DomainError(400, mailMessages.contactOther, { contactId: mailMessages.contactOther });
  return contact;
}

export async function recipientPreview(db: DbOrTx, counterpartyId: number): Promise<RecipientPreview> {
  const [cp] = await db.select(addressColumns).from(counterparties).where(eq(counterparties.id, counterpartyId));
  if (!cp) throw new DomainError(404, mailMessages.counterpartyNotFound);
  const contacts = await db
    .select({
      id: counterpartyContacts.id,
      fullName: counterpartyContacts.fullName,
      position: counterpartyContacts.position,
    })
    .from(counterpartyContacts)
    .where(and(eq(counterpartyContacts.counterpartyId, counterpartyId), eq(counterpartyContacts.isActive, true)))
    .orderBy(desc(counterpartyContacts.isPrimary), asc(counterpartyContacts.fullName));
  return {
    counterpartyId,
    recipientName: recipientNameOf(cp),
    recipientAddress: postalAddressOf(cp),
    contacts: contacts.map((c) => ({ ...c, recipientName: recipientNameOf(cp, c.fullName) })),
  };
}

// ---- companies and formats -----------------------------------------------------------------------------------

const companyColumns = {
  id: companies.id,
  name: companies.name,
  fullName: companies.fullName,
  legalAddress: companies.legalAddress,
  postalAddress: companies.postalAddress,
  phone: companies.phone,
  email: companies.email,
  website: companies.website,
  directorName: companies.directorName,
  directorPosition: companies.directorPosition,
};
export type SenderCompany = { [K in keyof typeof companyColumns]: (typeof companies.$inferSelect)[K] };

/** The sending company: the one named, else the default one. */
export async function senderCompany(tx: DbOrTx, companyId: number | null | undefined): Promise<SenderCompany> {
  if (companyId) {
    const [company] = await tx.select(companyColumns).from(companies).where(eq(companies.id, companyId));
    if (!company) throw new DomainError(400, mailMessages.companyNotFound, { companyId: mailMessages.reference });
    return company;
  }
  const [company] = await tx
    .select(companyColumns)
    .from(companies)
    .orderBy(desc(companies.isDefault), desc(companies.isActive), asc(companies.id))
    .limit(1);
  if (!company) throw new DomainError(409, mailMessages.noCompany, { companyId: mailMessages.noCompany });
  return company;
}

/** The company's usual envelope format (its default template), else DL. */
async function usualFormat(tx: DbOrTx, companyId: number): Promise<EnvelopeFormat> {
  const [row] = await tx
    .select({ format: envelopeTemplates.format })
    .from(envelopeTemplates)
    .where(and(eq(envelopeTemplates.companyId, companyId), eq(envelopeTemplates.isDefault, true)))
    .limit(1);
  return row?.format ?? 'DL';
}

// ---- writing letters ---------------------------------------------------------------------------------------------

const positive = (v: string | null | undefined) => v != null && /[1-9]/.test(v);

function checkDeclaredValue(kind: string, declaredValue: string | null | undefined) {
  if (kind === 'valuable' && !positive(declaredValue)) {
    throw new DomainError(400, mailMessages.declaredValue, { declaredValue: mailMessages.declaredValue });
  }
}

/** Audit snapshots leave out the letter's text (it can be long); its presence is enough. */
const auditView = (l: Letter) => ({ ...l, body: l.body === null ? null : `[${l.body.length} симв.]` });

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
        const text = like(f.search);
        where.push(or(ilike(counterparties.name, text), ilike(counterparties.fullName, text))!);
      }
      recipients = await tx
        .select(addressColumns)
        .from(counterparties)
        .where(and(...where))
        .orderBy(asc(counterparties.name), asc(counterparties.id))
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
    const text = like(q.search);
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
      .orderBy(isDesc ? desc(sortColumn) : asc(sortColumn), isDesc ? desc(mailRegisters.id) : asc(mailRegisters.id))
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

// ---- envelope templates --------------------------------------------------------------------------------------

async function hasLogo(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: companyLogos.companyId })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return Boolean(row);
}

export const senderLines = (c: SenderCompany) =>
  [c.fullName || c.name, (c.postalAddress?.trim() || c.legalAddress).trim(), c.phone ? `тел. ${c.phone}` : null].filter(
    (line): line is string => Boolean(line),
  );

/** The layout of each format for a company: the stored one, else the built-in default. */
export async function envelopeTemplatesOf(db: DbOrTx, companyId: number | undefined): Promise<EnvelopeTemplate[]> {
  const company = await senderCompany(db, companyId);
  const stored = await db.select().from(envelopeTemplates).where(eq(envelopeTemplates.companyId, company.id));
  const logo = await hasLogo(db, company.id);
  const senderPreview = senderLines(company).join('\n');
  return envelopeFormats.map((format) => {
    const own = stored.find((t) => t.format === format);
    return {
      companyId: company.id,
      companyName: company.name,
      format,
      ...envelopeSizes[format],
      blocks: (own?.blocks as EnvelopeBlocks | undefined) ?? defaultEnvelopeBlocks(format),
      advertisingText: own?.advertisingText ?? null,
      isDefault: own?.isDefault ?? false,
      stored: Boolean(own),
      senderPreview,
      hasLogo: logo,
    };
  });
}

/** The layout of one format, for printing. */
export async function envelopeLayout(db: DbOrTx, companyId: number, format: EnvelopeFormat) {
  const [own] = await db
    .select()
    .from(envelopeTemplates)
    .where(and(eq(envelopeTemplates.companyId, companyId), eq(envelopeTemplates.format, format)));
  return {
    blocks: (own?.blocks as EnvelopeBlocks | undefined) ?? defaultEnvelopeBlocks(format),
    advertisingText: own?.advertisingText ?? null,
  };
}

export async function saveEnvelopeTemplate(
  db: DbOrTx,
  ctx: AuditContext,
  input: z.output<typeof envelopeTemplatePutSchema>,
): Promise<EnvelopeTemplate> {
  return db.transaction(async (tx) => {
    const company = await senderCompany(tx, input.companyId);
    const [before] = await tx
      .select()
      .from(envelopeTemplates)
      .where(and(eq(envelopeTemplates.companyId, company.id), eq(envelopeTemplates.format, input.format)))
      .for('update');
    if (input.isDefault) {
      await tx
        .update(envelopeTemplates)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(and(eq(envelopeTemplates.companyId, company.id), eq(envelopeTemplates.isDefault, true)));
    }
    const values = {
      blocks: input.blocks,
      advertisingText: input.advertisingText ?? null,
      isDefault: input.isDefault,
    };
    const [after] = await tx
      .insert(envelopeTemplates)
      .values({ companyId: company.id, format: input.format, ...values })
      .onConflictDoUpdate({
        target: [envelopeTemplates.companyId, envelopeTemplates.format],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    await audit(tx, ctx, {
      action: before ? 'update' : 'create',
      entityType: 'envelope_templates',
      entityId: after!.id,
      before,
      after,
    });
    return (await envelopeTemplatesOf(tx, company.id)).find((t) => t.format === input.format)!;
  });
}
