// 'Дашборд' (spec §2 Dashboard, reports-admin.md §1): the six figures of `GET /api/dashboard/stats`, the four newest
// products, the kanban's three counts, the spec's two sample charts and the quick actions. It lives in the client's
// composition root because its quick actions open other modules' dialogs (the scanner lookup, the product form, the
// order form, the label printing), each loaded only when first opened.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  ArrowRightIcon,
  BoxesIcon,
  FactoryIcon,
  PackageIcon,
  PackagePlusIcon,
  PrinterIcon,
  ScanBarcodeIcon,
  ShoppingCartIcon,
  SirenIcon,
  TrendingDownIcon,
  type LucideIcon,
} from 'lucide-react';
import type { DashboardStats } from '@/modules/dashboard/dashboard.contract.ts';
import { dashboardEndpoints } from '@/modules/dashboard/dashboard.endpoints.ts';
import { LABEL_ROUTES } from '@/modules/labels/labels.endpoints.ts';
import type { ProductionTask, TaskStatus } from '@/modules/production-tasks/production-tasks.contract.ts';
import { productionTasksEndpoints } from '@/modules/production-tasks/production-tasks.endpoints.ts';
import { SCANNER_ROUTES } from '@/modules/scanner/scanner.endpoints.ts';
import { dec, isNegative, isZero } from '@/shared/decimal.ts';
import { DoughnutChart, LineChart } from '@/web/components/charts.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { endpointKey } from '@/web/lib/api.ts';
import { formatMoney } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { usePermissions } from '@/web/lib/use-permission.ts';
import { costSample, dashboardMessages as m, stockSample } from './dashboard.messages.ts';

/** The figures' key; a quick action's dialog closing refreshes it. */
export const dashboardStatsQueryKey = endpointKey(dashboardEndpoints.stats);
// The declared resources engine serves the products list (decision 0006): its key starts with the engine's own base,
// so a product saved anywhere refreshes the panel too.
const PRODUCTS_URL = '/api/products';
// The production-tasks module's kanban list, read as its own page reads it.
const tasksQueryKey = endpointKey(productionTasksEndpoints.list);
/** Spec §9: the new-products panel shows 4 items. */
export const NEW_PRODUCTS = 4;

/** What the panel reads of a `GET /api/products` row (spec §3: id, name, sku, retailPrice; `available` besides). */
interface ProductRow {
  id: number;
  name: string;
  sku: string;
  retailPrice: string | null;
  available: string;
}

const ScannerDialog = lazy(() =>
  import('@/modules/scanner/web/scanner-dialog.tsx').then((module) => ({ default: module.ScannerDialog })),
);
const LabelsDialog = lazy(() =>
  import('@/modules/labels/web/labels-dialog.tsx').then((module) => ({ default: module.LabelsDialog })),
);
const OrderDialog = lazy(() =>
  import('@/modules/orders/web/order-dialog.tsx').then((module) => ({ default: module.OrderDialog })),
);
const ProductFormDialog = lazy(() =>
  Promise.all([
    import('@/resources/_engine/web/resource-form-dialog.tsx'),
    import('@/resources/items/items.resource.ts'),
    import('@/modules/items/web/item-extensions.tsx'),
  ]).then(([form, resource, extensions]) => ({
    default: ({ onClose }: { onClose: () => void }) => (
      <form.ResourceFormDialog
        def={resource.productsResource}
        addons={extensions.productExtensions.fieldAddons}
        onClose={onClose}
      />
    ),
  })),
);

type QuickDialog = 'scan' | 'product' | 'order' | 'labels';

const cards: ReadonlyArray<{ key: keyof DashboardStats; icon: LucideIcon; tone: string; route: string }> = [
  { key: 'totalProducts', icon: PackageIcon, tone: statTones.primary, route: '/products' },
  { key: 'activeOrders', icon: ShoppingCartIcon, tone: statTones.sky, route: '/orders' },
  { key: 'productionTasks', icon: FactoryIcon, tone: statTones.green, route: '/production' },
  { key: 'lowStockCount', icon: TrendingDownIcon, tone: statTones.amber, route: '/inventory' },
  { key: 'materialShortages', icon: AlertTriangleIcon, tone: statTones.amber, route: '/shortage' },
  { key: 'criticalShortages', icon: SirenIcon, tone: statTones.red, route: '/shortage' },
];

