// The run log of the integrations (reports-admin.md §15): each run of an integration is one `integration_runs` row,
// written when it ends; a card shows the last runs, and the integration counts its failures in a row from them.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from './db.ts';
import { integrationRuns } from './platform.table.ts';

export interface IntegrationRun {
  id: number;
  trigger: string;
  ok: boolean;
  message: string;
  startedAt: string;
  finishedAt: string;
}

export async function recordRun(
  db: DbOrTx,
  run: { integration: string; trigger: string; ok: boolean; message: string; details?: object; startedAt: Date },
): Promise<void> {
  await db.insert(integrationRuns).values({ ...run, details: run.details ?? null });
}

/** The last runs of an integration, newest first. */
export async function recentRuns(db: DbOrTx, integration: string, limit = 10): Promise<IntegrationRun[]> {
  const rows = await db
    .select()
    .from(integrationRuns)
    .where(eq(integrationRuns.integration, integration))
    .orderBy(desc(integrationRuns.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    ok: r.ok,
    message: r.message,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt.toISOString(),
  }));
}

/** How many of the latest runs failed, counting back to the last success (at most `limit`). */
export async function failuresInARow(db: DbOrTx, integration: string, limit = 10): Promise<number> {
  let n = 0;
  for (const run of await recentRuns(db, integration, limit)) {
    if (run.ok) break;
    n++;
  }
  return n;
}

/** Keeps the last `keep` runs of an integration. */
export async function trimRuns(db: DbOrTx, integration: string, keep = 200): Promise<void> {
  const [edge] = await db
    .select({ id: integrationRuns.id })
    .from(integrationRuns)
    .where(eq(integrationRuns.integration, integration))
    .orderBy(desc(integrationRuns.id))
    .offset(keep - 1)
    .limit(1);
  if (edge) {
    await db
      .delete(integrationRuns)
      .where(and(eq(integrationRuns.integration, integration), lt(integrationRuns.id, edge.id)));
  }
}
