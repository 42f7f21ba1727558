// Match proposals (sales.md §2): pure functions — the purpose normaliser, the score table, the ranking and the
// auto-post rule — so that every row of the table is tested on its own. The service loads the candidates.
import { cmp, dec } from '@/shared/decimal.ts';
import { PROPOSALS_LIMIT } from '../payments.contract.ts';

/** Cyrillic letters that look like Latin ones, written as those (upper case). */
const LOOK_ALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  Є: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  І: 'I',
  Ї: 'I',
  Ј: 'J',
  Ѕ: 'S',
};

/**
 * The purpose as the score compares it: upper case, Cyrillic look-alikes mapped to Latin, every dash a '-', the
 * spaces around '-' removed, runs of spaces made one ('орд - 2026 – 42' → 'OPД-2026-42').
 */
export function normalisePurpose(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .toUpperCase()
    .replace(/[АВЕЄКМНОРСТУХІЇЈЅ]/g, (ch) => LOOK_ALIKES[ch] ?? ch)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/ ?- ?/g, '-')
    .trim();
}

/** Tax ids and IBANs compared without spaces, in upper case. */
export const normaliseCode = (value: string | null | undefined) => (value ?? '').replace(/\s/g, '').toUpperCase();

/**
 * `needle` occurs in `haystack` as a whole token: no letter or digit right before or after it (so ORD-2026-0004
 * is not found in ORD-2026-00042, and the invoice 125 not in 1250).
 */
export function containsToken(haystack: string, needle: string): boolean {
  if (!needle) return false;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    const before = at > 0 ? haystack[at - 1]! : '';
    const after = haystack[at + needle.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    from = at + 1;
  }
}

/** The counter of a document number ('ORD-2026-00042' → '42'), leading zeros dropped; null without one. */
export function orderCounter(orderNumber: string): string | null {
  const match = /(\d+)\s*$/.exec(orderNumber);
  if (!match) return null;
  return match[1]!.replace(/^0+(?=\d)/, '');
}

/** The digit groups of a purpose, leading zeros dropped ('№ 00042 від 15.11' → ['42', '15', '11']). */
export function digitGroups(purpose: string): string[] {
  return (purpose.match(/\d+/g) ?? []).map((g) => g.replace(/^0+(?=\d)/, ''));
}

export interface ScoredPayment {
  paymentDate: string;
  amount: string;
  purpose: string | null;
  payerTaxId: string | null;
}

export interface Candidate {
  orderId: number;
  orderNumber: string;
  externalNumber: string | null;
  orderDate: string;
  orderStatus: string;
  clientId: number;
  clientName: string;
  clientTaxId: string | null;
  currencyCode: string;
  totalGross: string;
  paid: string;
  outstanding: string;
  /** The payer's IBAN is known for this client (its bank accounts or earlier payments). */
  payerIbanKnown: boolean;
}

export interface Score {
  score: number;
  reasons: string[];
  /** The full orderNumber or externalNumber is in the purpose. */
  fullNumberMatch: boolean;
}

export const reasonTexts = {
  orderNumber: 'Номер замовлення в призначенні',
  externalNumber: 'Номер рахунку (зовнішній) в призначенні',
  counter: 'Цифри номера замовлення в призначенні',
  taxId: 'Збігається ЄДРПОУ',
  iban: 'Рахунок платника відомий для клієнта',
  outstanding: 'Сума дорівнює залишку до оплати',
  total: 'Сума дорівнює сумі замовлення',
  less: 'Сума менша за залишок до оплати',
} as const;

