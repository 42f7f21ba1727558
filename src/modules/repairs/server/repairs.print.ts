// The repair's print forms (production.md §7): 'Квитанція про прийом в ремонт' (what was taken in, its state and the
// warranty decision) and 'Акт виконаних робіт' (the work done, the parts and the time with their prices), both with
// the company's requisites and the signatures of both sides.
import { eq } from 'drizzle-orm';
import { add, dec, fixed, mul, round } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { printDate, renderPrintForm, type PrintColumn } from '@/server/kernel/pdf/pdf.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { repairMessages, warrantyLabel, type Repair, type RepairPartsState } from '../repairs.contract.ts';

export const intakeTitle = repairMessages.intakeTitle;
export const actTitle = repairMessages.actTitle;

async function companyFields(db: DbOrTx): Promise<Array<readonly [string, string]>> {
  const [c] = await db
    .select({
      fullName: companies.fullName,
      taxId: companies.taxId,
      address: companies.legalAddress,
      phone: companies.phone,
    })
    .from(companies)
    .where(eq(companies.isDefault, true))
    .limit(1);
  if (!c) return [];
  const fields: Array<readonly [string, string]> = [
    ['Виконавець', c.fullName],
    ['Код ЄДРПОУ / ІПН', c.taxId],
  ];
  fields.push(['Адреса', c.address]);
  if (c.phone) fields.push(['Телефон', c.phone]);
  return fields;
}

function unitFields(r: Repair): Array<readonly [string, string]> {
  const fields: Array<readonly [string, string]> = [
    ['Замовник', r.clientName],
    ['Виріб', `${r.sku} ${r.itemName}`],
  ];
  if (r.serial) fields.push(['Серійний номер', r.serial]);
  fields.push(['Вид ремонту', warrantyLabel(r.isWarranty)]);
  if (r.warrantyUntil) fields.push(['Гарантія до', printDate(r.warrantyUntil)]);
  if (r.warrantyOverrideReason) fields.push(['Підстава рішення щодо гарантії', r.warrantyOverrideReason]);
  return fields;
}

const money = (v: string) => formatDecimalUk(v, 2);

export async function renderIntakeReceipt(db: DbOrTx, r: Repair): Promise<Buffer> {
  const fields = [...(await companyFields(db)), ...unitFields(r)];
  const columns: PrintColumn[] = [
    { header: 'Показник', width: 3 },
    { header: 'Опис', width: 7 },
  ];
  const rows: string[][] = [['Заявлена несправність', r.problemDescription]];
  rows.push(['Комплектність', r.accessories ?? '—']);
  rows.push(['Зовнішні пошкодження', r.visualDamage ?? '—']);
  if (r.estimatedCost) rows.push(['Орієнтовна вартість, грн', money(r.estimatedCost)]);
  if (r.notes) rows.push(['Примітки', r.notes]);
  return renderPrintForm({
    title: intakeTitle,
    subtitle: `№ ${r.number} від ${printDate(r.intakeDate)}`,
    fields,
    columns,
    rows,
    signatures: ['Здав (замовник)', 'Прийняв'],
  });
}

export async function renderWorkAct(db: DbOrTx, r: Repair, parts: RepairPartsState): Promise<Buffer> {
  const fields = [...(await companyFields(db)), ...unitFields(r)];
  if (r.diagnosis) fields.push(['Діагностика', r.diagnosis]);
  if (r.workDone) fields.push(['Виконані роботи', r.workDone]);
  const columns: PrintColumn[] = [
    { header: '№', width: 0.6, align: 'center' },
    { header: 'Найменування', width: 6 },
    { header: 'Кількість', width: 1.6, align: 'right' },
    { header: 'Ціна, грн', width: 1.8, align: 'right' },
    { header: 'Сума, грн', width: 1.8, align: 'right' },
  ];
  const rows: string[][] = [];
  let total = dec(0);
  const hours = r.costs.hours;
  if (dec(hours).units > 0n) {
    const sum = r.isWarranty ? dec(0) : round(mul(dec(hours), dec(r.costs.hourPrice)), 2);
    total = add(total, sum);
    rows.push([
      String(rows.length + 1),
      repairMessages.invoiceLine(r.itemName, r.serial),
      `${formatDecimalUk(hours, 2)} год`,
      money(r.isWarranty ? '0' : r.costs.hourPrice),
      money(fixed(sum, 2)),
    ]);
  }
  for (const p of [...parts.postedLines, ...parts.lines]) {
    const amount = r.isWarranty ? '0' : p.amount;
    total = add(total, dec(amount));
    rows.push([
      String(rows.length + 1),
      `${p.sku} ${p.itemName}`,
      `${formatDecimalUk(p.qty, 0)} ${p.unitShortName ?? ''}`.trim(),
      money(r.isWarranty ? '0' : p.priceForClient),
      money(amount),
    ]);
  }
  return renderPrintForm({
    title: actTitle,
    subtitle: `до ремонту № ${r.number} від ${printDate(r.intakeDate)}`,
    fields,
    columns,
    rows,
    totals: [['Усього, грн', money(fixed(total, 2))]],
    signatures: ['Виконавець', 'Замовник'],
  });
}
