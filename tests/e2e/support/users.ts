import { hashPassword } from '@/modules/auth/server/index.ts';
import { users } from '@/modules/users/server/index.ts';
import { appDatabase } from './browser.ts';

let n = 0;

/** A staff account created straight in the app's database, for journeys that need one of their own. */
export async function createStaffUser(fields: {
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}) {
  n += 1;
  const stamp = `${Date.now().toString(36)}${n}`;
  const database = await appDatabase();
  try {
    const [row] = await database.db
      .insert(users)
      .values({
        username: `e2e.${stamp}`,
        email: fields.email ?? `e2e.${stamp}@tekhnoprylad.ua`,
        firstName: fields.firstName ?? 'Марія',
        lastName: fields.lastName ?? 'Гончаренко',
        passwordHash: await hashPassword(fields.password),
      })
      .returning();
    return row!;
  } finally {
    await database.close();
  }
}
