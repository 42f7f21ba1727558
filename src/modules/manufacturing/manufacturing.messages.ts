// The server's words of manufacturing orders (production.md §4): refusals, guards and notifications, shared by the
// contract's schemas, the services and the page.
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { countUk, SERIAL_FORMS } from '@/shared/plural.ts';
export const moMessages = {
  notFound: 'Виробниче замовлення не знайдено',
  postingNotFound: 'Документ не знайдено',
  timeEntryNotFound: 'Запис часу не знайдено',
  version: 'Замовлення змінено іншим користувачем — оновіть сторінку',
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  signedDecimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми, «-» для повернення)`,
  positive: 'Має бути більше нуля',
  notZero: 'Кількість не може бути нульовою',
  reference: 'Оберіть запис зі списку',
  reason: 'Вкажіть причину',
  notMakeable: 'Оберіть товар або напівфабрикат, який виготовляється',
  noSpec: 'Немає діючої специфікації',
  specChanged: 'Специфікація змінилась після запуску',
  statusIs: (label: string) => `Замовлення у статусі «${label}»`,
  deletePlannedOnly: 'Видалити можна лише заплановане замовлення',
  releasePlannedOnly: 'Запустити можна лише заплановане замовлення',
  unreleaseReleasedOnly: 'Відкликати можна лише запущене замовлення',
  unreleaseHasPostings: 'Неможливо відкликати: за замовленням уже є видачі або випуски',
  unreleaseHasTime: 'Неможливо відкликати: за замовленням уже обліковано час',
  startNotReleased: 'Почати можна лише запущене замовлення',
  completeNotInProgress: 'Завершити можна лише замовлення у роботі',
  cancelNotAllowed: 'Скасувати можна лише заплановане або запущене замовлення',
  cancelHasPostings: (numbers: readonly string[]) =>
    `Неможливо скасувати: спершу скасуйте проведені документи ${numbers.join(', ')}`,
  notOpen: 'Замовлення не відкрите для видачі чи випуску — спершу запустіть його',
  shortConfirm: (produced: string, qty: string) =>
    `Виготовлено ${formatQtyUk(produced)} з ${formatQtyUk(qty)}. Підтвердіть «Завершити з недовипуском»`,
  qtyBelowProduced: (produced: string) => `Кількість не може бути меншою за вже виготовлену (${formatQtyUk(produced)})`,
  qtyLocked: 'Кількість завершеного чи скасованого замовлення не змінюється',
  recipeLocked: 'Рецепт можна змінити лише в запланованому замовленні',
  closedLocked: 'Завершене чи скасоване замовлення не змінюється',
  noIssueLines: 'Немає чого видавати: усі матеріали вже видано',
  lineNotOfMo: 'Рядок матеріалу не належить цьому замовленню',
  returnTooMuch: (name: string, issued: string) =>
    `Повернути можна не більше, ніж видано: ${name} — ${formatQtyUk(issued)}`,
  goodQty: 'Вкажіть кількість випуску більше нуля',
  serialsCount: (need: number) => `Потрібно ${countUk(need, SERIAL_FORMS)}`,
  serialsUnknown: (values: readonly string[]) => `Серійні номери не виділені цьому замовленню: ${values.join(', ')}`,
  serialsNotEnough: (need: number, have: number) =>
    `Недостатньо виділених серійних номерів: потрібно ${need}, є ${have}`,
  underIssued: (names: readonly string[]) => `Видано менше, ніж потрібно: ${names.join(', ')}`,
  postingCancelled: 'Документ уже скасовано',
  postingCancelMoClosed: 'Замовлення завершене чи скасоване — документи не скасовуються',
  postingCancelBackflush: 'Це автоматична видача до випуску — скасуйте випуск',
  serialsGone: (values: readonly string[]) =>
    `Неможливо скасувати: серійні номери з цього випуску вже не на складі: ${values.join(', ')}`,
  outputGone: 'Неможливо скасувати: вироблену продукцію вже використано (недостатньо залишку)',
  childNothing: 'Немає нестачі напівфабрикатів — дочірні замовлення не потрібні',
  childNotReleased: 'Дочірні замовлення створюються для запущеного замовлення',
  timeEntryEnd: 'Кінець має бути пізніше початку',
  timeEntryClosedMo: 'Час завершеного чи скасованого замовлення не змінюється',
  demandLine: 'Рядок замовлення не знайдено',
  demandItem: 'Товар рядка замовлення відрізняється від товару виробничого замовлення',
  produced: (item: string, qty: string) => `Виготовлено ${item} × ${formatQtyUk(qty)}`,
  transferNeeded: (item: string, qty: string, mo: string, order: string) =>
    `Виготовлено ${item} × ${formatQtyUk(qty)} (${mo}) на іншому складі — потрібне переміщення для замовлення ${order}`,
  overdue: (number: string, item: string) => `Прострочено виробниче замовлення ${number}: ${item}`,
  autoClosed: 'Автозакриття',
  excessChoice: 'Видано більше матеріалів, ніж потрібно: оберіть «Повернути на склад» або «Віднести на відхилення»',
  noWarehouse: (kind: string) => `Немає складу «${kind}» — вкажіть склад`,
  wholeSerialQty: 'Кількість серійного товару має бути цілою',
  notStocked: (sku: string) => `«${sku}» не має залишків (послуга або без обліку запасу)`,
  travelerNotReady: 'Маршрутний лист доступний після запуску замовлення',
  parentNotFound: 'Батьківське замовлення не знайдено',
  workerNotFound: 'Працівника не знайдено',
  warehouseNotFound: 'Склад не знайдено',
  readyToComplete: 'Готово до завершення',
  autoCompleted: 'Замовлення виконано повністю й завершено',
  materialsShortBadge: 'Бракує матеріалів',
  materialsEnough: 'Матеріалів достатньо',
  /** One short line: 'M-CASE-Z1 Корпус — потрібно 10 шт, є 2,5 шт'. */
  shortLine: (l: { sku: string; name: string; unit: string | null; needed: string; available: string }) => {
    const unit = l.unit ? ` ${l.unit}` : '';
    return `${l.sku} ${l.name} — потрібно ${formatQtyUk(l.needed)}${unit}, є ${formatQtyUk(l.available)}${unit}`;
  },
  materialsShort: (lines: readonly string[]) => `Бракує матеріалів: ${lines.join('; ')}`,
} as const;
