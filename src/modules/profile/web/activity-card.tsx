// The user's own last actions (reports-admin.md §19): GET /api/profile/activity, newest first.
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import type { ActivityItem } from '@/modules/profile/profile.contract.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { cn } from '@/web/lib/utils.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { activityQueryKey } from './profile.api.ts';
import { profileMessages } from './profile.messages.ts';

const messages = profileMessages.activity;

/** The Ukrainian name of an audit action; an unknown one is shown as the server wrote it. */
export function actionLabel(action: string): string {
  const labels = profileMessages.actions;
  return Object.hasOwn(labels, action) ? labels[action]! : action;
}

function entityLabel(item: ActivityItem): string {
  const labels = profileMessages.entities;
  const type = Object.hasOwn(labels, item.entityType) ? labels[item.entityType]! : item.entityType;
  return item.entityId ? `${type} #${item.entityId}` : type;
}

const tone: Readonly<Record<string, string>> = {
  delete: 'bg-destructive/15 text-destructive dark:text-red-400',
  login_failed: 'bg-destructive/15 text-destructive dark:text-red-400',
  create: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
  login: 'bg-primary/10 text-primary',
  logout: 'bg-primary/10 text-primary',
};

export function ActivityCard() {
  const activityQuery = useQuery<ActivityItem[]>({ queryKey: activityQueryKey });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{messages.title}</h2>
        </CardTitle>
        <CardDescription>{messages.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <InlineQueryStatus
          query={activityQuery}
          loadingText={messages.loading}
          errorText={messages.loadError}
          retryText={profileMessages.retry}
        />
        {!activityQuery.data ? null : activityQuery.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{messages.empty}</p>
        ) : (
          <ol className="grid max-h-[28rem] gap-1 overflow-y-auto pr-1">
            {activityQuery.data.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b py-2 text-sm last:border-0"
              >
                <time dateTime={item.at} className="w-32 shrink-0 text-muted-foreground tabular-nums">
                  {format(new Date(item.at), 'dd.MM.yyyy HH:mm', { locale: uk })}
                </time>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
                    tone[item.action] ?? 'bg-secondary text-secondary-foreground',
                  )}
                >
                  {actionLabel(item.action)}
                </span>
                <span className="min-w-0 break-words">{entityLabel(item)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
