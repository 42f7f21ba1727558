// One bank notice e-mail through the pipeline (sales.md §2, reports-admin.md §17): the raw message (full MIME or the
// body text alone) is read with mailparser, parsed by the chosen parser, keyed by its Message-ID (else the sha-256 of
// the raw text) and classified — a credit to one of our IBANs, a debit ('списано — ігнорується'), not our account, or
// failed. `analyseBankEmail` says what would happen and writes nothing; `processBankEmail` does it once: the bank
// transaction (idempotent by (source, externalId)) and, for a credit, the draft payment with its proposals and the
// auto-post rule — the same `paymentFromBankTransaction` the statement import uses.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  autoPostTarget,
  bankTransactions,
  clientByTaxId,
  getPaymentSettings,
  loadCandidates,
  normaliseCode,
  ourAccounts,
  paymentFromBankTransaction,
  rankProposals,
  type StatementOperation,
} from '@/modules/payments/server/index.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { bankMailboxMessages as m } from '../bank-mailbox.messages.ts';
import type { BankEmailAnalysis, BankEmailProcessed } from '../bank-mailbox.contract.ts';
import { bankParsers, type BankParserName } from './parsers/index.ts';

export interface ReadMessage {
  messageId: string | null;
  from: string | null;
  subject: string | null;
  text: string;
}

/** The letter's headers and text: a MIME message is decoded (charsets, quoted-printable, HTML-only bodies). */
export async function readBankEmail(raw: string): Promise<ReadMessage> {
  const looksMime = /^[A-Za-z][A-Za-z0-9-]*:\s.+$/m.test(raw.split(/\r?\n\r?\n/, 1)[0] ?? '') && /\r?\n\r?\n/.test(raw);
  if (!looksMime) return { messageId: null, from: null, subject: null, text: raw };
  const mail = await simpleParser(raw);
  const text = mail.text ?? (typeof mail.html === 'string' ? mail.html.replace(/<[^>]+>/g, '\n') : '') ?? '';
  return {
    messageId: mail.messageId ?? null,
    from: mail.from?.value[0]?.address ?? null,
    subject: mail.subject ?? null,
    text,
  };
}

export const externalIdOf = (message: ReadMessage, raw: string): string =>
  message.messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;

/** The parsed notice as a bank operation, classified against our accounts. */
export function operationOf(
  raw: string,
  message: ReadMessage,
  parser: BankParserName,
  accounts: Map<string, number>,
): StatementOperation & { warnings: string[] } {
  const parsed = bankParsers[parser](message.text);
  const { warnings, ...fields } = parsed;
  const base = { externalId: externalIdOf(message, raw), rawContent: raw, ...fields, warnings };
  if (!fields.direction || !fields.amount || !fields.operationDate) {
    return { ...base, status: 'failed', parseError: warnings.join('; ') || m.unreadable };
  }
  if (fields.direction === 'debit') return { ...base, status: 'ignored', parseError: m.debit };
  if (!accounts.has(normaliseCode(fields.ourIban))) return { ...base, status: 'ignored', parseError: m.notOurs };
  return { ...base, status: 'parsed', parseError: null };
}

async function existing(db: DbOrTx, externalId: string) {
  const [row] = await db
    .select({ id: bankTransactions.id, paymentId: bankTransactions.paymentId, status: bankTransactions.status })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.source, 'email'), eq(bankTransactions.externalId, externalId)));
  return row ?? null;
}

/** 'Розібрати': what the pipeline would do with this letter. Writes nothing. */
export async function analyseBankEmail(db: DbOrTx, raw: string, parser: BankParserName): Promise<BankEmailAnalysis> {
  const message = await readBankEmail(raw);
  const accounts = await ourAccounts(db);
  const op = operationOf(raw, message, parser, accounts);
  const duplicate = await existing(db, op.externalId);
  const companyId = accounts.get(normaliseCode(op.ourIban)) ?? null;
  const [company] = companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
    : [];
  let proposals: BankEmailAnalysis['proposals'] = [];
  let wouldAutoPost = false;
  if (op.status === 'parsed') {
    const subject = {
      id: 0,
      paymentDate: op.operationDate ?? kyivToday(),
      amount: op.amount!,
      currencyCode: op.currency ?? 'UAH',
      clientId: await clientByTaxId(db, op.counterpartyTaxId),
      payerTaxId: op.counterpartyTaxId,
      payerIban: op.counterpartyIban,
      purpose: op.purpose,
    };
    const candidates = await loadCandidates(db, subject);
    proposals = rankProposals(subject, candidates, subject.clientId).map((p) => ({
      orderId: p.orderId,
      orderNumber: p.orderNumber,
      clientName: p.clientName,
      outstanding: p.outstanding,
      score: p.score,
      reasons: p.reasons,
    }));
    wouldAutoPost = (await getPaymentSettings(db)).autoPostExactMatches && autoPostTarget(subject, candidates) !== null;
  }
  const { rawContent: _raw, warnings, externalId, ...fields } = op;
  return {
    parser,
    messageId: message.messageId,
    from: message.from,
    subject: message.subject,
    externalId,
    fields,
    warnings,
    duplicateOf: duplicate ? { bankTransactionId: duplicate.id, paymentId: duplicate.paymentId } : null,
    credit: op.direction === 'credit',
    company: companyId ? { id: companyId, name: company?.name ?? '' } : null,
    proposals,
    wouldAutoPost,
  };
}

