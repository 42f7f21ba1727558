// The audit's print forms (warehouse.md §8): 'Інвентаризаційний опис' — the count sheet with an empty column to
// write the count in — and 'Порівняльна відомість' — the variances with their values. Each is built as a PrintForm
// (plain JSON, tested) and rendered to PDF by the shared renderer.
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { dec, isZero } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate, type PrintForm } from '@/server/kernel/pdf/pdf.ts';
import { auditScopeLabels, auditStatusLabels, type Audit } from '../inventory-audits.contract.ts';
import { getAudit, listLines } from './inventory-audits.read.ts';

const qty = (v: string | null) => (v === null ? '' : formatDecimalUk(v, 0));
const money = (v: string | null) => (v === null ? '' : formatDecimalUk(v, 2));

const headerFields = (a: Audit): Array<readonly [string, string]> => [
  ['Склад', a.warehouseName],
  [
    'Обсяг',
    a.scopeNames.length ? `${auditScopeLabels[a.scope]}: ${a.scopeNames.join(', ')}` : auditScopeLabels[a.scope],
  ],
  ['Стан', auditStatusLabels[a.status]],
  ['Лічильники', a.counterNames.join(', ')],
];

export async function countSheetForm(db: DbOrTx, id: number): Promise<PrintForm> {
  const a = await getAudit(db, id);
  const lines = await listLines(db, id, {});
  const columns = [
    { header: '№', width: 4, align: 'right' as const },
    { header: 'Найменування', width: 30 },
    { header: 'Артикул', width: 14 },
    { header: 'Од.', width: 6, align: 'center' as const },
    ...(a.blind ? [] : [{ header: 'Облікова кількість', width: 11, align: 'right' as const }]),
    { header: 'Фактична кількість', width: 11, align: 'right' as const },
  ];
  return {
    title: 'Інвентаризаційний опис',
    subtitle: `№ ${a.number} від ${printDate(a.documentDate)}${a.blind ? ' · сліпий підрахунок' : ''}`,
    fields: headerFields(a),
    columns,
    rows: lines.map((l, i) => [
      String(i + 1),
      l.name,
      l.sku,
      l.unitShortName ?? '',
      ...(a.blind ? [] : [qty(l.snapshotQty)]),
      '',
    ]),
    totals: [['Усього позицій', String(lines.length)]],
    signatures: ['Голова комісії', 'Члени комісії', 'Матеріально відповідальна особа'],
  };
}

export async function varianceForm(db: DbOrTx, id: number): Promise<PrintForm> {
  const a = await getAudit(db, id);
  const lines = (await listLines(db, id, {})).filter((l) => l.variance !== null && !isZero(dec(l.variance)));
  const t = a.totals;
  return {
    title: 'Порівняльна відомість',
    subtitle: `результатів інвентаризації № ${a.number} від ${printDate(a.documentDate)}`,
    fields: [
      ...headerFields(a),
      ['Облікові дані', a.status === 'posted' ? 'на момент проведення' : 'поточні (попередній розрахунок)'],
    ],
    landscape: true,
    columns: [
      { header: '№', width: 4, align: 'right' },
      { header: 'Найменування', width: 26 },
      { header: 'Артикул', width: 12 },
      { header: 'Од.', width: 5, align: 'center' },
      { header: 'За обліком', width: 9, align: 'right' },
      { header: 'Фактично', width: 9, align: 'right' },
      { header: 'Розбіжність', width: 9, align: 'right' },
      { header: 'Собівартість од., грн', width: 10, align: 'right' },
      { header: 'Сума, грн', width: 10, align: 'right' },
    ],
    rows: lines.map((l, i) => [
      String(i + 1),
      l.name,
      l.sku,
      l.unitShortName ?? '',
      qty(l.expectedQty ?? l.onHand),
      // A count typed in another unit shows it beside the stock quantity: '2 500 (2,5 кг)'.
      l.enteredUnitId === null
        ? qty(l.countedQty)
        : `${qty(l.countedQty)} (${qty(l.enteredQty)} ${l.enteredUnitShortName})`,
      qty(l.variance),
      money(l.avgCost ?? l.unitCost),
      money(l.varianceValue),
    ]),
    totals: [
      ['Надлишок', `${qty(t.surplusQty)} од. на ${money(t.surplusValue)} грн`],
      ['Нестача', `${qty(t.shortageQty)} од. на ${money(t.shortageValue)} грн`],
      ['Разом', `${qty(t.netQty)} од. на ${money(t.netValue)} грн`],
    ],
    signatures: ['Голова комісії', 'Члени комісії', 'Матеріально відповідальна особа', 'Бухгалтер'],
  };
}
