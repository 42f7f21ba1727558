import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §8. Personal data kept to the minimum: no birth date, no home address. (The photo and the
// link to a login arrive later.)
export const workersResource = defineResource({
  route: '/workers',
  title: 'Працівники',
  newLabel: 'Новий працівник',
  oneLabel: 'працівника',
  displayField: 'lastName',
  defaultSort: 'lastName',
  importKey: ['personnelNumber'],
  hasActiveFlag: true,
  fields: [
    { name: 'lastName', label: 'Прізвище', kind: 'text', required: true, maxLength: 60, list: true, search: true },
    { name: 'firstName', label: "Ім'я", kind: 'text', required: true, maxLength: 60, list: true, search: true },
    { name: 'middleName', label: 'По батькові', kind: 'text', maxLength: 60 },
    {
      name: 'personnelNumber',
      label: 'Табельний номер',
      kind: 'text',
      unique: true,
      maxLength: 20,
      list: true,
      search: true,
    },
    { name: 'positionId', label: 'Посада', kind: 'reference', references: '/positions', list: true, filter: true },
    { name: 'departmentId', label: 'Відділ', kind: 'reference', references: '/departments', list: true, filter: true },
    { name: 'phone', label: 'Телефон', kind: 'phone', list: true, search: true },
    { name: 'email', label: 'E-mail', kind: 'email' },
    { name: 'hireDate', label: 'Дата прийому', kind: 'date' },
    { name: 'terminationDate', label: 'Дата звільнення', kind: 'date' },
    {
      name: 'hourlyRate',
      label: 'Ставка, грн/год',
      kind: 'decimal',
      scale: 6,
      min: 0,
      list: true,
      hint: 'Фактична ставка для собівартості праці; якщо порожньо — ставка посади',
    },
    {
      name: 'weeklyHours',
      label: 'Годин на тиждень',
      kind: 'integer',
      required: true,
      min: 1,
      max: 80,
      defaultValue: 40,
    },
    {
      name: 'badgeCode',
      label: 'Код перепустки',
      kind: 'text',
      unique: true,
      maxLength: 40,
      hint: 'Сканується для входу оператора в термінал цеху',
    },
    { name: 'notes', label: 'Примітки', kind: 'textarea' },
  ],
  crossCheck: (values): Record<string, string> => {
    const { hireDate, terminationDate } = values;
    // ISO dates compare as strings.
    return typeof hireDate === 'string' && typeof terminationDate === 'string' && terminationDate < hireDate
      ? { terminationDate: 'Дата звільнення не може бути раніше дати прийому' }
      : {};
  },
});