const figure = (value: number | undefined) =>
  value === undefined ? '—' : new Intl.NumberFormat('uk-UA').format(value);

const sampleBadge = (
  <Badge variant="outline" title={m.sampleDataHint} className="shrink-0 text-muted-foreground">
    {m.sampleData}
  </Badge>
);

function Panel({
  title,
  description,
  action,
  children,
  className,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0 gap-4', className)}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-base font-semibold">{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const newProductsQueryKey = [PRODUCTS_URL, { kind: 'product', limit: NEW_PRODUCTS }] as const;

function NewProducts({ canViewAll }: { canViewAll: boolean }) {
  // Goods, not services: a stock badge means nothing for a service (its kind is the 'Всього товарів' card's too).
  const products = useQuery<ProductRow[]>({ queryKey: newProductsQueryKey });
  const rows = (products.data ?? []).slice(0, NEW_PRODUCTS);
  return (
    <Panel
      title={m.newProducts.title}
      description={m.newProducts.description}
      action={
        canViewAll ? (
          <Button asChild variant="ghost" size="sm" className="shrink-0">
            <a href="/products">
              {m.newProducts.viewAll}
              <ArrowRightIcon aria-hidden="true" />
            </a>
          </Button>
        ) : null
      }
    >
      {products.isPending ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{m.loading}</p>
      ) : rows.length === 0 ? (
        // Spec §8: errors of the dashboard calls are not shown — the panel is simply empty then.
        <p className="py-6 text-center text-sm text-muted-foreground">{m.newProducts.empty}</p>
      ) : (
        <ul className="divide-y">
          {rows.map((p) => {
            const available = dec(p.available);
            const inStock = !isZero(available) && !isNegative(available);
            return (
              <li key={p.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                  <BoxesIcon className="size-4" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium" title={p.name}>
                    {p.name}
                  </span>{' '}
                  <span className="block truncate text-xs text-muted-foreground">
                    <span className="sr-only">{m.newProducts.sku}: </span>
                    {p.sku}
                  </span>
                </span>{' '}
                {/* The spaces keep the words apart for a screen reader; the flex and grid layouts ignore them. */}
                <span className="grid justify-items-end gap-1">
                  <span className="text-sm font-medium whitespace-nowrap tabular-nums">
                    {p.retailPrice === null ? '—' : `${formatMoney(p.retailPrice)}\u00a0${m.hryvnia}`}
                  </span>{' '}
                  <Badge
                    variant="outline"
                    className={cn(
                      inStock
                        ? 'border-emerald-600/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300'
                        : 'text-muted-foreground',
                    )}
                  >
                    {inStock ? m.newProducts.inStock : m.newProducts.outOfStock}
                  </Badge>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

const productionColumns: ReadonlyArray<{ status: TaskStatus; label: string; tone: string }> = [
  { status: 'planned', label: m.production.planned, tone: 'bg-sky-500' },
  { status: 'in-progress', label: m.production.inProgress, tone: 'bg-amber-500' },
  { status: 'completed', label: m.production.completed, tone: 'bg-emerald-500' },
];

function Production({ canOpenBoard }: { canOpenBoard: boolean }) {
  const tasks = useQuery<ProductionTask[]>({ queryKey: tasksQueryKey });
  const countOf = (status: TaskStatus) =>
    tasks.data ? String(tasks.data.filter((t) => t.status === status).length) : '—';
  return (
    <Panel title={m.production.title} description={m.production.description}>
      <dl className="grid gap-3">
        {productionColumns.map((c) => (
          <div key={c.status} className="flex items-center justify-between gap-3 rounded-lg border px-4 py-3">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <span className={cn('size-2.5 rounded-full', c.tone)} aria-hidden="true" />
              {c.label}
            </dt>
            <dd className="text-xl font-semibold tabular-nums">{tasks.isPending ? '…' : countOf(c.status)}</dd>
          </div>
        ))}
      </dl>
      {canOpenBoard ? (
        <Button asChild variant="outline" className="mt-4 w-full">
          <a href="/production">
            {m.production.kanban}
            <ArrowRightIcon aria-hidden="true" />
          </a>
        </Button>
      ) : null}
    </Panel>
  );
}

function QuickAction({ icon: Icon, label, onClick }: { icon: LucideIcon; label: string; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} className="h-auto min-h-20 flex-col gap-2 py-4 whitespace-normal">
      <Icon className="size-5! text-primary" aria-hidden="true" />
      <span className="text-center leading-tight">{label}</span>
    </Button>
  );
}

export function DashboardPage() {
  const queryClient = useQueryClient();
  const { permissionOf } = usePermissions();
  const stats = useQuery<DashboardStats>({ queryKey: dashboardStatsQueryKey });
  // The panels show once the stats have loaded (spec: 'Завантаження...' until then), but their data is asked for
  // now, beside the stats, not one request after another (DESIGN §9: no request waterfall deeper than 2).
  useQuery<ProductRow[]>({ queryKey: newProductsQueryKey });
  useQuery<ProductionTask[]>({ queryKey: tasksQueryKey });
  const [dialog, setDialog] = useState<QuickDialog | null>(null);
  const canView = (route: string) => permissionOf(route).canView;
  const actions: Array<{ key: QuickDialog; icon: LucideIcon; label: string }> = [];
  if (SCANNER_ROUTES.some(canView)) actions.push({ key: 'scan', icon: ScanBarcodeIcon, label: m.quickActions.scan });
  if (permissionOf('/products').canAccess) {
    actions.push({ key: 'product', icon: PackagePlusIcon, label: m.quickActions.newProduct });
  }
  if (permissionOf('/orders').canAccess) {
    actions.push({ key: 'order', icon: ShoppingCartIcon, label: m.quickActions.newOrder });
  }
  if (LABEL_ROUTES.some(canView)) actions.push({ key: 'labels', icon: PrinterIcon, label: m.quickActions.printLabels });

  const close = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{m.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{m.subtitle}</p>
      </header>

      {stats.isPending ? (
        <p role="status" className="py-16 text-center text-muted-foreground">
          {m.loading}
        </p>
      ) : (
        <>
          <section aria-label={m.title} className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6">
            {cards.map((c) => {
              const card = (
                <StatCard
                  label={m.cards[c.key].label}
                  hint={m.cards[c.key].note}
                  icon={c.icon}
                  tone={c.tone}
                  value={figure(stats.data?.[c.key])}
                />
              );
              return canView(c.route) ? (
                <a
                  key={c.key}
                  href={c.route}
                  className="rounded-xl transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {card}
                </a>
              ) : (
                <div key={c.key}>{card}</div>
              );
            })}
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <NewProducts canViewAll={canView('/products')} />
            <Production canOpenBoard={canView('/production')} />
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <Panel title={m.stockChart.title} description={m.stockChart.description} action={sampleBadge}>
              <LineChart title={m.stockChart.title} points={stockSample} headers={m.stockChart.headers} />
            </Panel>
            <Panel title={m.costChart.title} description={m.costChart.description} action={sampleBadge}>
              <DoughnutChart title={m.costChart.title} points={costSample} headers={m.costChart.headers} />
            </Panel>
          </div>

          {actions.length ? (
            <Card className="gap-4">
              <CardHeader>
                <CardTitle>
                  <h2 className="text-base font-semibold">{m.quickActions.title}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid grid-cols-2 gap-3 md:grid-cols-4">
                {actions.map((a) => (
                  <QuickAction key={a.key} icon={a.icon} label={a.label} onClick={() => setDialog(a.key)} />
                ))}
              </CardContent>
            </Card>
          ) : null}
        </>
      )}

      <Suspense fallback={null}>
        {dialog === 'scan' ? <ScannerDialog open onOpenChange={(open) => !open && close()} /> : null}
        {dialog === 'labels' ? <LabelsDialog open items={[]} onOpenChange={(open) => !open && close()} /> : null}
        {dialog === 'product' ? <ProductFormDialog onClose={close} /> : null}
        {dialog === 'order' ? (
          <OrderDialog
            onClose={close}
            onSaved={(order) => {
              // The order form's own page opens a saved order in its drawer; so does this shortcut.
              window.location.assign(`/orders?open=${order.id}`);
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
