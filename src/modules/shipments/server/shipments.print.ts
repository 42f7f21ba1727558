// The print forms of a shipment (sales.md §3): 'Видаткова накладна' ('Акт надання послуг' when every line is a
// service) — supplier and buyer with their requisites, the order, the lines at their snapshot prices, the totals,
// the sum in words and the signatures — and 'Пакувальний лист' (items and serials, no prices).
import { and, asc, desc, eq } from 'drizzle-orm';
import { amountInWords } from '@/shared/amount-in-words.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { add, dec, fixed, isZero, mul, round } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { renderPrintForm, type PrintColumn } from '@/server/kernel/pdf/pdf.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { companies, companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterparties, counterpartyBankAccounts } from '@/resources/counterparties/counterparties.table.ts';
import { deliveryStatusLabels, shipmentStatusLabels, type Shipment } from '../shipments.contract.ts';

export const goodsIssueTitle = 'Видаткова накладна';
export const servicesActTitle = 'Акт надання послуг';
export const packingListTitle = 'Пакувальний лист';

const MONTHS = [
  'січня',
  'лютого',
  'березня',
  'квітня',
  'травня',
  'червня',
  'липня',
  'серпня',
  'вересня',
  'жовтня',
  'листопада',
  'грудня',
];

/** '12 листопада 2026 р.' */
export function longDateUk(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y} р.`;
}

const money = (v: string) => formatDecimalUk(v, 2);
const qty = (v: string) => formatDecimalUk(v, 0);
const joinParts = (parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(', ');

/** The title of the goods issue note: an act when the shipment holds only services. */
export function goodsIssueTitleOf(s: Pick<Shipment, 'lines'>): string {
  return s.lines.length > 0 && s.lines.every((l) => l.itemKind === 'service') ? servicesActTitle : goodsIssueTitle;
}

async function partiesOf(db: DbOrTx, s: Shipment) {
  const [order] = await db
    .select({ companyId: orders.companyId, orderDate: orders.orderDate })
    .from(orders)
    .where(eq(orders.id, s.orderId));
  const [company] = await db.select().from(companies).where(eq(companies.id, order!.companyId));
  const [companyAccount] = await db
    .select({ iban: companyBankAccounts.iban, bankName: companyBankAccounts.bankName })
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.companyId, order!.companyId), eq(companyBankAccounts.currencyCode, 'UAH')))
    .orderBy(desc(companyBankAccounts.isDefault), asc(companyBankAccounts.id))
    .limit(1);
  const [client] = await db.select().from(counterparties).where(eq(counterparties.id, s.clientId));
  const [clientAccount] = await db
    .select({ iban: counterpartyBankAccounts.iban, bankName: counterpartyBankAccounts.bankName })
    .from(counterpartyBankAccounts)
    .where(eq(counterpartyBankAccounts.counterpartyId, s.clientId))
    .orderBy(desc(counterpartyBankAccounts.isDefault), asc(counterpartyBankAccounts.id))
    .limit(1);
  const supplier = company
    ? joinParts([
        company.fullName,
        `ЄДРПОУ ${company.taxId}`,
        company.isVatPayer ? (company.vatNumber ? `ІПН ${company.vatNumber}` : 'платник ПДВ') : 'не є платником ПДВ',
        company.legalAddress,
        companyAccount &&
          `IBAN ${companyAccount.iban}${companyAccount.bankName ? ` в ${companyAccount.bankName}` : ''}`,
        company.phone && `тел. ${company.phone}`,
      ])
    : '—';
  const taxLabel = client?.legalForm === 'legal_entity' ? 'ЄДРПОУ' : 'РНОКПП';
  const buyer = client
    ? joinParts([
        client.fullName || client.name,
        client.taxId && `${taxLabel} ${client.taxId}`,
        client.isVatPayer && client.vatNumber && `ІПН ${client.vatNumber}`,
        client.legalAddress,
        clientAccount && `IBAN ${clientAccount.iban}${clientAccount.bankName ? ` в ${clientAccount.bankName}` : ''}`,
        client.phone && `тел. ${client.phone}`,
      ])
    : s.clientName;
  return {
    supplier,
    buyer,
    companyName: company?.fullName ?? '',
    vatPayer: company?.isVatPayer ?? false,
    orderDate: order!.orderDate,
  };
}

/** 'Видаткова накладна' (or 'Акт надання послуг'). */
export async function renderGoodsIssueNote(db: DbOrTx, s: Shipment): Promise<Buffer> {
  const parties = await partiesOf(db, s);
  const currency = s.currencyCode;
  const uah = currency === 'UAH';
  const discounted = s.lines.some((l) => !isZero(dec(l.discountPercent)));
  const columns: PrintColumn[] = [
    { header: '№', width: 0.6, align: 'center' },
    { header: 'Артикул', width: 1.8 },
    { header: 'Найменування', width: 4.4 },
    { header: 'Од.', width: 0.8, align: 'center' },
    { header: 'Кількість', width: 1.3, align: 'right' },
    { header: s.pricesIncludeVat ? 'Ціна з ПДВ' : 'Ціна без ПДВ', width: 1.6, align: 'right' },
  ];
  if (discounted) columns.push({ header: 'Знижка, %', width: 1.1, align: 'right' });
  columns.push({ header: s.pricesIncludeVat ? 'Сума з ПДВ' : 'Сума без ПДВ', width: 1.8, align: 'right' });
  const rows = s.lines.map((line, i) => {
    const cells = [
      String(i + 1),
      line.sku,
      line.itemName,
      // As sold: in the order line's unit when the line has one, at the price per that unit.
      line.enteredUnitShortName ?? line.unitShortName ?? '',
      qty(line.enteredQty),
      money(line.unitPrice),
    ];
    if (discounted) cells.push(formatDecimalUk(line.discountPercent, 0));
    cells.push(money(s.pricesIncludeVat ? line.lineGross : line.lineNet));
    return cells;
  });
  const fields: Array<readonly [string, string]> = [
    ['Постачальник', parties.supplier],
    ['Покупець', parties.buyer],
    ['Замовлення', `№ ${s.orderNumber} від ${longDateUk(parties.orderDate)}`],
    ['Склад', s.warehouseName],
  ];
  if (!uah) fields.push(['Валюта', `${currency}, курс ${formatDecimalUk(s.fxRate, 4)} грн`]);
  if (s.status !== 'posted') fields.push(['Статус', shipmentStatusLabels[s.status]]);
  const totals: Array<readonly [string, string]> = parties.vatPayer
    ? [
        [`Разом без ПДВ, ${currency}`, money(s.totalNet)],
        [`ПДВ, ${currency}`, money(s.totalVat)],
        [`Всього з ПДВ, ${currency}`, money(s.totalGross)],
      ]
    : [
        [`Разом, ${currency}`, money(s.totalGross)],
        ['ПДВ', 'Без ПДВ'],
      ];
  const grossUah = uah ? s.totalGross : fixed(round(mul(dec(s.totalGross), dec(s.fxRate)), 2), 2);
  if (!uah) totals.push(['Всього, грн', money(grossUah)]);
  totals.push([
    uah ? 'Всього на суму' : 'Всього на суму (у гривнях)',
    `${amountInWords(grossUah, 'UAH')}${parties.vatPayer ? `, у т.ч. ПДВ: ${money(uah ? s.totalVat : fixed(round(mul(dec(s.totalVat), dec(s.fxRate)), 2), 2))} грн` : ', без ПДВ'}`,
  ]);
  return renderPrintForm({
    title: `${goodsIssueTitleOf(s)} № ${s.number} від ${longDateUk(s.shipmentDate)}`,
    fields,
    columns,
    rows,
    totals,
    signatures: ['Від постачальника', 'Отримав(ла)', 'За довіреністю № ________ від ________'],
  });
}

/** 'Пакувальний лист': what is in the parcel — items, quantities and serials, no prices. */
export async function renderPackingList(db: DbOrTx, s: Shipment): Promise<Buffer> {
  const parties = await partiesOf(db, s);
  const columns: PrintColumn[] = [
    { header: '№', width: 0.6, align: 'center' },
    { header: 'Артикул', width: 2 },
    { header: 'Найменування', width: 4.4 },
    { header: 'Од.', width: 0.8, align: 'center' },
    { header: 'Кількість', width: 1.3, align: 'right' },
    { header: 'Серійні номери', width: 4 },
  ];
  const rows = s.lines.map((line, i) => [
    String(i + 1),
    line.sku,
    line.itemName,
    line.unitShortName ?? '',
    qty(line.qty),
    line.serials.map((x) => x.serial).join(', '),
  ]);
  const place = joinParts([
    s.npCityName,
    s.npWarehouseNumber ? `відділення № ${s.npWarehouseNumber}` : null,
    s.npWarehouseAddress,
    s.address,
  ]);
  const fields: Array<readonly [string, string]> = [
    ['Відправник', parties.companyName],
    ['Покупець', s.clientName],
    ['Отримувач', joinParts([s.recipientName, s.recipientPhone])],
    ['Доставка', joinParts([s.carrierName, place])],
    ['Замовлення', `№ ${s.orderNumber}`],
  ];
  if (s.trackingNumber) fields.push(['Номер ЕН', s.trackingNumber]);
  if (s.deliveryStatus !== 'none') fields.push(['Стан доставки', deliveryStatusLabels[s.deliveryStatus]]);
  const places = Math.max(1, s.seats.length);
  const totalQty = s.lines.reduce((sum, l) => add(sum, dec(l.qty)), dec(0));
  const totals: Array<readonly [string, string]> = [
    ['Позицій', String(s.lines.length)],
    ['Одиниць', qty(fixed(totalQty, 4))],
    ['Місць', String(places)],
  ];
  if (s.weightKg) totals.push(['Вага, кг', formatDecimalUk(s.weightKg, 0)]);
  return renderPrintForm({
    title: packingListTitle,
    subtitle: `№ ${s.number} від ${longDateUk(s.shipmentDate)}`,
    fields,
    columns,
    rows,
    totals,
    signatures: ['Зібрав (комірник)', 'Перевірив'],
  });
}
