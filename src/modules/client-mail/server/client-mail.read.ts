// Client mail read (sales.md §5): the letters list and one letter, the recipient's snapshot (name and postal address
// of a counterparty or its contact), the sender company and its usual envelope format. The column sets and row
// mappers are shared with the writing and the registers.
import { isoStamp } from '@/server/kernel/rows.ts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { listOrder, ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { counterparties, counterpartyContacts } from '@/resources/counterparties/counterparties.table.ts';
import {
  letterSortFields,
  mailMessages,
  type EnvelopeFormat,
  type Letter,
  type letterListQuerySchema,
  type RecipientPreview,
} from '../client-mail.contract.ts';
import { envelopeTemplates, mailItems, mailRegisters } from './client-mail.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

export const iso = isoStamp;

// ---- reading letters ---------------------------------------------------------------------------------------------

export const letterColumns = {
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

export const lettersJoined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof letterColumns)
    .from(mailItems)
    .innerJoin(counterparties, eq(counterparties.id, mailItems.counterpartyId))
    .innerJoin(companies, eq(companies.id, mailItems.companyId))
    .leftJoin(counterpartyContacts, eq(counterpartyContacts.id, mailItems.contactId))
    .leftJoin(mailRegisters, eq(mailRegisters.id, mailItems.registerId));

type LetterRow = Awaited<ReturnType<ReturnType<typeof lettersJoined>['where']>>[number];

export function toLetter(row: LetterRow): Letter {
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
    const text = containsPattern(q.search);
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
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(mailItems.id) : asc(mailItems.id))
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

export async function lettersByIds(db: DbOrTx, ids: readonly number[]): Promise<Letter[]> {
  if (!ids.length) return [];
  const rows = await lettersJoined(db, letterColumns)
    .where(inArray(mailItems.id, [...ids]))
    .orderBy(asc(mailItems.id));
  return rows.map(toLetter);
}

// ---- the recipient's snapshot ----------------------------------------------------------------------------------

export type CounterpartyAddress = Pick<
  typeof counterparties.$inferSelect,
  'id' | 'name' | 'fullName' | 'legalForm' | 'postalIndex' | 'postalAddress' | 'legalAddress' | 'isActive'
>;

export const addressColumns = {
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

export async function counterpartyOf(tx: DbOrTx, id: number) {
  const [cp] = await tx.select(addressColumns).from(counterparties).where(eq(counterparties.id, id));
  if (!cp) throw new DomainError(400, mailMessages.counterpartyNotFound, { counterpartyId: mailMessages.reference });
  return cp;
}

export async function contactOf(tx: DbOrTx, counterpartyId: number, contactId: number | null | undefined) {
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
    .orderBy(desc(counterpartyContacts.isPrimary), ukOrder(counterpartyContacts.fullName));
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
export async function usualFormat(tx: DbOrTx, companyId: number): Promise<EnvelopeFormat> {
  const [row] = await tx
    .select({ format: envelopeTemplates.format })
    .from(envelopeTemplates)
    .where(and(eq(envelopeTemplates.companyId, companyId), eq(envelopeTemplates.isDefault, true)))
    .limit(1);
  return row?.format ?? 'DL';
}
