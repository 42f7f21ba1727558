// Workload analytics ('Аналіз завантаженості', production.md §14): from real time entries, matched by worker id and
// assigned to the period by their start (Europe/Kyiv dates), per worker, per department and week, per operation
// against its plan, and the pauses by reason. Hours and minutes are exact decimals; percentages have 1 decimal.
import { idFilter } from '@/shared/contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { z } from '@/shared/zod-uk.ts';
import { productionAnalyticsMessages as m } from './production-analytics.messages.ts';

/** The longest period one request may ask for (3 years of days). */
export const MAX_PERIOD_DAYS = 1096;
/** How many operations the deviation table lists (the largest deviations first). */
export const OPERATIONS_LIMIT = 200;

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

const periodShape = {
  from: documentDate(),
  to: documentDate(),
  format: z.enum(['csv', 'xlsx']).optional(),
};

/** from ≤ to, at most MAX_PERIOD_DAYS long; the messages name the field to fix. */
function checkPeriod(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: m.period });
  else if (dayNumber(v.to) - dayNumber(v.from) + 1 > MAX_PERIOD_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: m.periodTooLong });
  }
}

export const workersQuerySchema = z
  .strictObject({ ...periodShape, departmentId: idFilter(), workerId: idFilter() })
  .superRefine(checkPeriod);
export const departmentsQuerySchema = z.strictObject({ ...periodShape }).superRefine(checkPeriod);
export const operationsQuerySchema = z
  .strictObject({ ...periodShape, departmentId: idFilter() })
  .superRefine(checkPeriod);
export const pausesQuerySchema = z
  .strictObject({ ...periodShape, departmentId: idFilter(), workerId: idFilter() })
  .superRefine(checkPeriod);
export type WorkersQuery = z.output<typeof workersQuerySchema>;
export type DepartmentsQuery = z.output<typeof departmentsQuerySchema>;
export type OperationsQuery = z.output<typeof operationsQuerySchema>;
export type PausesQuery = z.output<typeof pausesQuerySchema>;

/** The figures shared by a worker's and a department's row. */
const loadShape = {
  /** Σ minutes ÷ 60, 2 decimals. */
  workedHours: z.string(),
  /** weeklyHours × working days ÷ 5 (employment dates and holidays respected), 2 decimals. */
  availableHours: z.string(),
  /** worked ÷ available × 100, 1 decimal; null without available hours. */
  utilisationPercent: z.string().nullable(),
  /** Σ good × run minutes per unit, plus the setup of the operations the worker started first; 2 decimals. */
  earnedMinutes: z.string(),
  /** The minutes of the entries on MO operations (the base of efficiency), 2 decimals. */
  operationMinutes: z.string(),
  /** earned ÷ operation minutes × 100, 1 decimal; null without operation minutes. */
  efficiencyPercent: z.string().nullable(),
  goodQty: z.string(),
  scrapQty: z.string(),
  /** scrap ÷ (good + scrap) × 100, 1 decimal; null when nothing was reported. */
  scrapRatePercent: z.string().nullable(),
};

export const workerLoadSchema = z.object({
  workerId: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  weeklyHours: z.number().int(),
  ...loadShape,
});
export type WorkerLoad = z.infer<typeof workerLoadSchema>;

export const departmentLoadSchema = z.object({
  departmentId: z.number().int().nullable(),
  name: z.string(),
  workers: z.number().int(),
  ...loadShape,
  /** Actual hours per ISO week (the week's Monday), every week of the period, 0 when nobody booked time. */
  weeks: z.array(z.object({ week: z.string(), hours: z.string() })),
});
export type DepartmentLoad = z.infer<typeof departmentLoadSchema>;
export const departmentsAnswerSchema = z.object({
  /** The Mondays of the weeks the period touches. */
  weeks: z.array(z.string()),
  departments: z.array(departmentLoadSchema),
  /** Every department together: the page's KPI cards. */
  total: z.object({ workers: z.number().int(), ...loadShape }),
});
export type DepartmentsAnswer = z.infer<typeof departmentsAnswerSchema>;

export const operationDeviationSchema = z.object({
  operationId: z.number().int(),
  moId: z.number().int(),
  moNumber: z.string(),
  seq: z.number().int(),
  name: z.string(),
  departmentName: z.string().nullable(),
  status: z.string(),
  plannedMinutes: z.string(),
  /** Σ minutes of all the operation's closed entries (not only the period's). */
  actualMinutes: z.string(),
  /** (actual − planned) ÷ planned × 100, 1 decimal; null without a plan. */
  deviationPercent: z.string().nullable(),
});
export type OperationDeviation = z.infer<typeof operationDeviationSchema>;
export const operationsAnswerSchema = z.object({
  /** Operations with time booked in the period (the list holds at most OPERATIONS_LIMIT of them). */
  total: z.number().int(),
  operations: z.array(operationDeviationSchema),
});

export const pauseRowSchema = z.object({
  reason: z.string(),
  count: z.number().int(),
  /** Minutes from the pause to the worker's next start the same day (a pause nobody resumed counts 0). */
  minutes: z.string(),
});
export type PauseRow = z.infer<typeof pauseRowSchema>;

export const productionAnalyticsSchemas = {
  workers: { query: workersQuerySchema, response: z.array(workerLoadSchema) },
  departments: { query: departmentsQuerySchema, response: departmentsAnswerSchema },
  operations: { query: operationsQuerySchema, response: operationsAnswerSchema },
  pauses: { query: pausesQuerySchema, response: z.array(pauseRowSchema) },
};
