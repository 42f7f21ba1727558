// Demo counterparties and companies of «Техноприлад»: clients (firms, sole proprietors, people), suppliers of
// components, their contacts and bank accounts — requisites generated valid (check digits, IBAN checksums), never
// the codes of real firms.
import { inArray } from 'drizzle-orm';
import { pluralUk } from '@/shared/plural.ts';
import { sampleEdrpou, sampleIbanUa, sampleRnokpp } from '@/shared/requisites.ts';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { companyBankAccounts } from '../companies/companies.table.ts';
import { resourceEngine } from '../index.ts';
import { counterpartyBankAccounts } from './counterparties.table.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;
const count = (n: number, forms: readonly [string, string, string]) => `${n} ${pluralUk(n, forms)}`;

const CITIES = ['Київ', 'Львів', 'Харків', 'Дніпро', 'Одеса', 'Вінниця', 'Житомир', 'Полтава', 'Черкаси', 'Рівне'];
const STREETS = ['вул. Промислова', 'вул. Шевченка', 'просп. Перемоги', 'вул. Заводська', 'вул. Січових Стрільців'];
const BANKS: Array<[string, string]> = [
  ['305299', 'АТ КБ «ПриватБанк»'],
  ['300465', 'АТ «Ощадбанк»'],
  ['380805', 'АТ «Райффайзен Банк»'],
  ['322001', 'АТ «Універсал Банк»'],
];

const CLIENT_FIRMS = [
  'Енергоприлад',
  'Промавтоматика',
  'Теплоконтроль',
  'Агротех-Сервіс',
  'Електромонтаж-Захід',
  'Вимірювальні системи',
  'Інженерні мережі',
  'СмартБуд',
  'Лабтехніка',
  'Метролог-Центр',
  'Холодтехсервіс',
  'Радіодеталі-Опт',
  'АвтоматикаПлюс',
  'Теплиці Поділля',
  'Водоканал-Сервіс',
  'Енергоаудит',
  'Приладобудівник',
  'Технопарк-Схід',
];
const CLIENT_PEOPLE: Array<[string, string, boolean]> = [
  ['Коваль Олег Петрович', 'sole_proprietor', true],
  ['Савчук Ірина Миколаївна', 'sole_proprietor', true],
  ['Петренко Андрій Васильович', 'sole_proprietor', true],
  ['Кравченко Марія Олегівна', 'individual', false],
  ['Ткачук Дмитро Іванович', 'individual', false],
  ['Романенко Світлана Юріївна', 'individual', false],
  ['Олійник Сергій Петрович', 'sole_proprietor', true],
  ['Захарченко Ольга Вікторівна', 'individual', false],
];
const SUPPLIERS: Array<[string, number, number]> = [
  ['Радіомаг', 5, 3],
  ['Електронні компоненти', 4, 5],
  ['ВД МАІС', 5, 7],
  ['Імрад', 4, 10],
  ['Кварц-Електро', 3, 14],
  ['Пайка-Про', 4, 4],
  ['Пластмас-Корпус', 3, 21],
  ['Друковані плати України', 5, 12],
];
const CONTACT_NAMES = [
  ['Мельник Олена', 'Менеджер із закупівель'],
  ['Бойко Тарас', 'Головний інженер'],
  ['Гончаренко Наталія', 'Бухгалтер'],
  ['Левченко Віктор', 'Директор'],
  ['Кузьменко Аліна', 'Менеджер з продажу'],
  ['Шаповал Ігор', 'Завідувач складу'],
];

const phone = (n: number) => `067${String(2_100_000 + n * 7919).slice(-7)}`;
const slug = (n: number) => `firm${n}`;

