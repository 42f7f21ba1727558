// The BAS pull job (reports-admin.md §15): ticks each minute, runs when enabled and 30 minutes have passed since the
// last run; once across processes by the kernel job runner (decision 0029).
import { startJob, type JobLog, type StartedJob } from '@/server/kernel/jobs.ts';
import { basPullDue, runBasPull, type BasPullDeps } from './bas-pull.ts';

export function startBasPullJob(deps: BasPullDeps & { log: JobLog }): StartedJob {
  return startJob({
    db: deps.db,
    name: 'integrations.bas-pull',
    everyMs: 60_000,
    firstDelayMs: 50_000,
    log: deps.log,
    run: async () => ((await basPullDue(deps.db)) ? runBasPull(deps, 'schedule') : null),
    report: (r) => (r ? { message: `BAS: ${r.message}` } : null),
  });
}
