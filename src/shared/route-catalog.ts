// The route catalogue (domain README §9): every authenticated route of the spec, defined once, with the
// Ukrainian label, sidebar group and icon it shows. The server builds permissions and the accessible menu
// from it; the client builds the sidebar, the home page and its route table from it.
// Icons are lucide icon names, so this file stays free of React.

export const routeGroups = [
  { key: 'main', label: 'Головне' },
  { key: 'sales', label: 'Продажі' },
  { key: 'warehouse', label: 'Склад' },
  { key: 'production', label: 'Виробництво' },
  { key: 'reference', label: 'Довідники' },
  { key: 'reports', label: 'Звіти' },
  { key: 'admin', label: 'Адміністрування' },
  { key: 'user', label: 'Користувач' },
] as const;
export type RouteGroupKey = (typeof routeGroups)[number]['key'];

export interface CatalogRoute {
  route: string;
  label: string;
  group: RouteGroupKey;
  icon: string;
  /** Shown as an item of the sidebar (in catalogue order within its group). */
  sidebar: boolean;
  /** Every signed-in user may view and use it (README §9). */
  alwaysAllowed?: boolean;
  /** Spec §6: the page demands canAccess, not just canView. */
  requiresAccess?: boolean;
  /** Spec §2: a page that only says it is in development. */
  placeholder?: boolean;
}

const r = (
  route: string,
  label: string,
  group: RouteGroupKey,
  icon: string,
  extra: Partial<Omit<CatalogRoute, 'route' | 'label' | 'group' | 'icon'>> = {},
): CatalogRoute => ({ route, label, group, icon, sidebar: true, ...extra });

