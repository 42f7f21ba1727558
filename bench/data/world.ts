// The world the year happens in: the company, its warehouses, the item categories and the staff. Reference data goes
// through the resource engine's insertIn, as the UI would write it; what already exists is reused.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { companies } from '@/resources/companies/companies.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { ensureAdmin, users } from '@/modules/users/server/index.ts';
import { replaceUserRoles, roles } from '@/modules/roles/server/index.ts';
import { hashPassword } from '@/modules/auth/server/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { ACTOR, rowsOf } from './bulk.ts';
import { families } from './words.ts';

const ctx = { userId: null, actor: ACTOR } as const;

export interface World {
  adminId: number;
  staff: { managers: number[]; storekeepers: number[]; everyone: number[] };
  companyVatPayer: boolean;
  companyId: number;
  wh: { main: number; goods: number; parts: number; branch: number; defects: number };
  unitIds: Map<string, number>;
  categoryIds: Map<string, number>;
  invoiceTypeId: number;
}

const staffSeed: Array<{ username: string; first: string; last: string; role: string }> = [
  { username: 'bench.sales1', first: 'Оксана', last: 'Гнатюк', role: 'Менеджер з продажу' },
  { username: 'bench.sales2', first: 'Максим', last: 'Левченко', role: 'Менеджер з продажу' },
  { username: 'bench.sales3', first: 'Юлія', last: 'Романюк', role: 'Менеджер з продажу' },
  { username: 'bench.sales4', first: 'Тарас', last: 'Зінченко', role: 'Менеджер з продажу' },
  { username: 'bench.sales5', first: 'Ганна', last: 'Остапчук', role: 'Менеджер з продажу' },
  { username: 'bench.sales6', first: 'Віктор', last: 'Карпенко', role: 'Менеджер з продажу' },
  { username: 'bench.store1', first: 'Богдан', last: 'Дячук', role: 'Комірник' },
  { username: 'bench.store2', first: 'Роман', last: 'Гаврилюк', role: 'Комірник' },
  { username: 'bench.account', first: 'Лариса', last: 'Федоренко', role: 'Бухгалтер' },
];

export async function buildWorld(db: Db, log: (line: string) => void): Promise<World> {
  await resourceEngine.ensureSeeds(db);
  const [{ n: userCount }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(userCount) === 0) {
    const created = await ensureAdmin(db, {
      email: 'admin@example.com',
      password: process.env.ERP_ADMIN_PASSWORD ?? null,
    });
    if (created.generatedPassword) log(`Створено адміністратора: логін admin, пароль ${created.generatedPassword}`);
  }
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(sql`select u.id from users u join user_roles ur on ur.user_id = u.id
      join roles r on r.id = ur.role_id where r.is_system order by u.id limit 1`),
  );
  const adminId = Number(admin?.id ?? (await db.select({ id: users.id }).from(users).limit(1))[0]!.id);

  const roleIds = new Map((await db.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]));
  const passwordHash = await hashPassword(`bench-${Math.random()}`);
  const staffIds: Array<{ id: number; role: string }> = [];
  for (const s of staffSeed) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, s.username));
    let id = existing?.id;
    if (!id) {
      const [row] = await db
        .insert(users)
        .values({
          username: s.username,
          email: `${s.username}@example.com`,
          firstName: s.first,
          lastName: s.last,
          passwordHash,
        })
        .returning({ id: users.id });
      id = row!.id;
      const roleId = roleIds.get(s.role);
      if (roleId) await replaceUserRoles(db, id, [roleId]);
    }
    staffIds.push({ id, role: s.role });
  }

  const world = await db.transaction(async (tx) => {
    const insertIn = (route: string, values: Record<string, unknown>) =>
      resourceEngine.insertIn(tx, ctx, route, values);
    let [company] = await tx
      .select({ id: companies.id, isVatPayer: companies.isVatPayer })
      .from(companies)
      .where(eq(companies.isDefault, true))
      .limit(1);
    if (!company) {
      const row = await insertIn('/companies', {
        name: 'Промавтоматика',
        fullName: 'ТОВ «Промавтоматика»',
        legalForm: 'ТОВ',
        taxId: sampleEdrpou(900_000),
        isVatPayer: true,
        vatNumber: '412345678901',
        legalAddress: 'м. Вінниця, вул. Промислова, 12',
        isDefault: true,
      });
      company = { id: row.id, isVatPayer: true };
    }
    const whByCode = async (code: string, values: Record<string, unknown>) => {
      const [found] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, code));
      return found?.id ?? (await insertIn('/warehouses', { code, ...values })).id;
    };
    const [main] = await tx.select({ id: warehouses.id }).from(warehouses).orderBy(warehouses.id).limit(1);
    const wh = {
      main: main?.id ?? (await whByCode('ОСН', { name: 'Основний склад', type: 'general', isDefault: true })),
      goods: await whByCode('ГП', { name: 'Склад готової продукції', type: 'finished_goods', isDefault: true }),
      parts: await whByCode('КМП', { name: 'Склад комплектуючих', type: 'materials', isDefault: true }),
      branch: await whByCode('ЛВ', {
        name: 'Склад філії у Львові',
        type: 'general',
        address: 'м. Львів, вул. Городоцька, 174',
      }),
      defects: await whByCode('БРК', { name: 'Ізолятор браку', type: 'defects', includeInPlanning: false }),
    };
    const categoryIds = new Map<string, number>();
    for (const f of families) {
      if (categoryIds.has(f.category)) continue;
      const scope = f.kind === 'component' || f.kind === 'material' ? 'component' : 'product';
      const [found] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.scope, scope), sql`lower(btrim(${categories.name})) = lower(${f.category})`));
      const id =
        found?.id ??
        (await insertIn(scope === 'component' ? '/categories' : '/product-categories', { name: f.category })).id;
      categoryIds.set(f.category, id);
    }
    const unitIds = new Map(
      (await tx.select({ id: units.id, shortName: units.shortName }).from(units)).map((u) => [u.shortName, u.id]),
    );
    const [invoice] = await tx
      .select({ id: supplierDocumentTypes.id })
      .from(supplierDocumentTypes)
      .where(eq(supplierDocumentTypes.name, 'Видаткова накладна'));
    return {
      companyId: company.id,
      companyVatPayer: company.isVatPayer,
      wh,
      unitIds,
      categoryIds,
      invoiceTypeId: invoice!.id,
    };
  });
  const managers = staffIds.filter((s) => s.role === 'Менеджер з продажу').map((s) => s.id);
  const storekeepers = staffIds.filter((s) => s.role === 'Комірник').map((s) => s.id);
  return {
    ...world,
    adminId,
    staff: {
      managers: managers.length ? managers : [adminId],
      storekeepers,
      everyone: [adminId, ...staffIds.map((s) => s.id)],
    },
  };
}
