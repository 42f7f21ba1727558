// The bank import pipeline (sales.md §2): every operation of a statement is kept as a bank transaction, idempotent by
// (source, externalId), so a second upload creates nothing; a credit to one of our IBANs becomes a DRAFT payment (the
// client pre-filled when the payer's tax id names exactly one), its proposals are computed and the auto-post rule
// applied; a credit left unprocessed raises the 'needs matching' notification. The mailbox job will feed the same
// `paymentFromBankTransaction`.
import { eq } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { companyBankAccounts } from '@/resources/companies/companies.table.ts';
import {
  builtInStatementProfiles,
  paymentMessages as msg,
  type ImportResult,
  type Payment,
  type StatementField,
} from '../payments.contract.ts';
import { StatementFormatError, type StatementOperation } from './bank-statement-operation.ts';
import { parseStatement } from './bank-statement.ts';
import { autoPostTarget, normaliseCode } from './payment-matching.ts';
import { getPaymentSettings } from './payments-settings.ts';
import { clientByTaxId, getPayment, loadCandidates } from './payments.read.ts';
import { createPayment, notifyPending, postInTx } from './payments.write.ts';
import { bankTransactions } from './payments.table.ts';

/** Our IBANs (normalised) and the company each belongs to. */
export async function ourAccounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ iban: companyBankAccounts.iban, companyId: companyBankAccounts.companyId })
    .from(companyBankAccounts);
  return new Map(rows.map((r) => [normaliseCode(r.iban), r.companyId]));
}

/**
 * A parsed credit to one of our accounts → a draft payment linked to its bank transaction; auto-posted to the one
 * order whose full number its purpose names (when the setting allows and the rule holds), else announced for
 * matching. Runs inside the caller's transaction. Answers the payment.
 */
export async function paymentFromBankTransaction(
  tx: DbOrTx,
  ctx: AuditContext,
  bankTransactionId: number,
  op: StatementOperation,
  opts: { source: 'bank_statement' | 'bank_email'; autoPost: boolean },
): Promise<Payment> {
  const clientId = await clientByTaxId(tx, op.counterpartyTaxId);
  const draft = await createPayment(
    tx,
    ctx,
    {
      paymentDate: op.operationDate!,
      type: 'receipt',
      method: 'bank_transfer',
      amount: op.amount!,
      currencyCode: op.currency ?? 'UAH',
      clientId,
      payerName: op.counterpartyName,
      payerTaxId: op.counterpartyTaxId,
      payerIban: op.counterpartyIban,
      ourIban: op.ourIban,
      purpose: op.purpose,
      bankDocNumber: op.bankDocNumber,
      allocations: [],
      post: false,
    },
    { source: opts.source, bankTransactionId },
  );
  await tx.update(bankTransactions).set({ paymentId: draft.id }).where(eq(bankTransactions.id, bankTransactionId));
  if (opts.autoPost) {
    const target = autoPostTarget(draft, await loadCandidates(tx, draft));
    if (target) {
      return postInTx(tx, ctx, draft.id, {
        clientId: target.clientId,
        allocations: [{ orderId: target.orderId, amount: draft.amount }],
      });
    }
  }
  const pending = await getPayment(tx, draft.id);
  await notifyPending(tx, pending);
  return pending;
}

/** The column profile named by the upload: a built-in bank's or a saved one (case-insensitive). */
async function profileNamed(db: DbOrTx, name: string | null | undefined) {
  if (!name) return undefined;
  const wanted = name.trim().toLowerCase();
  const saved = (await getPaymentSettings(db)).statementProfiles;
  const found = [...builtInStatementProfiles, ...saved].find((p) => p.name.toLowerCase() === wanted);
  if (!found) throw new DomainError(400, msg.importProfile(name), { profile: msg.importProfile(name) });
  return found as { name: string; columns: Partial<Record<StatementField, string>> };
}

/** `POST /api/payments/import-statement`: answers {created, duplicates, ignored, failed}. */
export async function importStatement(
  db: DbOrTx,
  ctx: AuditContext,
  file: { body: Buffer; contentType: string; fileName?: string | null },
  profileName?: string | null,
): Promise<ImportResult> {
  if (!file.body.length) throw new DomainError(400, msg.importFormat);
  const accounts = await ourAccounts(db);
  const profile = await profileNamed(db, profileName);
  let parsed;
  try {
    parsed = await parseStatement(file.body, file.contentType, new Set(accounts.keys()), profile);
  } catch (error) {
    if (error instanceof StatementFormatError) throw new DomainError(400, msg.importColumns(error.message));
    throw new DomainError(400, msg.importFormat);
  }
  if (!parsed.operations.length) throw new DomainError(400, msg.importEmpty);
  const { autoPostExactMatches } = await getPaymentSettings(db);
  return db.transaction(async (tx) => {
    const result: ImportResult = { created: 0, duplicates: 0, ignored: 0, failed: 0 };
    for (const op of parsed.operations) {
      const [row] = await tx
        .insert(bankTransactions)
        .values({
          source: parsed.source,
          externalId: op.externalId,
          rawContent: op.rawContent,
          parserName: parsed.parserName,
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
      if (!row) result.duplicates++;
      else if (op.status === 'failed') result.failed++;
      else if (op.status === 'ignored') result.ignored++;
      else {
        await paymentFromBankTransaction(tx, ctx, row.id, op, {
          source: 'bank_statement',
          autoPost: autoPostExactMatches,
        });
        result.created++;
      }
    }
    await audit(tx, ctx, {
      action: 'import',
      entityType: 'bank_statements',
      entityId: null,
      after: { fileName: file.fileName ?? null, parser: parsed.parserName, ...result },
    });
    return result;
  });
}
