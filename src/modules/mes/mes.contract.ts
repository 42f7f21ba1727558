// The shop-floor terminal ('Термінал цеху', production.md §6): operators take the next operation, start, pause and
// finish it and report good and scrap — time is booked as a side effect. Shared by the server and the page.
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { idFilter, idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import {
  moOperationStatuses,
  moPriorities,
  moShortMaterialSchema,
  moStatuses,
} from '@/modules/manufacturing/manufacturing.contract.ts';

export const mesActions = ['start', 'pause', 'resume', 'report', 'finish'] as const;
export type MesAction = (typeof mesActions)[number];
export const mesActionLabels: Record<MesAction, string> = {
  start: 'Почати',
  pause: 'Пауза',
  resume: 'Продовжити',
  report: 'Звітувати',
  finish: 'Завершити',
};

/** The reasons of 'Пауза' (§6 'Actions'). */
export const pauseReasons = ['Обід', 'Немає матеріалу', 'Поломка обладнання', 'Інше'] as const;
export type PauseReason = (typeof pauseReasons)[number];
/** The reason a worker's open entry gets when he starts another operation (it is paused for him). */
export const SWITCH_PAUSE_REASON: PauseReason = 'Інше';

/** The scrap a failed quality check turns the units into (§6 'QC'). */
export const QC_SCRAP_REASON = 'Брак ОТК';
/** The reason buttons of scrap on the terminal (the server takes any short text). */
export const scrapReasons = ['Брак матеріалу', 'Помилка оператора', 'Несправність обладнання', 'Інше'] as const;

/** What a failed quality check does: the units go to scrap ('Брак ОТК'), or the operation stays open for rework. */
export const qcFailActions = ['scrap', 'rework'] as const;
export type QcFailAction = (typeof qcFailActions)[number];
export const qcFailActionLabels: Record<QcFailAction, string> = {
  scrap: 'У брак (Брак ОТК)',
  rework: 'На доопрацювання',
};

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long an answer is kept for a retry (§6 'Robustness'). */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const QUEUE_POLL_MS = 15_000;

export const mesMessages = {
  badgeUnknown: 'Працівника з таким бейджем не знайдено',
  badgeRequired: 'Відскануйте свій бейдж',
  badgeEmpty: 'Відскануйте бейдж',
  workerUnknown: 'Працівника не знайдено',
  workerInactive: 'Працівник неактивний або звільнений',
  operationUnknown: 'Операцію не знайдено',
  moNotOpen: (number: string, status: string) => `Замовлення ${number} у статусі «${status}» — дії недоступні`,
  notReady: 'Операція ще не готова: попередні операції не передали виробів',
  alreadyDone: 'Операцію вже виконано',
  skipped: 'Операцію пропущено',
  alreadyOn: 'Ви вже працюєте над цією операцією',
  notOn: 'Ви зараз не працюєте над цією операцією — спершу натисніть «Почати»',
  notStarted: 'Ви ще не працювали над цією операцією — спершу натисніть «Почати»',
  pauseReason: 'Оберіть причину паузи',
  noQty: 'Вкажіть кількість придатних або браку',
  scrapReason: 'Вкажіть причину браку',
  qcRequired: 'Вкажіть результат контролю якості',
  available: (n: string) => `Доступно ${n}`,
  /** 'Бракує матеріалів: … Почати все одно?' — the terminal asks, and starts on 'Почати все одно'. */
  startShortConfirm: (shortText: string) => `${shortText}. Почати все одно?`,
  startShortRefused: (shortText: string) => `${shortText}. Почати неможливо — спершу поповніть запас`,
  keyMissing: 'Потрібен заголовок Idempotency-Key',
  keyInvalid: 'Некоректний Idempotency-Key',
  keyOtherAction: 'Цей Idempotency-Key уже використано для іншої дії',
  openEntry: 'У працівника вже є відкритий запис часу',
  decimal: 'Вкажіть число (не більше 4 знаків після коми)',
  departmentUnknown: 'Відділ не знайдено',
} as const;

/** Page texts. */
export const mesTexts = {
  title: 'Термінал цеху',
  department: 'Дільниця',
  chooseDepartment: 'Оберіть дільницю',
  allDepartments: 'Усі дільниці',
  identify: 'Ідентифікація',
  scanBadge: 'Відскануйте бейдж',
  badgePlaceholder: 'Код бейджа',
  orPickName: 'або оберіть себе зі списку',
  badgeOnly: 'На цьому терміналі вхід лише за бейджем',
  noWorkers: 'На дільниці немає працівників',
  changeWorker: 'Змінити',
  operator: 'Оператор',
  queue: 'Черга',
  next: 'Наступні',
  emptyQueue: 'Немає операцій у черзі',
  back: 'До черги',
  instructions: 'Інструкції',
  operationInstructions: 'Операція',
  recipeInstructions: 'Рецепт',
  techCardNotes: 'Технологічна карта',
  noInstructions: 'Інструкцій немає',
  materials: 'Матеріали',
  noMaterials: 'Матеріалів немає',
  sku: 'Артикул',
  name: 'Назва',
  required: 'Потрібно',
  issued: 'Видано',
  good: 'Придатні',
  scrap: 'Брак',
  scrapReason: 'Причина браку',
  onIt: 'Працюють',
  nobody: 'Ніхто не працює',
  you: 'ви',
  available: 'Доступно від попередньої',
  planned: 'План, хв',
  due: 'Термін',
  last: 'Остання операція',
  qc: 'Контроль якості',
  qcPass: 'Пройдено',
  qcFail: 'Не пройдено',
  closeOperation: 'Операцію завершено',
  materialsShort: 'Бракує матеріалів',
  startAnyway: 'Почати все одно',
  shortTitle: 'Бракує матеріалів',
  confirm: 'Підтвердити',
  cancel: 'Скасувати',
  clear: 'Очистити',
  backspace: 'Стерти',
  pauseTitle: 'Причина паузи',
  reportTitle: 'Звіт про виконання',
  finishTitle: 'Завершення роботи',
  serials: 'Серійні номери (відскануйте, якщо не за порядком)',
  retry: 'Повторити',
  offline: 'Немає зв’язку з сервером. Натисніть «Повторити» — дію не буде зараховано двічі.',
  done: (label: string) => `Виконано: ${label}`,
  output: (number: string, qty: string) => `Випуск ${number}: ${formatQtyUk(qty)}`,
  loading: 'Завантаження…',
  error: 'Не вдалося завантажити дані',
  entries: 'Облік часу',
  minutes: 'хв',
} as const;

// ---------- input schemas ----------

const qty = z
  .string({ error: mesMessages.decimal })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^\d{1,14}(\.\d+)?$/.test(v), mesMessages.decimal)
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 4, mesMessages.decimal);
const id = z.number().int().positive().max(2_147_483_647);

