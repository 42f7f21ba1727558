// The roles a new database starts with (domain README §9). Only 'Адміністратор' is fixed; the rest are
// ordinary roles the administrator may edit or delete.
import { routeCatalog, type RouteGroupKey } from '@/shared/route-catalog.ts';
import { ADMIN_ROLE_NAME } from '../roles.contract.ts';

type Grant = { route: string; canView: boolean; canAccess: boolean };

const inGroups = (groups: RouteGroupKey[], canAccess: boolean): Grant[] =>
  routeCatalog
    .filter((r) => groups.includes(r.group) && !r.alwaysAllowed && !r.requiresAccess)
    .map((r) => ({ route: r.route, canView: true, canAccess }));
const routes = (list: string[], canAccess: boolean): Grant[] =>
  list.map((route) => ({ route, canView: true, canAccess }));

export const adminRole = { name: ADMIN_ROLE_NAME, description: 'Повний доступ до всіх розділів системи' };

export const seedRoles: Array<{ name: string; description: string; permissions: Grant[] }> = [
  {
    name: 'Менеджер з продажу',
    description: 'Замовлення, платежі, відвантаження та клієнти',
    permissions: [
      ...routes(['/dashboard'], false),
      ...inGroups(['sales'], true),
      ...routes(['/clients', '/client-contacts'], true),
      ...routes(['/products', '/inventory', '/carriers', '/sales-analytics', '/sales-analytics-products'], false),
    ],
  },
  {
    name: 'Комірник',
    description: 'Склад: приходи, переміщення, інвентаризація, відвантаження',
    permissions: [
      ...routes(['/dashboard'], false),
      ...inGroups(['warehouse'], true),
      ...routes(['/shipments', '/serial-numbers'], true),
      ...routes(['/products', '/components', '/warehouses', '/suppliers', '/units'], false),
    ],
  },
  {
    name: 'Майстер виробництва',
    description: 'Виробництво, планування та специфікації',
    permissions: [
      ...routes(['/dashboard'], false),
      ...inGroups(['production'], true),
      ...routes(['/inventory', '/component-stock', '/component-movement', '/shortage'], false),
      ...routes(['/production-stats', '/production-planning', '/production-analytics', '/workers'], false),
    ],
  },
  {
    name: 'Оператор цеху',
    description: 'Лише термінал цеху',
    permissions: routes(['/mes'], true),
  },
  {
    name: 'Бухгалтер',
    description: 'Платежі, курси валют і звіти',
    permissions: [
      ...routes(['/dashboard', '/orders', '/shipments', '/companies', '/clients', '/suppliers'], false),
      ...routes(['/payments', '/currencies', '/currency-rates', '/bank-email-test'], true),
      ...inGroups(['reports'], false),
    ],
  },
  {
    name: 'Лише перегляд',
    description: 'Перегляд усіх розділів без змін',
    permissions: routeCatalog
      .filter((r) => !r.alwaysAllowed && !r.requiresAccess)
      .map((r) => ({ route: r.route, canView: true, canAccess: false })),
  },
];
