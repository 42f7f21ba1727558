// Demo tech cards of «Техноприлад», entered through the real service after the demo BOMs: the power-supply family's
// base card (on БЖ-12-2) with a modification for the 24 V / 5 A model, and the power-supply board's serial card
// (SMT reflow) with a small-batch modification that hand-solders instead — the two variants the demo recipes name.
import { inArray } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import type { OperationValues } from '../tech-cards.contract.ts';
import { createModification, createTechCard, makeDefaultTechCard, updateTechCard } from './tech-cards.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

type Op = Partial<OperationValues> & Pick<OperationValues, 'seq' | 'name' | 'setupMinutes' | 'runMinutesPerUnit'>;
const row = (op: Op): OperationValues => ({
  canRunParallel: false,
  qualityCheck: false,
  instructions: null,
  equipment: null,
  positionId: null,
  ...op,
});

export const techCardsDemoSeeder: DemoSeeder = {
  name: 'tech-cards',
  async run({ tx, log }) {
    const found = await tx
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(inArray(items.sku, ['БЖ-12-2', 'БЖ-24-5', 'ПЛ-БЖ']));
    const item = new Map(found.map((i) => [i.sku, i.id]));
    const deptRows = await tx.select({ id: departments.id, code: departments.code }).from(departments);
    const dept = new Map(deptRows.map((d) => [d.code, d.id]));
    const posRows = await tx.select({ id: positions.id, name: positions.name }).from(positions);
    const pos = new Map(posRows.map((p) => [p.name, p.id]));
    const smt = dept.get('SMT');
    const shop = dept.get('СЦ');
    const qc = dept.get('ВТК');
    if (!smt || !shop || !qc || !item.get('БЖ-12-2') || !item.get('ПЛ-БЖ')) return;
    const operator = pos.get('Оператор SMT-лінії') ?? null;
    const fitter = pos.get('Монтажник радіоелектронної апаратури') ?? null;
    const tuner = pos.get('Регулювальник РЕА') ?? null;
    const inspector = pos.get('Контролер ВТК') ?? null;

    // The power-supply family: one base card, a modification per model that differs.
    const family = await createTechCard(tx, ctx, {
      itemId: item.get('БЖ-12-2')!,
      name: 'Блоки живлення БЖ — складання і випробування',
      status: 'active',
      modificationNote: null,
      notes: 'Базова карта сімейства БЖ: модифікації описують лише відмінності моделей',
      operations: [
        row({
          seq: 10,
          name: 'Складання в корпус',
          departmentId: shop,
          positionId: fitter,
          setupMinutes: '10',
          runMinutesPerUnit: '6',
          equipment: 'Викрутка з обмеженням моменту',
          instructions: 'Встановити плату на стійки, під’єднати клеми, закрити кришку (4 гвинти М3).',
        }),
        row({
          seq: 20,
          name: 'Прогін під навантаженням',
          departmentId: qc,
          positionId: tuner,
          setupMinutes: '15',
          runMinutesPerUnit: '20',
          canRunParallel: true,
          equipment: 'Електронне навантаження, стенд прогону на 10 місць',
          instructions: 'Номінальний струм 20 хв; напруга в межах ±2 %, пульсації до 50 мВ.',
        }),
        row({
          seq: 30,
          name: 'Вихідний контроль і пакування',
          departmentId: qc,
          positionId: inspector,
          setupMinutes: '5',
          runMinutesPerUnit: '3',
          qualityCheck: true,
          instructions: 'Зовнішній огляд, наклейка з серійним номером, пакування в коробку.',
        }),
      ],
    });
    await makeDefaultTechCard(tx, ctx, family.id);
    let modifications = 1;
    if (item.get('БЖ-24-5')) {
      modifications += 1;
      const draft = await createModification(tx, ctx, family.id, {
        itemId: item.get('БЖ-24-5')!,
        note: 'Потужна модель: радіатор і довший прогін',
        name: 'БЖ-24/5 — модифікація сімейної карти',
      });
      const prog = family.operations.find((o) => o.seq === 20)!;
      const mod = await updateTechCard(tx, ctx, draft.id, {
        version: draft.version,
        status: 'active',
        operations: [
          row({
            seq: 20,
            name: 'Прогін під навантаженням 24 В / 5 А',
            baseOperationId: prog.id,
            action: 'replace',
            departmentId: qc,
            positionId: tuner,
            setupMinutes: '15',
            runMinutesPerUnit: '40',
            canRunParallel: true,
            equipment: 'Електронне навантаження 150 Вт',
          }),
          row({
            seq: 15,
            name: 'Встановлення радіатора',
            action: 'add',
            departmentId: shop,
            positionId: fitter,
            setupMinutes: '5',
            runMinutesPerUnit: '4',
            instructions: 'Термопаста на транзистор, радіатор на 2 гвинти М3.',
          }),
        ],
      });
      await makeDefaultTechCard(tx, ctx, mod.id);
    }

    // The power-supply board: serial reflow card, and a small-batch variant soldered by hand.
    const board = await createTechCard(tx, ctx, {
      itemId: item.get('ПЛ-БЖ')!,
      name: 'Плата БЖ — серійний монтаж (оплавлення)',
      status: 'active',
      modificationNote: null,
      notes: null,
      operations: [
        row({
          seq: 10,
          name: 'Монтаж SMD і оплавлення',
          departmentId: smt,
          positionId: operator,
          setupMinutes: '40',
          runMinutesPerUnit: '1.5',
          equipment: 'Трафаретний принтер, установник компонентів, піч конвекційна 8 зон',
          instructions: 'Паста через трафарет 0,12 мм; профіль оплавлення SAC305.',
        }),
        row({
          seq: 20,
          name: 'Встановлення вивідних компонентів',
          departmentId: shop,
          positionId: fitter,
          setupMinutes: '5',
          runMinutesPerUnit: '3',
          equipment: 'Паяльна станція',
        }),
        row({
          seq: 30,
          name: 'Контроль і перевірка плати',
          departmentId: qc,
          positionId: inspector,
          setupMinutes: '5',
          runMinutesPerUnit: '2',
          qualityCheck: true,
          equipment: 'Лабораторне джерело живлення',
        }),
      ],
    });
    await makeDefaultTechCard(tx, ctx, board.id);
    const handDraft = await createModification(tx, ctx, board.id, {
      itemId: item.get('ПЛ-БЖ')!,
      note: 'Без SMT-лінії: SMD-компоненти паяються вручну',
      name: 'Плата БЖ — мала партія (ручна пайка)',
    });
    const smd = board.operations.find((o) => o.seq === 10)!;
    await updateTechCard(tx, ctx, handDraft.id, {
      version: handDraft.version,
      status: 'active',
      operations: [
        row({
          seq: 10,
          name: 'Ручна пайка SMD-компонентів',
          baseOperationId: smd.id,
          action: 'replace',
          departmentId: shop,
          positionId: fitter,
          setupMinutes: '10',
          runMinutesPerUnit: '14',
          equipment: 'Паяльна станція, термоповітряний фен',
          instructions: 'Пайка за складальним кресленням; флюс змити після пайки.',
        }),
      ],
    });
    log(`Технологічні карти: 2 базові (сімейство БЖ і плата БЖ) і ${modifications} модифікації`);
  },
};