export const mesQueueQuerySchema = z.strictObject({ departmentId: idFilter(), _t: z.string().optional() });
export const mesWorkersQuerySchema = z.strictObject({ departmentId: idFilter(), _t: z.string().optional() });

export const mesIdentifySchema = z.strictObject({
  badgeCode: z.string({ error: mesMessages.badgeEmpty }).trim().min(1, mesMessages.badgeEmpty).max(200),
});

export const mesActionSchema = z.strictObject({
  workerId: id,
  /** The scanned badge — required to act as another worker when the setting mes.requireBadge is on. */
  badgeCode: z.string().trim().max(200).optional(),
  goodQty: qty.optional(),
  scrapQty: qty.optional(),
  scrapReason: z
    .string()
    .trim()
    .max(200)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  pauseReason: z.enum(pauseReasons, { error: mesMessages.pauseReason }).optional(),
  qcPassed: z.boolean().optional(),
  qcFailAction: z.enum(qcFailActions).optional(),
  closeOperation: z.boolean().optional(),
  /** 'Почати все одно': start the MO's first operation although materials are short (the setting allows it). */
  confirmShortMaterials: z.boolean().optional(),
  /** Scanned serials of the output when the last operation is finished (default: the allocated ones in order). */
  serials: z.array(z.string().trim().min(1).max(200)).max(10000).optional(),
});
export type MesActionInput = z.input<typeof mesActionSchema>;
export type MesActionBody = z.output<typeof mesActionSchema>;

// ---------- response schemas ----------

export const mesWorkerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  positionName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  hasBadge: z.boolean(),
  /** The operation the worker has an open time entry on. */
  currentOperationId: z.number().int().nullable(),
  currentMoNumber: z.string().nullable(),
});
export type MesWorker = z.infer<typeof mesWorkerSchema>;

export const mesDepartmentSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() });
export type MesDepartment = z.infer<typeof mesDepartmentSchema>;

