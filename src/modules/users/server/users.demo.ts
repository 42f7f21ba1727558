// Demo staff of «Техноприлад», a small electronics and instrument maker in Kharkiv, each with a seed role.
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { hashPassword } from '@/modules/auth/server/index.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { roles } from '@/modules/roles/server/roles.table.ts';
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
    const roleIds = new Map(
      (await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]),
    );
    const rows = await tx
      .insert(users)
      .values(demoStaff.map(({ role: _role, ...person }) => ({ ...person, passwordHash })))
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username, email: users.email });
    for (const row of rows) {
      const roleName = demoStaff.find((s) => s.username === row.username)!.role;
      const roleId = roleIds.get(roleName);
      if (roleId) await replaceUserRoles(tx, row.id, [roleId]);
      await audit(
        tx,
        { userId: null, actor: 'demo-seed' },
        { action: 'create', entityType: 'user', entityId: row.id, after: { ...row, role: roleName } },
      );
    }
    log(`Працівники: ${rows.length}`);
  },
};
