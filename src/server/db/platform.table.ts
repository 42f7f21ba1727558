import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which demo seeders have run on this database, so the demo command can be re-run safely. */
export const demoSeedRuns = pgTable('demo_seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
