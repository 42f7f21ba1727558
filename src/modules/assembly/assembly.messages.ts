// The words of 'Збірка та розбірка' shared by the server and the page (production.md §8): validation, refusals and
// the serial notes. The page's own texts are in web/assembly.messages.ts.
export const assemblyMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Кількість має бути більшою за нуль',
  noLines: 'Додайте хоча б один рядок',
  tooManyLines: 'Не більше 500 рядків',
  duplicateItem: (lineNo: number) => `Ця позиція вже є в рядку ${lineNo} — об'єднайте кількість в одному рядку`,
  kitInLines: 'Комплект не може бути власним компонентом — приберіть його з рядків',
  notFound: 'Документ збірки не знайдено',
  notDraft: 'Змінювати можна лише чернетку',
  posted: 'Документ уже проведено',
  notPosted: 'Скасувати можна лише проведений документ',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину скасування',
  service: 'Послуга не має залишків — оберіть товар, компонент або матеріал',
  inactiveItem: 'Позиція неактивна — її не можна додати до документа',
  inactiveWarehouse: 'Склад неактивний — оберіть інший',
  reference: 'Оберіть запис зі списку',
  noSpec: 'Для цієї позиції немає діючої специфікації',
  serialsNotInDocument: 'Серійні номери вказано для позиції, якої немає в документі',
  serialLength: 'Серійний номер не довший за 200 символів',
  serialsGone: (values: readonly string[]) =>
    `Неможливо скасувати: серійні номери вже не на складі: ${values.join(', ')}`,
  /** The serial timeline's notes. */
  consumedNote: (number: string) => `Використано у збірці ${number}`,
  disassembledNote: 'Розібрано',
  assembledNote: (number: string) => `Зібрано: ${number}`,
  cancelNote: (reason: string) => `Скасування: ${reason}`,
} as const;

export const assemblyTypes = ['assembly', 'disassembly'] as const;
export type AssemblyType = (typeof assemblyTypes)[number];
export const assemblyTypeLabels: Record<AssemblyType, string> = {
  assembly: 'Збірка',
  disassembly: 'Розбірка',
};

export const assemblyStatuses = ['draft', 'posted', 'cancelled'] as const;
export type AssemblyStatus = (typeof assemblyStatuses)[number];
export const assemblyStatusLabels: Record<AssemblyStatus, string> = {
  draft: 'Чернетка',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};