/** The score table of sales.md §2, capped at 100, with its reasons in Ukrainian. */
export function scoreCandidate(payment: ScoredPayment, order: Candidate): Score {
  const purpose = normalisePurpose(payment.purpose);
  const reasons: string[] = [];
  let score = 0;
  let fullNumberMatch = false;

  // +50 full number, else +30 the counter among the digit groups (the two rows exclude each other).
  const external = normalisePurpose(order.externalNumber);
  if (containsToken(purpose, normalisePurpose(order.orderNumber))) {
    score += 50;
    fullNumberMatch = true;
    reasons.push(reasonTexts.orderNumber);
  } else if (external.length >= 3 && /\d/.test(external) && containsToken(purpose, external)) {
    score += 50;
    fullNumberMatch = true;
    reasons.push(reasonTexts.externalNumber);
  } else {
    const counter = orderCounter(order.orderNumber);
    const orderYear = Number(order.orderDate.slice(0, 4));
    const paymentYear = Number(payment.paymentDate.slice(0, 4));
    const yearFits = orderYear === paymentYear || orderYear === paymentYear - 1;
    if (counter && yearFits && digitGroups(purpose).includes(counter)) {
      score += 30;
      reasons.push(reasonTexts.counter);
    }
  }

  const payerTaxId = normaliseCode(payment.payerTaxId);
  if (payerTaxId && payerTaxId === normaliseCode(order.clientTaxId)) {
    score += 25;
    reasons.push(reasonTexts.taxId);
  }
  if (order.payerIbanKnown) {
    score += 10;
    reasons.push(reasonTexts.iban);
  }

  // +15 / +10 / +5 exclude each other, tried in this order.
  const amount = dec(payment.amount);
  const outstanding = dec(order.outstanding);
  if (cmp(amount, outstanding) === 0) {
    score += 15;
    reasons.push(reasonTexts.outstanding);
  } else if (cmp(amount, dec(order.totalGross)) === 0) {
    score += 10;
    reasons.push(reasonTexts.total);
  } else if (cmp(amount, outstanding) < 0) {
    score += 5;
    reasons.push(reasonTexts.less);
  }
  return { score: Math.min(score, 100), reasons, fullNumberMatch };
}

/** The most an amount alone scores (sales.md §2: +15, +10 or +5, mutually exclusive). */
const AMOUNT_ONLY_MAX = 15;

export type Proposal = Omit<Candidate, 'clientTaxId' | 'payerIbanKnown'> & Score;

/**
 * The proposals, best first: the preferred client's orders (the payer's tax id named exactly one counterparty, or a
 * person chose the client) rank first, then by score, then the oldest order first. Only orders that score, and an
 * order of another client only when something identifies it (number, tax id, account): an amount alone (≤ 15
 * points) never proposes a stranger's order, so 'Підтвердити' cannot put one client's money on another's order.
 */
export function rankProposals(
  payment: ScoredPayment,
  candidates: readonly Candidate[],
  preferredClientId: number | null,
  limit = PROPOSALS_LIMIT,
): Proposal[] {
  const scored = candidates
    .map((c) => {
      const { clientTaxId: _t, payerIbanKnown: _k, ...order } = c;
      return { ...order, ...scoreCandidate(payment, c) };
    })
    .filter((p) => p.score > 0 && (p.clientId === preferredClientId || p.score > AMOUNT_ONLY_MAX));
  scored.sort(
    (a, b) =>
      Number(b.clientId === preferredClientId) - Number(a.clientId === preferredClientId) ||
      b.score - a.score ||
      a.orderDate.localeCompare(b.orderDate) ||
      a.orderId - b.orderId,
  );
  return scored.slice(0, limit);
}

/**
 * The auto-post rule (sales.md §2): exactly one candidate has a full-number match, the amount is at most its
 * outstanding, and the payer's tax id equals its client's or is absent. Answers that candidate, else null.
 */
export function autoPostTarget(payment: ScoredPayment, candidates: readonly Candidate[]): Candidate | null {
  const matches = candidates.filter((c) => scoreCandidate(payment, c).fullNumberMatch);
  if (matches.length !== 1) return null;
  const [order] = matches as [Candidate];
  if (cmp(dec(payment.amount), dec(order.outstanding)) > 0) return null;
  const payerTaxId = normaliseCode(payment.payerTaxId);
  if (payerTaxId && payerTaxId !== normaliseCode(order.clientTaxId)) return null;
  return order;
}