/** 'Обробити' and the mailbox job: the letter through the pipeline, once. A second time answers what exists. */
export async function processBankEmail(
  db: Db,
  ctx: AuditContext,
  raw: string,
  parser: BankParserName,
): Promise<BankEmailProcessed> {
  const message = await readBankEmail(raw);
  const accounts = await ourAccounts(db);
  const op = operationOf(raw, message, parser, accounts);
  const { autoPostExactMatches } = await getPaymentSettings(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankTransactions)
      .values({
        source: 'email',
        externalId: op.externalId,
        rawContent: raw,
        parserName: parser,
        status: op.status,
        parseError: op.parseError,
        direction: op.direction,
        operationDate: op.operationDate,
        amount: op.amount,
        currency: op.currency,
        ourIban: op.ourIban,
        counterpartyName: op.counterpartyName,
        counterpartyTaxId: op.counterpartyTaxId,
        counterpartyIban: op.counterpartyIban,
        purpose: op.purpose,
        bankDocNumber: op.bankDocNumber,
        createdBy: ctx.userId,
      })
      .onConflictDoNothing({ target: [bankTransactions.source, bankTransactions.externalId] })
      .returning({ id: bankTransactions.id });
    if (!row) {
      const found = (await existing(tx, op.externalId))!;
      return {
        alreadyProcessed: true,
        message: m.alreadyProcessed,
        bankTransactionId: found.id,
        paymentId: found.paymentId,
        status: found.status as BankEmailProcessed['status'],
        paymentStatus: null,
      };
    }
    let payment: { id: number; status: string } | null = null;
    if (op.status === 'parsed') {
      payment = await paymentFromBankTransaction(tx, ctx, row.id, op, {
        source: 'bank_email',
        autoPost: autoPostExactMatches,
      });
    }
    await audit(tx, ctx, {
      action: 'import',
      entityType: 'bank_transactions',
      entityId: row.id,
      after: { source: 'email', externalId: op.externalId, status: op.status, paymentId: payment?.id ?? null },
    });
    return {
      alreadyProcessed: false,
      message: op.status === 'parsed' ? m.processed : (op.parseError ?? m.processed),
      bankTransactionId: row.id,
      paymentId: payment?.id ?? null,
      status: op.status,
      paymentStatus: payment?.status ?? null,
    };
  });
}

/** 'Повторити розбір' of a failed transaction (after a parser fix): parsed again from its kept raw text. */
export async function reparseBankTransaction(db: Db, ctx: AuditContext, id: number, parser: BankParserName) {
  const [row] = await db.select().from(bankTransactions).where(eq(bankTransactions.id, id));
  if (!row || row.source !== 'email') throw new DomainError(404, m.notFound);
  if (row.status !== 'failed') throw new DomainError(409, m.notFailed);
  const message = await readBankEmail(row.rawContent);
  const op = operationOf(row.rawContent, message, parser, await ourAccounts(db));
  const { autoPostExactMatches } = await getPaymentSettings(db);
  return db.transaction(async (tx) => {
    await tx
      .update(bankTransactions)
      .set({
        parserName: parser,
        status: op.status,
        parseError: op.parseError,
        direction: op.direction,
        operationDate: op.operationDate,
        amount: op.amount,
        currency: op.currency,
        ourIban: op.ourIban,
        counterpartyName: op.counterpartyName,
        counterpartyTaxId: op.counterpartyTaxId,
        counterpartyIban: op.counterpartyIban,
        purpose: op.purpose,
        bankDocNumber: op.bankDocNumber,
      })
      .where(eq(bankTransactions.id, id));
    const payment =
      op.status === 'parsed'
        ? await paymentFromBankTransaction(tx, ctx, id, op, { source: 'bank_email', autoPost: autoPostExactMatches })
        : null;
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'bank_transactions',
      entityId: id,
      after: { reparsed: true, status: op.status },
    });
    return {
      alreadyProcessed: false,
      message: op.status === 'parsed' ? m.processed : (op.parseError ?? m.processed),
      bankTransactionId: id,
      paymentId: payment?.id ?? null,
      status: op.status,
      paymentStatus: payment?.status ?? null,
    } satisfies BankEmailProcessed;
  });
}
