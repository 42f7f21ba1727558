// Capacity planning ('Планування потужностей', production.md §11): capacity against load by department and ISO week
// (the week's Monday), with the overdue work carried into the current week and reported apart; a cell's MOs and
// unplanned demand; moving an MO's planned start. Hours are exact decimals (2 places), utilisation a percent with 1.
import { dbId, idParams } from '@/shared/contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { z } from '@/shared/zod-uk.ts';
import { MAX_WEEKS } from './production-planning.constants.ts';
import { productionPlanningMessages as m } from './production-planning.messages.ts';

const weeksParam = z.coerce.number({ error: m.weeks }).int(m.weeks).min(1, m.weeks).max(MAX_WEEKS, m.weeks).default(8);

/** A Monday (YYYY-MM-DD): an ISO week. */
const mondayParam = documentDate().refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, m.monday);

export const planningQuerySchema = z.strictObject({ weeks: weeksParam, departmentId: dbId().optional() });
export type PlanningQuery = z.output<typeof planningQuerySchema>;

export const cellQuerySchema = z.strictObject({ departmentId: dbId(), week: mondayParam });
export type CellQuery = z.output<typeof cellQuerySchema>;

export const cellSchema = z.object({
  /** The week's Monday. */
  week: z.string(),
  capacityHours: z.string(),
  loadHours: z.string(),
  unplannedHours: z.string(),
  /** (load + unplanned) ÷ capacity × 100, 1 decimal; null without capacity. */
  utilisation: z.string().nullable(),
});
export type PlanningCell = z.infer<typeof cellSchema>;

export const planningDepartmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Active workers of the department counted in its capacity. */
  workers: z.number().int(),
  cells: z.array(cellSchema),
  /** The work whose week has passed: already counted in the current week's cell (production.md §11). */
  overdue: z.object({ loadHours: z.string(), unplannedHours: z.string(), mos: z.number().int() }),
});
export type PlanningDepartment = z.infer<typeof planningDepartmentSchema>;

export const planningAnswerSchema = z.object({
  /** The Mondays of the weeks shown, the current week first. */
  weeks: z.array(z.string()),
  currentWeek: z.string(),
  plannedUtilisation: z.string(),
  departments: z.array(planningDepartmentSchema),
  /** Items with toProduce demand and no MO yet (all departments): the 'Незаплановане' link. */
  unplannedItems: z.number().int(),
});
export type PlanningAnswer = z.infer<typeof planningAnswerSchema>;

export const weekSources = ['plannedStart', 'dueDate', 'none'] as const;
export type WeekSource = (typeof weekSources)[number];

export const cellMoSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  itemName: z.string(),
  qty: z.string(),
  status: z.string(),
  plannedStart: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** What put the MO in this week: its planned start, its due date less the lead time, or nothing (this week). */
  weekSource: z.enum(weekSources),
  /** Its week had passed: carried into the current week. */
  overdue: z.boolean(),
  version: z.number().int(),
  /** Remaining hours in the department. */
  hours: z.string(),
  operations: z.array(
    z.object({ seq: z.number().int(), name: z.string(), status: z.string().nullable(), minutes: z.string() }),
  ),
});
export type CellMo = z.infer<typeof cellMoSchema>;

export const cellUnplannedSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  toProduce: z.string(),
  earliestDue: z.string().nullable(),
  hours: z.string(),
});

export const cellAnswerSchema = z.object({
  departmentId: z.number().int(),
  departmentName: z.string(),
  week: z.string(),
  mos: z.array(cellMoSchema),
  unplanned: z.array(cellUnplannedSchema),
});
export type CellAnswer = z.infer<typeof cellAnswerSchema>;

export const moveBodySchema = z.strictObject({ plannedStart: documentDate(), version: z.number().int().min(1) });
export type MoveBody = z.output<typeof moveBodySchema>;

export const moveAnswerSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  plannedStart: z.string().nullable(),
  version: z.number().int(),
});

export const productionPlanningSchemas = {
  grid: { query: planningQuerySchema, response: planningAnswerSchema },
  cell: { query: cellQuerySchema, response: cellAnswerSchema },
  move: { params: idParams, body: moveBodySchema, response: moveAnswerSchema },
};
