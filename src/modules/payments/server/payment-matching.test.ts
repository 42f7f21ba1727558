// The score table of sales.md §2, row by row: the normaliser, the +50/+30 number rows (exclusive), the tax id and
// IBAN rows, the +15/+10/+5 amount rows (exclusive), the cap at 100, the ranking and the auto-post rule.
import { describe, expect, it } from 'vitest';
import {
  autoPostTarget,
  containsToken,
  digitGroups,
  normalisePurpose,
  orderCounter,
  rankProposals,
  reasonTexts,
  scoreCandidate,
  type Candidate,
  type ScoredPayment,
} from './payment-matching.ts';

const order = (over: Partial<Candidate> = {}): Candidate => ({
  orderId: 1,
  orderNumber: 'ORD-2026-00042',
  externalNumber: null,
  orderDate: '2026-11-10',
  orderStatus: 'confirmed',
  clientId: 7,
  clientName: 'Енергоплюс',
  clientTaxId: '41234567',
  currencyCode: 'UAH',
  totalGross: '1200.00',
  paid: '0.00',
  outstanding: '1200.00',
  payerIbanKnown: false,
  ...over,
});
const payment = (over: Partial<ScoredPayment> = {}): ScoredPayment => ({
  paymentDate: '2026-11-20',
  amount: '5000.00',
  purpose: 'Оплата за товар',
  payerTaxId: null,
  ...over,
});

describe('normalisePurpose', () => {
  it('upper-cases, maps Cyrillic look-alikes to Latin and removes the spaces around dashes', () => {
    // 'ОRD' and 'РАУ' typed with Cyrillic О, Р, А, У; an en dash with spaces around it.
    expect(normalisePurpose('оплата ОRD - 2026 – 00042 та РАУ-1')).toBe('OПЛATA ORD-2026-00042 TA PAY-1');
    expect(normalisePurpose('  рах.   № ORD -2026-  7 ')).toBe('PAX. № ORD-2026-7');
    expect(normalisePurpose('ВЕКМНОРСТУХІ')).toBe('BEKMHOPCTYXI');
    expect(normalisePurpose(null)).toBe('');
  });

  it('finds whole tokens only and reads counters and digit groups without leading zeros', () => {
    expect(containsToken('ORD-2026-00042 OK', 'ORD-2026-00042')).toBe(true);
    expect(containsToken('ORD-2026-000421', 'ORD-2026-00042')).toBe(false);
    expect(containsToken('PAX1250', '125')).toBe(false);
    expect(orderCounter('ORD-2026-00042')).toBe('42');
    expect(digitGroups('№ 00042 від 15.11.2026')).toEqual(['42', '15', '11', '2026']);
  });
});

