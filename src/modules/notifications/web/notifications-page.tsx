// 'Повідомлення системи' (spec §2, §4, §5, §7, §8; reports-admin.md §9): stats, push permission, search and
// filters, and the paged list of the user's own notifications with their actions.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BellIcon,
  BellOffIcon,
  BellRingIcon,
  CheckCheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClockIcon,
  FlaskConicalIcon,
  InboxIcon,
  Loader2Icon,
  MailIcon,
  OctagonAlertIcon,
  SearchIcon,
  Trash2Icon,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { ListLoadError } from '@/web/components/data-list.tsx';
import { usePushPermission, type PushPermission } from './browser-notifications.tsx';
import { NotificationCard, type CardBusy } from './notification-card.tsx';
import { priorityLabel, typeLabel } from './notification-display.ts';
import { pageNavigation } from '@/web/lib/navigation.ts';
import { resolveActionUrl } from './notification-navigation.ts';
import {
  ALL,
  initialNotificationFilter,
  notificationListQueryFn,
  notificationListQueryKey,
  notificationsApi,
  notificationStatsQueryKey,
  refreshNotifications,
  STATS_STALE_TIME,
  type Notification,
  type NotificationListFilter,
  type NotificationPriority,
  type NotificationPriorityFilter,
  type NotificationStats,
  type NotificationStatus,
  type NotificationStatusFilter,
  type NotificationType,
  type NotificationTypeFilter,
} from './notifications.api.ts';
import { notificationsPageMessages as messages } from './notifications.messages.ts';

// The filter options, in the order of the messages, which name every value of the contract (`satisfies`).
const keysOf = <K extends string>(record: Record<K, string>) => Object.keys(record) as K[];
const typeOptions = keysOf<NotificationType>(messages.types).map((value) => ({ value, label: typeLabel(value) }));
const priorityOptions = keysOf<NotificationPriority>(messages.priorities).map((value) => ({
  value,
  label: priorityLabel(value),
}));
const statusOptions = keysOf<NotificationStatus>(messages.filters.statuses).map((value) => ({
  value,
  label: messages.filters.statuses[value],
}));

type FilterChange = Partial<Pick<NotificationListFilter, 'type' | 'priority' | 'status' | 'searchQuery'>>;

function failureToast(error: unknown, fallback: string) {
  toast({
    variant: 'destructive',
    title: messages.toast.errorTitle,
    description: serverMessageOf(error) ?? fallback,
  });
}

