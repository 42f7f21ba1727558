// Demo staff of «Техноприлад», a small electronics and instrument maker in Kharkiv.
import { hashPassword } from '@/modules/auth/server/index.ts';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { replaceUserRoles, roles } from '@/modules/roles/server/index.ts';
import { users } from './users.table.ts';

export const demoStaff = [
  {
    username: 'o.kovalenko',
    email: 'o.kovalenko@tekhnoprylad.ua',
    firstName: 'Олена',
    lastName: 'Коваленко',
    role: 'Менеджер з продажу',
  },
  {
    username: 'p.bondarenko',
    email: 'p.bondarenko@tekhnoprylad.ua',
    firstName: 'Петро',
    lastName: 'Бондаренко',
    role: 'Комірник',
  },
  {
    username: 'i.melnyk',
    email: 'i.melnyk@tekhnoprylad.ua',
    firstName: 'Ірина',
    lastName: 'Мельник',
    role: 'Майстер виробництва',
  },
  {
    username: 'a.shevchuk',
    email: 'a.shevchuk@tekhnoprylad.ua',
    firstName: 'Андрій',
    lastName: 'Шевчук',
    role: 'Оператор цеху',
  },
  {
    username: 'n.tkachenko',
    email: 'n.tkachenko@tekhnoprylad.ua',
    firstName: 'Наталія',
    lastName: 'Ткаченко',
    role: 'Бухгалтер',
  },
] as const;

export const usersDemoSeeder: DemoSeeder = {
  name: 'users',
  async run({ tx, demoPassword, log }) {
    const passwordHash = await hashPassword(demoPassword);
    const rows = await tx
      .insert(users)
      .values(demoStaff.map((s) => ({ ...s, passwordHash })))
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username, email: users.email });
    for (const row of rows) {
      await audit(
        tx,
        { userId: null, actor: 'demo-seed' },
        { action: 'create', entityType: 'user', entityId: row.id, after: row },
      );
    }
    log(`Працівники: ${rows.length}`);
  },
};