export const counterpartiesDemoSeeder: DemoSeeder = {
  name: 'counterparties',
  async run({ tx, log }) {
    const insert = (route: string, rows: Array<Record<string, unknown>>) =>
      resourceEngine.insertAll(tx, ctx, route, rows);
    const managers = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ['o.kovalenko', 'i.melnyk']));
    const carriers = await resourceEngine.idsByLabel(tx, '/carriers');
    const novaPoshta = carriers.get('нова пошта') ?? null;
    const currencies = await resourceEngine.idsByLabel(tx, '/currencies');

    const [company] = await insert('/companies', [
      {
        name: 'Техноприлад',
        fullName: 'Товариство з обмеженою відповідальністю «Техноприлад»',
        legalForm: 'ТОВ',
        taxId: sampleEdrpou(1),
        isVatPayer: true,
        vatNumber: `${sampleEdrpou(1)}0265`,
        taxSystem: 'general',
        legalAddress: '03150, м. Київ, вул. Промислова, 12',
        phone: '0442223344',
        email: 'office@tekhnoprylad.ua',
        website: 'https://tekhnoprylad.ua',
        directorName: 'Коваленко Олена Миколаївна',
        directorPosition: 'Директор',
        accountantName: 'Гончаренко Наталія Іванівна',
        isDefault: true,
      },
      {
        name: 'ФОП Бондаренко П. С.',
        fullName: 'Фізична особа-підприємець Бондаренко Петро Степанович',
        legalForm: 'ФОП',
        taxId: sampleRnokpp(77),
        taxSystem: 'single_tax_3',
        legalAddress: '03150, м. Київ, вул. Промислова, 12, оф. 4',
        phone: '0671234507',
        directorName: 'Бондаренко Петро Степанович',
        directorPosition: 'ФОП',
      },
    ]);
    await tx.insert(companyBankAccounts).values([
      { companyId: company!.id, iban: sampleIbanUa('305299', 1001), bankName: BANKS[0]![1], isDefault: true },
      {
        companyId: company!.id,
        iban: sampleIbanUa('300465', 1002),
        bankName: BANKS[1]![1],
        currencyCode: 'USD',
        isDefault: true,
      },
    ]);
    await audit(tx, ctx, { action: 'update', entityType: 'company_bank_accounts', entityId: company!.id });

    let n = 100;
    const clients: Array<Record<string, unknown>> = [];
    CLIENT_FIRMS.forEach((name, i) => {
      n++;
      const city = CITIES[i % CITIES.length]!;
      clients.push({
        legalForm: 'legal_entity',
        name: `ТОВ «${name}»`,
        fullName: `Товариство з обмеженою відповідальністю «${name}»`,
        taxId: sampleEdrpou(n),
        isVatPayer: i % 3 !== 2,
        vatNumber: i % 3 !== 2 ? `${sampleEdrpou(n)}${String(1000 + i).slice(-4)}` : null,
        phone: phone(n),
        email: `${slug(n)}@example.com.ua`,
        legalAddress: `м. ${city}, ${STREETS[i % STREETS.length]}, ${10 + i}`,
        postalIndex: String(10_000 + i * 2311).slice(0, 5),
        discountPercent: i % 4 === 0 ? '5' : i % 5 === 0 ? '10' : null,
        priceList: i % 3 === 0 ? 'wholesale' : 'retail',
        paymentTermDays: i % 3 === 0 ? 14 : 0,
        managerUserId: managers[i % Math.max(1, managers.length)]?.id ?? null,
        defaultCarrierId: novaPoshta,
      });
    });
    CLIENT_PEOPLE.forEach(([name, legalForm], i) => {
      n++;
      clients.push({
        legalForm,
        name: legalForm === 'sole_proprietor' ? `ФОП ${name}` : name,
        fullName: legalForm === 'sole_proprietor' ? `Фізична особа-підприємець ${name}` : name,
        taxId: legalForm === 'sole_proprietor' ? sampleRnokpp(n) : null,
        phone: phone(n),
        email: i % 2 === 0 ? `client${n}@ukr.net` : null,
        legalAddress: `м. ${CITIES[(i + 3) % CITIES.length]}`,
        priceList: 'retail',
        paymentTermDays: 0,
        defaultCarrierId: novaPoshta,
      });
    });
    const savedClients = await insert('/clients', clients);

    const suppliers = SUPPLIERS.map(([name, rating, leadTimeDays], i) => {
      n++;
      return {
        legalForm: 'legal_entity',
        name: `ТОВ «${name}»`,
        fullName: `Товариство з обмеженою відповідальністю «${name}»`,
        taxId: sampleEdrpou(n),
        isVatPayer: true,
        vatNumber: `${sampleEdrpou(n)}${String(2000 + i).slice(-4)}`,
        phone: phone(n),
        email: `sales@${slug(n)}.com.ua`,
        legalAddress: `м. ${CITIES[i % CITIES.length]}, ${STREETS[(i + 2) % STREETS.length]}, ${3 + i}`,
        rating,
        leadTimeDays,
        purchasePaymentTermDays: i % 2 === 0 ? 7 : 0,
        defaultCurrencyId: currencies.get('uah') ?? null,
        // One firm both sells to us and buys from us: one record, both roles.
        isClient: i === 0,
      };
    });
    const savedSuppliers = await insert('/suppliers', suppliers);

    const firms = [...savedClients.filter((c) => c.legalForm === 'legal_entity'), ...savedSuppliers];
    const contacts: Array<Record<string, unknown>> = [];
    firms.forEach((firm, i) => {
      for (let k = 0; k < 2; k++) {
        const [fullName, position] = CONTACT_NAMES[(i + k * 3) % CONTACT_NAMES.length]!;
        contacts.push({
          counterpartyId: firm.id,
          fullName,
          position,
          phone: phone(500 + i * 2 + k),
          email: k === 0 ? `${slug(Number(firm.id))}.${k}@example.com.ua` : null,
          isPrimary: k === 0,
          receivesDocuments: k === 0,
        });
      }
    });
    await insert('/client-contacts', contacts);

    const accounts = firms.map((firm, i) => {
      const [mfo, bankName] = BANKS[i % BANKS.length]!;
      return { counterpartyId: firm.id, iban: sampleIbanUa(mfo, 2000 + i), bankName, isDefault: true };
    });
    await tx.insert(counterpartyBankAccounts).values(accounts);
    await audit(tx, ctx, {
      action: 'create',
      entityType: 'counterparty_bank_accounts',
      after: { count: accounts.length },
    });
    log(
      `Контрагенти: ${count(savedClients.length, ['клієнт', 'клієнти', 'клієнтів'])}, ` +
        `${count(savedSuppliers.length, ['постачальник', 'постачальники', 'постачальників'])}, ` +
        `${count(contacts.length, ['контакт', 'контакти', 'контактів'])}; 2 компанії`,
    );
  },
};
