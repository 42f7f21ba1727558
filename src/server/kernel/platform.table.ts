import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Which demo seeders have run on this database, so the demo command can be re-run safely. */
export const demoSeedRuns = pgTable('demo_seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ids of other systems (BAS/1C CommerceML, Bitrix24, the legacy REGMIK XML) mapped to ours, so a second import
 * updates instead of duplicating (reference-data.md §0). Columns are never overloaded with foreign ids.
 */
export const externalRefs = pgTable(
  'external_refs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    system: text('system').notNull(),
    entityType: text('entity_type').notNull(),
    externalId: text('external_id').notNull(),
    localId: integer('local_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_refs_system_entity_type_external_id_key').on(t.system, t.entityType, t.externalId),
    index('external_refs_entity_type_local_id_idx').on(t.entityType, t.localId),
  ],
);

/** Settings of the pages' gear dialogs (README §10): one JSON value per key, audited on change. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who runs each background job (issue 26: every job runs once across the app's processes on one database): the
 * process holding an unexpired lease runs the job's ticks; another takes over when the lease runs out
 * (src/server/kernel/jobs.ts).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/**
 * One run of an integration (reports-admin.md §15: each card's run log): a scheduled or manual fetch of NBU rates,
 * a mailbox poll… `ok` false with the error in `message`; counts and dates in `details`.
 */
export const integrationRuns = pgTable(
  'integration_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    integration: text('integration').notNull(),
    trigger: text('trigger').notNull(),
    ok: boolean('ok').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_runs_integration_idx').on(t.integration, t.id)],
);
