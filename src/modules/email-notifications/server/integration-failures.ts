// 'Integration failed' (reports-admin.md §14, §15): every run of an integration is written to its run log
// (`integration_runs`); the third failure in a row raises one notification for the people of /integrations (later
// failures refresh it, never repeat it) and the e-mail rule 'Збій інтеграції' once, and the next successful run
// ends it.
import type { DbOrTx } from '@/server/kernel/db.ts';
import { failuresInARow, recordRun, trimRuns } from '@/server/kernel/integration-runs.ts';
import { emailNotificationsMessages as m } from '../email-notifications.messages.ts';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { emailEvent } from './email-event.ts';

/** Failures in a row that make an integration 'failed'. */
export const FAILURES_TO_NOTIFY = 3;

export const integrationFailedKey = (integration: string) => `integration-failed:${integration}`;

export async function afterIntegrationRun(
  db: DbOrTx,
  run: {
    integration: string;
    /** The card's name in Ukrainian ('Курси НБУ', 'Банківська пошта'). */
    label: string;
    trigger: 'schedule' | 'manual';
    ok: boolean;
    message: string;
    details?: object;
    startedAt: Date;
  },
): Promise<void> {
  const { label, ...row } = run;
  await recordRun(db, row);
  await trimRuns(db, run.integration);
  const key = integrationFailedKey(run.integration);
  if (run.ok) {
    await resolveByKey(db, key);
    return;
  }
  const failures = await failuresInARow(db, run.integration);
  if (failures < FAILURES_TO_NOTIFY) return;
  // The e-mail rule 'Збій інтеграції' (§14) once per streak: when the integration becomes failed.
  if (failures === FAILURES_TO_NOTIFY) {
    await emailEvent(db, 'integration_failed', {
      values: { integrationName: label, error: run.message, link: '/integrations' },
    });
  }
  await notify(db, {
    type: 'error',
    priority: 'high',
    title: m.integrationFailedTitle(label),
    message: m.integrationFailedMessage(label, failures, run.message),
    actionRequired: true,
    actionUrl: '/integrations',
    route: '/integrations',
    dedupeKey: key,
  });
}
