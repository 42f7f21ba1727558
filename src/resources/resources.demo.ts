// Demo reference data of «Техноприлад», a small electronics and instrument maker: its departments, positions,
// component and product categories, packages and soldering methods — created through the engine, audited.
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { resourceEngine } from './index.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

export const referenceDataDemoSeeder: DemoSeeder = {
  name: 'reference-data',
  async run({ tx, log }) {
    const insert = (route: string, rows: Array<Record<string, unknown>>) =>
      resourceEngine.insertAll(tx, ctx, route, rows);
    const [smt, assembly, testing, warehouse] = await insert('/departments', [
      { name: 'Дільниця поверхневого монтажу', code: 'SMT', isProduction: true, overheadRatePerHour: '85' },
      { name: 'Складальний цех', code: 'СЦ', isProduction: true, overheadRatePerHour: '60' },
      { name: 'Відділ технічного контролю', code: 'ВТК', isProduction: true, overheadRatePerHour: '40' },
      { name: 'Склад', code: 'СКЛ', isProduction: false },
    ]);
    const [operator, fitter, tuner, inspector, storekeeper] = await insert('/positions', [
      { name: 'Оператор SMT-лінії', departmentId: smt!.id, hourlyRate: '165' },
      { name: 'Монтажник радіоелектронної апаратури', departmentId: assembly!.id, hourlyRate: '150' },
      { name: 'Регулювальник РЕА', departmentId: testing!.id, hourlyRate: '175' },
      { name: 'Контролер ВТК', departmentId: testing!.id, hourlyRate: '140' },
      { name: 'Комірник', departmentId: warehouse!.id, hourlyRate: '110' },
    ]);
    const person = (
      lastName: string,
      firstName: string,
      middleName: string,
      number: string,
      position: { id: number },
      department: { id: number },
      phone: string,
      hireDate: string,
    ) => ({
      lastName,
      firstName,
      middleName,
      personnelNumber: number,
      positionId: position.id,
      departmentId: department.id,
      phone,
      hireDate,
      badgeCode: `B${number}`,
    });
    await insert('/workers', [
      person('Шевчук', 'Андрій', 'Петрович', '0007', operator!, smt!, '0671234501', '2019-03-11'),
      person('Лисенко', 'Оксана', 'Іванівна', '0012', operator!, smt!, '0671234502', '2020-09-01'),
      person('Гребенюк', 'Василь', 'Миколайович', '0015', fitter!, assembly!, '0501234503', '2018-02-05'),
      person('Дмитренко', 'Юлія', 'Олегівна', '0021', fitter!, assembly!, '0931234504', '2021-06-14'),
      person('Сидоренко', 'Максим', 'Андрійович', '0024', tuner!, testing!, '0961234505', '2017-10-02'),
      person('Мороз', 'Тетяна', 'Василівна', '0030', inspector!, testing!, '0671234506', '2022-01-17'),
      person('Бондаренко', 'Петро', 'Степанович', '0033', storekeeper!, warehouse!, '0501234507', '2016-04-04'),
    ]);
    const [reflow, , hand] = await insert('/soldering-types', [
      { name: 'Оплавлення в печі', method: 'reflow', temperatureC: 245, equipment: 'Піч конвекційна 8 зон' },
      { name: 'Пайка хвилею', method: 'wave', temperatureC: 255 },
      { name: 'Ручна пайка', method: 'hand', temperatureC: 330, equipment: 'Паяльна станція' },
    ]);
    await insert('/package-types', [
      { name: '0402', mountType: 'smd', pinCount: 2, solderingTypeId: reflow!.id },
      { name: '0603', mountType: 'smd', pinCount: 2, solderingTypeId: reflow!.id },
      { name: '0805', mountType: 'smd', pinCount: 2, solderingTypeId: reflow!.id },
      { name: '1206', mountType: 'smd', pinCount: 2, solderingTypeId: reflow!.id },
      { name: 'SOT-23', mountType: 'smd', pinCount: 3, solderingTypeId: reflow!.id },
      { name: 'SOIC-8', mountType: 'smd', pinCount: 8, solderingTypeId: reflow!.id },
      { name: 'LQFP-48', mountType: 'smd', pinCount: 48, solderingTypeId: reflow!.id },
      { name: 'DIP-8', mountType: 'tht', pinCount: 8, solderingTypeId: hand!.id },
      { name: 'TO-220', mountType: 'tht', pinCount: 3, solderingTypeId: hand!.id },
    ]);
    const [passive, semi] = await insert('/categories', [
      { name: 'Пасивні компоненти', color: '#2563eb', sortOrder: 1 },
      { name: 'Напівпровідники', color: '#9333ea', sortOrder: 2 },
      { name: 'Роз’єми', color: '#ea580c', sortOrder: 3 },
      { name: 'Корпуси та механіка', color: '#64748b', sortOrder: 4 },
    ]);
    await insert('/categories', [
      { name: 'Резистори', parentId: passive!.id, sortOrder: 1 },
      { name: 'Конденсатори', parentId: passive!.id, sortOrder: 2 },
      { name: 'Мікроконтролери', parentId: semi!.id, sortOrder: 1 },
      { name: 'Транзистори', parentId: semi!.id, sortOrder: 2 },
    ]);
    await insert('/product-categories', [
      { name: 'Вимірювальні прилади', color: '#059669', warrantyMonths: 24, markupPercent: '35' },
      { name: 'Блоки живлення', color: '#d97706', warrantyMonths: 12, markupPercent: '30' },
      { name: 'Контролери та модулі', color: '#0891b2', warrantyMonths: 12, markupPercent: '40' },
      { name: 'Аксесуари', color: '#7c3aed', markupPercent: '50' },
      { name: 'Послуги', color: '#6b7280' },
    ]);
    await insert('/warehouses', [
      { code: 'КМП', name: 'Склад комплектуючих', type: 'materials', isDefault: true },
      { code: 'ГП', name: 'Склад готової продукції', type: 'finished_goods', isDefault: true },
      { code: 'БРК', name: 'Ізолятор браку', type: 'defects', includeInPlanning: false },
    ]);
    log('Довідники: відділи, посади, працівники, категорії, корпуси, типи пайки, склади');
  },
};