export function NotificationsPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<NotificationListFilter>(initialNotificationFilter);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [openingId, setOpeningId] = useState<number | null>(null);
  const push = usePushPermission();

  // The sidebar badge polls this key every 10 s; the page reads the same cache instead of a second poll.
  const statsQuery = useQuery<NotificationStats>({ queryKey: notificationStatsQueryKey, staleTime: STATS_STALE_TIME });
  const listQuery = useQuery({
    queryKey: notificationListQueryKey(filter),
    queryFn: notificationListQueryFn,
    placeholderData: keepPreviousData,
  });

  const rows = listQuery.data?.items ?? [];
  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  // A page emptied by deletions: step back to the last page that has rows.
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  /** Spec §4: changing any filter (the search too) starts again from page 1. */
  function changeFilter(change: FilterChange) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
    setSelected(new Set());
  }
  const search = useSearchBox('', (text) => changeFilter({ searchQuery: text }));

  function goToPage(page: number) {
    setFilter((current) => ({ ...current, page }));
    setSelected(new Set());
  }

  const afterChange = () => refreshNotifications(queryClient);

  const markRead = useMutation({
    mutationFn: (n: Notification) => notificationsApi.markRead(n.id),
    onSuccess: () => toast({ title: messages.toast.markedRead }),
    onError: (error) => failureToast(error, messages.toast.markReadFailed),
    onSettled: afterChange,
  });

  const resolve = useMutation({
    mutationFn: (n: Notification) => notificationsApi.resolve(n.id),
    onSuccess: () => toast({ title: messages.toast.resolved }),
    onError: (error) => failureToast(error, messages.toast.resolveFailed),
    onSettled: afterChange,
  });

  const remove = useMutation({
    mutationFn: (n: Notification) => notificationsApi.remove(n.id),
    onSuccess: (_answer, n) => {
      toast({ title: messages.toast.deleted });
      setSelected((current) => withoutIds(current, [n.id]));
    },
    onError: (error) => failureToast(error, messages.toast.deleteFailed),
    onSettled: afterChange,
  });

  const bulkDelete = useMutation({
    mutationFn: (ids: number[]) => notificationsApi.bulkDelete(ids),
    onSuccess: ({ deletedCount }, ids) => {
      toast({ title: messages.toast.bulkDeleted(typeof deletedCount === 'number' ? deletedCount : ids.length) });
      // Spec §4: the selection is cleared after a bulk delete.
      setSelected(new Set());
    },
    onError: (error) => failureToast(error, messages.toast.deleteFailed),
    onSettled: afterChange,
  });

  const resetBadges = useMutation({
    mutationFn: () => notificationsApi.resetBadges(),
    onSuccess: () => toast({ title: messages.toast.badgesReset, description: messages.toast.badgesResetText }),
    onError: (error) => failureToast(error, messages.toast.resetFailed),
    onSettled: afterChange,
  });

  const sendTest = useMutation({
    mutationFn: () => notificationsApi.sendTest(),
    onSuccess: () => toast({ title: messages.toast.testSent, description: messages.toast.testSentText }),
    onError: (error) => failureToast(error, messages.toast.testFailed),
    onSettled: afterChange,
  });

  async function open(n: Notification) {
    if (!n.actionUrl) return;
    setOpeningId(n.id);
    try {
      pageNavigation.assign(await resolveActionUrl(n.actionUrl, notificationsApi.orderNumber));
    } finally {
      setOpeningId(null);
    }
  }

  function busyOf(n: Notification): CardBusy {
    const on = (mutation: { isPending: boolean; variables?: Notification }) =>
      mutation.isPending && mutation.variables?.id === n.id;
    if (openingId === n.id) return 'open';
    if (on(markRead)) return 'read';
    if (on(resolve)) return 'resolve';
    if (on(remove) || (bulkDelete.isPending && bulkDelete.variables?.includes(n.id))) return 'delete';
    return null;
  }

  const selectedIds = rows.filter((n) => selected.has(n.id)).map((n) => n.id);
  const allSelected = rows.length > 0 && selectedIds.length === rows.length;
  const selectAllState = allSelected ? true : selectedIds.length > 0 ? 'indeterminate' : false;
  const filtered = filter.type !== ALL || filter.priority !== ALL || filter.status !== ALL || filter.searchQuery !== '';
  const from = total === 0 ? 0 : (filter.page - 1) * filter.limit + 1;
  const to = Math.min(filter.page * filter.limit, total);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
            {sendTest.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <FlaskConicalIcon aria-hidden="true" />
            )}
            {messages.toolbar.test}
          </Button>
          <Button onClick={() => resetBadges.mutate()} disabled={resetBadges.isPending}>
            {resetBadges.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckCheckIcon aria-hidden="true" />
            )}
            {messages.toolbar.markAllRead}
          </Button>
        </div>
      </header>

      <StatCards stats={statsQuery.data} />

      <PushPanel permission={push.permission} requesting={push.requesting} onRequest={() => void push.request()} />

      <section className="grid gap-4" aria-labelledby="notifications-list-heading">
        <h2 id="notifications-list-heading" className="sr-only">
          {messages.title}
        </h2>
        <div
          role="search"
          aria-label={messages.filters.label}
          className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-3 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_11rem]"
        >
          <div className="grid gap-1.5 sm:col-span-3 lg:col-span-1">
            <Label htmlFor="notifications-search">{messages.filters.search}</Label>
            <div className="relative">
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="notifications-search"
                type="search"
                className="pl-9"
                placeholder={messages.filters.searchPlaceholder}
                value={search.text}
                onChange={(event) => search.change(event.target.value)}
              />
            </div>
          </div>
          <FilterSelect
            id="notifications-type"
            label={messages.filters.type}
            value={filter.type}
            onChange={(type) => changeFilter({ type: type as NotificationTypeFilter })}
            options={typeOptions}
          />
          <FilterSelect
            id="notifications-priority"
            label={messages.filters.priority}
            value={filter.priority}
            onChange={(priority) => changeFilter({ priority: priority as NotificationPriorityFilter })}
            options={priorityOptions}
          />
          <FilterSelect
            id="notifications-status"
            label={messages.filters.status}
            value={filter.status}
            onChange={(status) => changeFilter({ status: status as NotificationStatusFilter })}
            options={statusOptions}
          />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3 shadow-xs">
          <div className="flex items-center gap-3">
            <Checkbox
              id="notifications-select-all"
              checked={selectAllState}
              disabled={rows.length === 0}
              onCheckedChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((n) => n.id)))}
            />
            <Label htmlFor="notifications-select-all" className="font-normal">
              {messages.selection.selectAll}
            </Label>
            <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
              {selectedIds.length > 0 ? messages.selection.selected(selectedIds.length) : null}
            </span>
          </div>
          <Button
            variant="destructive"
            size="sm"
            disabled={selectedIds.length === 0 || bulkDelete.isPending}
            onClick={() => bulkDelete.mutate(selectedIds)}
          >
            {bulkDelete.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <Trash2Icon aria-hidden="true" />
            )}
            {selectedIds.length > 0
              ? messages.selection.deleteSelectedCount(selectedIds.length)
              : messages.selection.deleteSelected}
          </Button>
        </div>

        {listQuery.isPending ? (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <p role="status">{messages.loading}</p>
          </StateMessage>
        ) : listQuery.isError && !listQuery.data ? (
          <StateMessage>
            <ListLoadError
              error={listQuery.error}
              message={messages.loadError}
              retryText={messages.retry}
              onRetry={listQuery.refetch}
            />
          </StateMessage>
        ) : rows.length === 0 ? (
          <StateMessage>
            <span className="flex size-12 items-center justify-center rounded-2xl bg-muted" aria-hidden="true">
              <InboxIcon className="size-6" />
            </span>
            <p className="font-medium text-foreground">{messages.empty}</p>
            <p>{filtered ? messages.emptyFiltered : messages.emptyAll}</p>
          </StateMessage>
        ) : (
          <ul
            className={cn('grid gap-3', listQuery.isPlaceholderData && 'opacity-60')}
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            {rows.map((n) => (
              <li key={n.id}>
                <NotificationCard
                  notification={n}
                  selected={selected.has(n.id)}
                  busy={busyOf(n)}
                  onSelect={(checked) =>
                    setSelected((current) => (checked ? new Set([...current, n.id]) : withoutIds(current, [n.id])))
                  }
                  onOpen={() => void open(n)}
                  onMarkRead={() => markRead.mutate(n)}
                  onResolve={() => resolve.mutate(n)}
                  onDelete={() => remove.mutate(n)}
                />
              </li>
            ))}
          </ul>
        )}

        {total > 0 ? (
          <nav
            aria-label={messages.pagination.label}
            className="flex flex-wrap items-center justify-between gap-3 text-sm"
          >
            <p className="text-muted-foreground tabular-nums" aria-live="polite">
              {messages.pagination.info(from, to, total)}
            </p>
            {pageCount > 1 ? (
              <div className="flex items-center gap-2">
                <span className="text-muted-foreground tabular-nums">
                  {messages.pagination.page(filter.page, pageCount)}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={messages.pagination.previousPage}
                  disabled={filter.page <= 1}
                  onClick={() => goToPage(filter.page - 1)}
                >
                  <ChevronLeftIcon aria-hidden="true" />
                  <span className="hidden sm:inline">{messages.pagination.previous}</span>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={messages.pagination.nextPage}
                  disabled={filter.page >= pageCount || listQuery.isPlaceholderData}
                  onClick={() => goToPage(filter.page + 1)}
                >
                  <span className="hidden sm:inline">{messages.pagination.next}</span>
                  <ChevronRightIcon aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function withoutIds(set: ReadonlySet<number>, ids: number[]): ReadonlySet<number> {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
}

function StateMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/50 px-4 py-16 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

const statCards: ReadonlyArray<{
  key: 'totalNotifications' | 'unreadCount' | 'criticalCount' | 'unresolvedCount';
  label: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
}> = [
  {
    key: 'totalNotifications',
    label: messages.stats.total,
    hint: messages.stats.totalHint,
    icon: BellIcon,
    tone: 'bg-primary/10 text-primary',
  },
  {
    key: 'unreadCount',
    label: messages.stats.unread,
    hint: messages.stats.unreadHint,
    icon: MailIcon,
    tone: 'bg-sky-500/10 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300',
  },
  {
    key: 'criticalCount',
    label: messages.stats.critical,
    hint: messages.stats.criticalHint,
    icon: OctagonAlertIcon,
    tone: 'bg-red-500/10 text-red-700 dark:bg-red-400/15 dark:text-red-300',
  },
  {
    key: 'unresolvedCount',
    label: messages.stats.unresolved,
    hint: messages.stats.unresolvedHint,
    icon: ClockIcon,
    tone: 'bg-amber-500/10 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300',
  },
];

function StatCards({ stats }: { stats: NotificationStats | undefined }) {
  return (
    <section aria-label={messages.stats.label}>
      {/* One <dl> per card: a <dl> may hold its terms only directly or in one <div> level (HTML, axe definition-list). */}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {statCards.map(({ key, label, hint, icon: Icon, tone }) => (
          <div key={key} className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs">
            <span
              className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg min-[420px]:flex', tone)}
              aria-hidden="true"
            >
              <Icon className="size-5" />
            </span>
            <dl className="grid min-w-0 gap-0.5">
              <dt className="truncate text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tracking-tight tabular-nums" data-stat={key}>
                {stats ? stats[key] : '—'}
              </dd>
              <dd className="truncate text-xs text-muted-foreground">{hint}</dd>
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}

const pushLooks: Record<PushPermission, { icon: LucideIcon; badge: string }> = {
  default: { icon: BellIcon, badge: 'border-border bg-muted text-foreground' },
  granted: {
    icon: BellRingIcon,
    badge: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:border-emerald-400/30 dark:text-emerald-300',
  },
  denied: {
    icon: BellOffIcon,
    badge: 'border-red-500/30 bg-red-500/10 text-red-700 dark:border-red-400/30 dark:text-red-300',
  },
  unsupported: { icon: BellOffIcon, badge: 'border-border bg-muted text-muted-foreground' },
};

function PushPanel({
  permission,
  requesting,
  onRequest,
}: {
  permission: PushPermission;
  requesting: boolean;
  onRequest: () => void;
}) {
  const { icon: Icon, badge } = pushLooks[permission];
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3 shadow-xs">
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-muted" aria-hidden="true">
          <Icon className="size-[1.125rem]" />
        </span>
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {messages.push.label}
          <Badge variant="outline" className={badge}>
            {messages.push.state[permission]}
          </Badge>
        </p>
      </div>
      {permission !== 'granted' ? (
        <Button variant="outline" size="sm" onClick={onRequest} disabled={requesting}>
          {requesting ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <BellRingIcon aria-hidden="true" />
          )}
          {messages.push.enable}
        </Button>
      ) : null}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{messages.filters.all}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
