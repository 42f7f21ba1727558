// The mailbox job (sales.md §2, default every 5 minutes): once across processes by the kernel job runner (decision
// 0029); it ticks each minute and polls when the mailbox is enabled and its interval has passed since the last poll.
import type { Db } from '@/server/kernel/db.ts';
import { startJob, type JobLog, type StartedJob } from '@/server/kernel/jobs.ts';
import { pollMailbox, readMailbox, readMailboxState } from './mailbox.ts';

export function startBankMailboxJob(deps: { db: Db; appSecret: string; log: JobLog }): StartedJob {
  return startJob({
    db: deps.db,
    name: 'bank-mailbox.poll',
    everyMs: 60_000,
    firstDelayMs: 30_000,
    log: deps.log,
    run: async () => {
      const s = await readMailbox(deps.db);
      if (!s.enabled) return null;
      const { lastPollAt } = await readMailboxState(deps.db);
      if (lastPollAt && Date.now() - Date.parse(lastPollAt) < s.pollMinutes * 60_000 - 5_000) return null;
      return pollMailbox(deps.db, deps.appSecret);
    },
    report: (r) => (r && r.processed ? { message: 'Банківська пошта: оброблено листи', details: r } : null),
  });
}
