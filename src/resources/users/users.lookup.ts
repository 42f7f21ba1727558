import { defineResource } from '../_engine/define-resource.ts';

/** Sign-in users as a picker (a client's manager): lookup only, the users page is its own module. */
export const usersLookup = defineResource({
  route: '/users',
  title: 'Користувачі',
  newLabel: 'Новий користувач',
  oneLabel: 'користувача',
  displayField: 'username',
  defaultSort: 'username',
  importKey: ['username'],
  hasActiveFlag: true,
  fields: [{ name: 'username', label: 'Логін', kind: 'text', required: true }],
});