export const routeCatalog: readonly CatalogRoute[] = [
  // Spec §2, sidebar groups in the spec's order.
  r('/', 'Головна', 'main', 'House', { alwaysAllowed: true }),
  r('/dashboard', 'Дашборд', 'main', 'LayoutDashboard'),

  r('/orders', 'Замовлення клієнтів', 'sales', 'ShoppingCart'),
  r('/payments', 'Платежі', 'sales', 'CreditCard'),
  r('/shipments', 'Відвантаження', 'sales', 'Truck'),
  r('/client-mail', 'Листування', 'sales', 'Mail'),
  r('/serial-numbers', 'Серійні номери', 'sales', 'Hash'),

  r('/inventory', 'Запаси товарів', 'warehouse', 'Package'),
  r('/component-stock', 'Запаси компонентів', 'warehouse', 'Boxes'),
  r('/component-movement', 'Рух запасів', 'warehouse', 'ArrowLeftRight'),
  r('/shortage', 'Дефіцит матеріалів', 'warehouse', 'TriangleAlert'),
  r('/supplier-orders', 'Замовлення постачальникам', 'warehouse', 'ClipboardList'),
  r('/supplier-receipts', 'Приходи від постачальників', 'warehouse', 'PackagePlus'),
  r('/warehouse-transfers', 'Переміщення між складами', 'warehouse', 'Shuffle'),
  r('/inventory-audits', 'Інвентаризація', 'warehouse', 'ClipboardCheck'),
  r('/scanner', 'Сканер штрих-кодів', 'warehouse', 'ScanBarcode'),

  r('/ordered-products', 'Замовлені товари', 'production', 'ListTodo'),
  r('/manufacturing', 'Виробництво', 'production', 'Factory'),
  r('/mes', 'Термінал цеху', 'production', 'MonitorSmartphone'),
  r('/repairs', 'Ремонти', 'production', 'Wrench'),
  r('/assembly', 'Збірка та розбірка', 'production', 'Combine'),
  r('/recipes', 'Рецепти', 'production', 'BookOpen'),
  r('/tech-cards', 'Технологічні карти', 'production', 'FileCog'),
  r('/bom', 'Специфікації', 'production', 'ListTree'),
  r('/production', 'Планування (Kanban)', 'production', 'KanbanSquare'),
  r('/costing', 'Калькуляція собівартості', 'production', 'Calculator'),

  r('/clients', 'Клієнти', 'reference', 'Users'),
  r('/suppliers', 'Постачальники', 'reference', 'Building2'),
  r('/client-contacts', 'Контактні особи', 'reference', 'Contact'),
  r('/components', 'Компоненти', 'reference', 'Cpu'),
  r('/products', 'Товари', 'reference', 'PackageSearch'),
  r('/categories', 'Категорії компонентів', 'reference', 'FolderTree'),
  r('/product-categories', 'Категорії товарів', 'reference', 'Folders'),
  r('/package-types', 'Типи корпусів', 'reference', 'Box'),
  r('/soldering-types', 'Типи пайки', 'reference', 'Flame'),
  r('/units', 'Одиниці виміру', 'reference', 'Ruler'),
  r('/positions', 'Посади', 'reference', 'BriefcaseBusiness'),
  r('/departments', 'Відділи', 'reference', 'Network'),
  r('/workers', 'Працівники', 'reference', 'HardHat'),
  r('/warehouses', 'Склади', 'reference', 'Warehouse'),
  r('/carriers', 'Перевізники', 'reference', 'Container'),
  r('/currencies', 'Валюти', 'reference', 'Coins'),
  r('/supplier-document-types', 'Типи документів постачальників', 'reference', 'FileType'),

  r('/documents', 'Документи', 'reports', 'FileText', { alwaysAllowed: true, placeholder: true }),
  r('/analytics', 'Аналітика', 'reports', 'ChartLine'),
  r('/sales-analytics', 'Аналітика продажів', 'reports', 'ChartColumn'),
  r('/sales-analytics-products', 'Продажі за товарами', 'reports', 'ChartBar'),
  r('/product-profitability', 'Рентабельність продуктів', 'reports', 'TrendingUp'),
  r('/components-analysis', 'Аналіз компонентів', 'reports', 'ChartPie'),
  r('/reports', 'Прибутковість', 'reports', 'Wallet'),
  r('/advanced-reports', 'Розширені звіти', 'reports', 'FileSpreadsheet'),
  r('/production-stats', 'Статистика виробництва', 'reports', 'ChartNoAxesCombined'),
  r('/production-forecasts', 'Прогнозування виробництва', 'reports', 'Telescope'),
  r('/production-planning', 'Планування потужностей', 'reports', 'CalendarRange'),
  r('/production-analytics', 'Аналіз завантаженості', 'reports', 'Gauge'),

  r('/users', 'Користувачі', 'admin', 'UserCog', { requiresAccess: true }),
  r('/roles', 'Ролі та дозволи', 'admin', 'ShieldCheck', { requiresAccess: true }),
  r('/companies', 'Компанії', 'admin', 'Landmark'),
  r('/email-settings', 'Налаштування e-mail', 'admin', 'AtSign', { requiresAccess: true }),
  r('/email-notifications', 'E-mail сповіщення', 'admin', 'BellRing', { requiresAccess: true }),
  r('/integrations', 'Інтеграції', 'admin', 'Plug', { requiresAccess: true }),
  r('/system-logs', 'Системні журнали', 'admin', 'ScrollText'),
  r('/notifications', 'Повідомлення системи', 'admin', 'Bell', { alwaysAllowed: true }),

  // Authenticated routes outside the sidebar (spec §2 route list).
  r('/bank-email-test', 'Перевірка банківських листів', 'sales', 'MailSearch', { sidebar: false }),
  r('/currency-rates', 'Курси валют НБУ', 'reference', 'BadgeDollarSign', { sidebar: false }),

  // User menu (spec §2).
  r('/profile', 'Профіль', 'user', 'CircleUser', { sidebar: false, alwaysAllowed: true }),
  r('/settings', 'Налаштування', 'user', 'Settings', { sidebar: false, alwaysAllowed: true, placeholder: true }),
  r('/my-analytics', 'Моя аналітика', 'user', 'ChartSpline', {
    sidebar: false,
    alwaysAllowed: true,
    placeholder: true,
  }),
  r('/my-documents', 'Мої документи', 'user', 'FolderOpen', { sidebar: false, alwaysAllowed: true, placeholder: true }),
  r('/messages', 'Повідомлення', 'user', 'MessageSquare', { sidebar: false, alwaysAllowed: true, placeholder: true }),
];

/** The user menu of spec §2, in order (logout is added by the shell). */
export const userMenuRoutes = [
  '/profile',
  '/settings',
  '/my-analytics',
  '/my-documents',
  '/messages',
  '/notifications',
] as const;

/** Home page (spec §2): the six module cards, then the grid of extra modules. */
export const homeModuleRoutes = [
  '/inventory',
  '/orders',
  '/production',
  '/clients',
  '/client-mail',
  '/reports',
] as const;
export const homeExtraRoutes = [
  '/workers',
  '/suppliers',
  '/products',
  '/tech-cards',
  '/recipes',
  '/warehouses',
  '/shipments',
  '/companies',
  '/repairs',
] as const;

const byRoute = new Map(routeCatalog.map((entry) => [entry.route, entry]));

export function catalogEntry(route: string): CatalogRoute | undefined {
  return byRoute.get(route);
}

/**
 * The catalogue route that owns a path: detail routes belong to their parent (README §9), so
 * /inventory-audits/5 → /inventory-audits and /clients/7/delivery-settings → /clients.
 */
export function owningRoute(pathname: string): string | undefined {
  const clean = pathname.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (byRoute.has(clean)) return clean;
  const first = '/' + (clean.split('/')[1] ?? '');
  return first !== '/' && byRoute.has(first) ? first : undefined;
}