describe('scoreCandidate', () => {
  it('+50 for the full order number in the purpose, even typed with Cyrillic look-alikes and spaced dashes', () => {
    const s = scoreCandidate(payment({ purpose: 'Оплата згідно рах. ОRD - 2026 - 00042' }), order());
    expect(s).toEqual({ score: 50, reasons: [reasonTexts.orderNumber], fullNumberMatch: true });
  });

  it('+50 for the external (BAS) number instead, and the two number rows never add up', () => {
    const s = scoreCandidate(
      payment({ purpose: 'рахунок СФ-000125 та ORD-2026-00042' }),
      order({ externalNumber: 'СФ-000125' }),
    );
    expect(s.score).toBe(50);
    expect(s.reasons).toEqual([reasonTexts.orderNumber]);
    const external = scoreCandidate(
      payment({ purpose: 'за рахунком СФ-000125' }),
      order({ externalNumber: 'СФ-000125' }),
    );
    expect(external).toEqual({ score: 50, reasons: [reasonTexts.externalNumber], fullNumberMatch: true });
  });

  it('+30 for the counter among the digit groups, only for an order of this year or the one before', () => {
    expect(scoreCandidate(payment({ purpose: 'оплата рах. № 42 від 12.11' }), order())).toMatchObject({
      score: 30,
      reasons: [reasonTexts.counter],
      fullNumberMatch: false,
    });
    expect(scoreCandidate(payment({ purpose: 'рах. 0042' }), order({ orderDate: '2025-12-30' })).score).toBe(30);
    expect(scoreCandidate(payment({ purpose: 'рах. 42' }), order({ orderDate: '2024-12-30' })).score).toBe(0);
  });

  it('+25 for the payer tax id equal to the client’s, +10 for a known payer IBAN', () => {
    expect(scoreCandidate(payment({ payerTaxId: ' 41234567 ' }), order())).toMatchObject({
      score: 25,
      reasons: [reasonTexts.taxId],
    });
    expect(scoreCandidate(payment(), order({ payerIbanKnown: true }))).toMatchObject({
      score: 10,
      reasons: [reasonTexts.iban],
    });
  });

  it('+15 amount = outstanding, else +10 amount = total, else +5 amount < outstanding (exclusive)', () => {
    expect(scoreCandidate(payment({ amount: '1200.00' }), order())).toMatchObject({
      score: 15,
      reasons: [reasonTexts.outstanding],
    });
    const partlyPaid = order({ paid: '200.00', outstanding: '1000.00' });
    expect(scoreCandidate(payment({ amount: '1200' }), partlyPaid)).toMatchObject({
      score: 10,
      reasons: [reasonTexts.total],
    });
    expect(scoreCandidate(payment({ amount: '500.00' }), partlyPaid)).toMatchObject({
      score: 5,
      reasons: [reasonTexts.less],
    });
    expect(scoreCandidate(payment({ amount: '5000.00' }), partlyPaid).score).toBe(0);
  });

  it('caps the sum at 100 and keeps every reason', () => {
    const s = scoreCandidate(
      payment({ purpose: 'ORD-2026-00042', payerTaxId: '41234567', amount: '1200.00' }),
      order({ payerIbanKnown: true }),
    );
    expect(s.score).toBe(100);
    expect(s.reasons).toEqual([reasonTexts.orderNumber, reasonTexts.taxId, reasonTexts.iban, reasonTexts.outstanding]);
  });
});

describe('rankProposals and the auto-post rule', () => {
  const a = order({ orderId: 1, orderNumber: 'ORD-2026-00041', clientId: 7, outstanding: '500.00' });
  const b = order({ orderId: 2, orderNumber: 'ORD-2026-00042', clientId: 8, clientTaxId: '39999999' });
  const c = order({ orderId: 3, orderNumber: 'ORD-2026-00043', clientId: 8, clientTaxId: '39999999' });

  it('puts the preferred client first, then the score, and leaves out orders that do not score', () => {
    const p = payment({ purpose: 'ORD-2026-00042', amount: '1200.00' });
    // Orders that only match by amount are left out unless they are the chosen client's.
    expect(rankProposals(p, [a, b, c], null).map((x) => [x.orderId, x.score])).toEqual([[2, 65]]);
    expect(rankProposals(p, [a, b, c], 8).map((x) => [x.orderId, x.score])).toEqual([
      [2, 65],
      [3, 15],
    ]);
    expect(rankProposals(p, [a, b, c], 7).map((x) => [x.orderId, x.score])).toEqual([
      [1, 10],
      [2, 65],
    ]);
    expect(rankProposals(payment({ purpose: 'ORD-2026-00042' }), [a, b, c], null).map((x) => x.orderId)).toEqual([2]);
    expect(rankProposals(payment({ amount: '100.00' }), [a, b, c], null)).toEqual([]);
    expect(rankProposals(payment({ amount: '100.00' }), [a, b, c], 8, 1)).toHaveLength(1);
  });

  it('auto-posts only one full-number match within its outstanding, the payer tax id the client’s or absent', () => {
    expect(autoPostTarget(payment({ purpose: 'ORD-2026-00042', amount: '1200.00' }), [a, b, c])?.orderId).toBe(2);
    expect(autoPostTarget(payment({ purpose: 'ORD-2026-00042', amount: '1200.01' }), [a, b, c])).toBeNull();
    expect(
      autoPostTarget(payment({ purpose: 'ORD-2026-00042', amount: '100', payerTaxId: '39999999' }), [a, b, c])?.orderId,
    ).toBe(2);
    expect(
      autoPostTarget(payment({ purpose: 'ORD-2026-00042', amount: '100', payerTaxId: '41234567' }), [a, b, c]),
    ).toBeNull();
    expect(
      autoPostTarget(payment({ purpose: 'ORD-2026-00042 і ORD-2026-00043', amount: '100' }), [a, b, c]),
    ).toBeNull();
    expect(autoPostTarget(payment({ purpose: 'рах. 42', amount: '100' }), [a, b, c])).toBeNull();
  });
});