/** What the terminal needs before anything else: the setting, the linked worker and the departments. */
export const mesContextSchema = z.object({
  requireBadge: z.boolean(),
  autoOutputOnLastOperation: z.boolean(),
  worker: mesWorkerSchema.nullable(),
  departments: z.array(mesDepartmentSchema),
});
export type MesContext = z.infer<typeof mesContextSchema>;

export const mesOnItSchema = z.object({ workerId: z.number().int(), name: z.string(), startedAt: z.string() });

export const mesQueueRowSchema = z.object({
  id: z.number().int(),
  moId: z.number().int(),
  moNumber: z.string(),
  moStatus: z.enum(moStatuses),
  priority: z.enum(moPriorities),
  dueDate: z.string().nullable(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  unitShortName: z.string().nullable(),
  moQty: z.string(),
  seq: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  positionName: z.string().nullable(),
  equipment: z.string().nullable(),
  status: z.enum(moOperationStatuses),
  goodQty: z.string(),
  scrapQty: z.string(),
  plannedMinutes: z.string(),
  canRunParallel: z.boolean(),
  qualityCheck: z.boolean(),
  isLast: z.boolean(),
  /** What the previous (non-parallel) operation passed on and this one has not used yet; null = no limit. */
  available: z.string().nullable(),
  workers: z.array(mesOnItSchema),
  /** The MO's materials its warehouse cannot serve ([] = enough). */
  materialsShort: z.array(moShortMaterialSchema),
});
export type MesQueueRow = z.infer<typeof mesQueueRowSchema>;

export const mesEntrySchema = z.object({
  id: z.number().int(),
  workerId: z.number().int(),
  workerName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.string().nullable(),
  goodQty: z.string(),
  scrapQty: z.string(),
  scrapReason: z.string().nullable(),
  pauseReason: z.string().nullable(),
  qcPassed: z.boolean().nullable(),
  autoClosed: z.boolean(),
});
export type MesEntry = z.infer<typeof mesEntrySchema>;

export const mesMaterialSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  perUnitQty: z.string(),
  requiredQty: z.string(),
  issuedQty: z.string(),
});
export type MesMaterial = z.infer<typeof mesMaterialSchema>;

export const mesOperationDetailSchema = mesQueueRowSchema.extend({
  moNotes: z.string().nullable(),
  serialTracking: z.boolean(),
  /** The last operation's finish posts the output at once (setting manufacturing.autoOutputOnLastOperation). */
  autoOutput: z.boolean(),
  instructions: z.object({
    operation: z.string().nullable(),
    recipe: z.object({ name: z.string(), instructions: z.string().nullable() }).nullable(),
    techCard: z.object({ name: z.string(), notes: z.string().nullable() }).nullable(),
  }),
  materials: z.array(mesMaterialSchema),
  entries: z.array(mesEntrySchema),
});
export type MesOperationDetail = z.infer<typeof mesOperationDetailSchema>;

export const mesActionResultSchema = z.object({
  action: z.enum(mesActions),
  operation: mesQueueRowSchema,
  /** The worker's entry the action opened or closed. */
  entry: mesEntrySchema.nullable(),
  /** The entry on another operation that 'Почати' paused for the worker. */
  pausedEntryId: z.number().int().nullable(),
  /** The output (MOO) posted by finishing the last operation. */
  output: z.object({ id: z.number().int(), number: z.string(), goodQty: z.string() }).nullable(),
});
export type MesActionResult = z.infer<typeof mesActionResultSchema>;

/** The query of the terminal's single-record GETs: the `_t` the client may append. */
export const mesGetQuerySchema = z.object({ _t: z.string().optional() });

/** One action of the terminal on an operation (with its Idempotency-Key header). */
const actionShapes = { params: idParams, body: mesActionSchema, response: mesActionResultSchema };

/** The shapes of every endpoint of /api/mes (paths in mes.endpoints.ts, decision 0016). */
export const mesSchemas = {
  context: { query: mesGetQuerySchema, response: mesContextSchema },
  queue: { query: mesQueueQuerySchema, response: z.array(mesQueueRowSchema) },
  workers: { query: mesWorkersQuerySchema, response: z.array(mesWorkerSchema) },
  identify: { body: mesIdentifySchema, response: mesWorkerSchema },
  operation: { params: idParams, query: mesGetQuerySchema, response: mesOperationDetailSchema },
  start: actionShapes,
  pause: actionShapes,
  resume: actionShapes,
  report: actionShapes,
  finish: actionShapes,
};
