// The calls of the capacity planning page (production.md §11), typed by the module's contract.
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { productionPlanningEndpoints as api } from '../production-planning.endpoints.ts';

export const planningBaseKey = ['/api/production-planning'] as const;

export const gridKey = (weeks: number, departmentId: number | null) =>
  endpointKey(api.grid, { query: { weeks, ...(departmentId !== null ? { departmentId } : {}) } });

export const cellKey = (departmentId: number, week: string) => endpointKey(api.cell, { query: { departmentId, week } });

export const moveMo = (id: number, plannedStart: string, version: number) =>
  callEndpoint(api.move, { params: { id }, body: { plannedStart, version } });

/** The new planned start in the target week: the same weekday as the old start, else the week's Monday. */
export function startInWeek(targetMonday: string, plannedStart: string | null): string {
  const offset = plannedStart ? (new Date(`${plannedStart}T00:00:00Z`).getUTCDay() + 6) % 7 : 0;
  const day = new Date(`${targetMonday}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}
