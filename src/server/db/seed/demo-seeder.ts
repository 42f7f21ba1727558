// The demo dataset is the sum of what each module contributes: a module adds a DemoSeeder to the list in
// demo-seeders.ts, and runDemoSeed runs them in order, one transaction each, through the real services.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/db.ts';
import { demoSeedRuns } from '../../kernel/platform.table.ts';

export interface DemoContext {
  tx: Tx;
  /** Password every demo staff account gets; the demo command prints it. */
  demoPassword: string;
  log(message: string): void;
}

export interface DemoSeeder {
  /** A stable name, recorded so that a seeder never runs twice on one database. */
  name: string;
  run(ctx: DemoContext): Promise<void>;
}

export async function runDemoSeed(
  db: Db,
  seeders: readonly DemoSeeder[],
  opts: { demoPassword: string; log(message: string): void },
): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    await db.transaction(async (tx) => {
      const done = await tx.select().from(demoSeedRuns).where(eq(demoSeedRuns.name, seeder.name)).for('update');
      if (done.length > 0) return;
      await seeder.run({ tx, demoPassword: opts.demoPassword, log: opts.log });
      await tx.insert(demoSeedRuns).values({ name: seeder.name });
      ran.push(seeder.name);
    });
  }
  return ran;
}
