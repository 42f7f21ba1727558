// The shortage module's public surface (warehouse.md §4): the routes, the calculation with its 60 s memo, the
// critical-shortage notifications and their 15-minute job.
export { shortageRoutes } from './shortage.routes.ts';
export {
  computeShortageSnapshot,
  invalidateShortage,
  roundUpToPack,
  shortageSnapshot,
  type Need,
  type NeedRoot,
  type ShortageSnapshot,
} from './shortage.compute.ts';
export { computeShortage, listShortage, shortageCounts, shortageSources, shortageStats } from './shortage.service.ts';
export {
  checkCriticalShortages,
  criticalShortageKey,
  criticalShortageMessage,
  runShortageCheck,
  shortageChanged,
  startShortageJobs,
  type CriticalCheck,
  type ShortageJobDeps,
} from './shortage.jobs.ts';
export { getShortageSettings, shortageSettingKeys } from './shortage-settings.ts';
export { leadTimesOf } from './shortage.lead-times.ts';
