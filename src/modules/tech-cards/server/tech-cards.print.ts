// 'Технологічна карта' (production.md §2): the card's effective operations as a PDF for the shop — number,
// operation with its instructions, work centre, skill, equipment, setup and run minutes, minutes for the quantity.
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { renderPrintForm, type PrintColumn } from '@/server/kernel/pdf/pdf.ts';
import { techCardKindLabels, techCardStatusLabels, type TechCard, type TechCardCost } from '../tech-cards.contract.ts';

export const techCardPrintTitle = 'Технологічна карта';

export async function renderTechCardPrint(card: TechCard, cost: TechCardCost): Promise<Buffer> {
  const minutes = (v: string) => formatDecimalUk(v, 0);
  const qty = formatDecimalUk(cost.qty, 0);
  const unit = card.unitShortName ?? 'од.';
  const columns: PrintColumn[] = [
    { header: '№', width: 0.7, align: 'center' },
    { header: 'Операція', width: 4.4 },
    { header: 'Дільниця', width: 2.4 },
    { header: 'Посада', width: 2.2 },
    { header: 'Обладнання', width: 2 },
    { header: 'Налашт., хв', width: 1.4, align: 'right' },
    { header: `На 1 ${unit}, хв`, width: 1.3, align: 'right' },
    { header: `На ${qty} ${unit}, хв`, width: 1.4, align: 'right' },
  ];
  const rows = card.effectiveOperations.map((op, i) => {
    const marks = [op.canRunParallel ? 'паралельно' : null, op.qualityCheck ? 'контроль якості' : null].filter(Boolean);
    const name = [op.name, marks.length ? `(${marks.join(', ')})` : null, op.instructions].filter(Boolean).join('\n');
    return [
      String(op.seq),
      name,
      op.departmentName ?? '—',
      op.positionName ?? '',
      op.equipment ?? '',
      minutes(op.setupMinutes),
      minutes(op.runMinutesPerUnit),
      minutes(cost.operations[i]?.minutes ?? '0'),
    ];
  });
  const fields: Array<readonly [string, string]> = [
    ['Виріб', `${card.itemSku} — ${card.itemName}`],
    [
      'Вид карти',
      card.baseTechCardId
        ? `${techCardKindLabels.modification} базової карти «${card.baseName ?? ''}»`
        : techCardKindLabels.base,
    ],
  ];
  if (card.modificationNote) fields.push(['Зміни модифікації', card.modificationNote]);
  if (card.status !== 'active') fields.push(['Статус', techCardStatusLabels[card.status]]);
  if (card.notes) fields.push(['Примітки', card.notes]);
  return renderPrintForm({
    title: techCardPrintTitle,
    subtitle: `«${card.name}»`,
    fields,
    columns,
    rows,
    totals: [
      [`Разом на 1 ${unit}, хв`, minutes(card.totalMinutes)],
      [`Разом на ${qty} ${unit}, хв`, minutes(cost.minutes)],
      ['Тривалість, робочих днів', String(cost.leadTimeDays)],
    ],
    signatures: ['Розробив (технолог)', 'Перевірив', 'Затвердив'],
    landscape: true,
  });
}
