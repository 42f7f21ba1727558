// One notification of the list (spec §2): selection, icon, badges, date, text, related entity and actions.
import { useId } from 'react';
import { CheckIcon, CircleCheckIcon, ExternalLinkIcon, Link2Icon, Loader2Icon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { cn } from '@/web/lib/utils.ts';
import type { Notification } from './notifications.api.ts';
import { notificationsPageMessages as messages } from './notifications.messages.ts';
import {
  formatNotificationDate,
  priorityLabel,
  priorityTone,
  priorityToneClasses,
  typeLabel,
  typeLook,
} from './notification-display.ts';

export type CardBusy = 'open' | 'read' | 'resolve' | 'delete' | null;

export function NotificationCard({
  notification,
  selected,
  busy,
  onSelect,
  onOpen,
  onMarkRead,
  onResolve,
  onDelete,
}: {
  notification: Notification;
  selected: boolean;
  /** The action of this card under way, if any. */
  busy: CardBusy;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onMarkRead: () => void;
  onResolve: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const n = notification;
  const { icon: TypeIcon, tile } = typeLook(n.type);
  const relatedLabel =
    n.relatedLabel ?? messages.card.relatedFallback(n.relatedEntityType ?? '', n.relatedEntityId ?? '');
  const unread = !n.isRead;
  // Spec §4: 'Вирішити' only where action is required and it is still open.
  const canResolve = n.actionRequired && !n.isResolved;
  const critical = n.priority === 'critical' && !n.isResolved;

  return (
    <article
      aria-labelledby={titleId}
      data-state={unread ? 'unread' : 'read'}
      className={cn(
        'relative flex gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors sm:gap-4',
        unread && 'border-primary/35 bg-primary/[0.03] dark:border-primary/45 dark:bg-primary/[0.06]',
        critical &&
          'before:absolute before:inset-y-3 before:left-0 before:w-1 before:rounded-r-full before:bg-red-500 dark:before:bg-red-400',
        selected && 'ring-2 ring-primary/40',
      )}
    >
      <Checkbox
        className="mt-2.5"
        checked={selected}
        onCheckedChange={(checked) => onSelect(checked === true)}
        aria-label={messages.selection.select(n.title)}
      />
      <span
        className={cn('mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-lg min-[420px]:flex', tile)}
        aria-hidden="true"
      >
        <TypeIcon className="size-[1.125rem]" />
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="flex min-w-0 items-center gap-2 leading-snug font-semibold break-words">
            <TypeIcon
              className={cn('size-4 shrink-0 rounded-sm min-[420px]:hidden', tile, 'bg-transparent')}
              aria-hidden="true"
            />
            {unread ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" /> : null}
            <span className="min-w-0">{n.title}</span>
          </h3>
          <time dateTime={n.createdAt} className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
            {formatNotificationDate(n.createdAt)}
          </time>
        </div>

        <div className="flex flex-wrap items-center gap-1.5">
          <Badge
            variant="outline"
            className={priorityToneClasses[priorityTone(n.priority)]}
            title={messages.card.priorityLabel(priorityLabel(n.priority))}
          >
            {priorityLabel(n.priority)}
          </Badge>
          <Badge variant="outline" className="bg-background/60">
            {typeLabel(n.type)}
          </Badge>
          {n.isResolved ? (
            <Badge
              variant="outline"
              className="border-emerald-500/30 bg-emerald-500/10 text-emerald-800 dark:border-emerald-400/30 dark:text-emerald-300"
            >
              <CircleCheckIcon aria-hidden="true" />
              {messages.card.resolved}
            </Badge>
          ) : null}
          {unread ? <Badge>{messages.card.unread}</Badge> : null}
        </div>

        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{n.message}</p>

        {n.relatedEntityType && n.relatedEntityId ? (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Link2Icon className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{messages.card.related}</span>
            {n.actionUrl ? (
              // A link (a middle click opens a new tab); a click goes the way 'Перейти' does, marking it read.
              <a
                href={n.actionUrl}
                className="break-words text-primary underline-offset-4 hover:underline"
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  onOpen();
                }}
              >
                {relatedLabel}
              </a>
            ) : (
              <span className="break-words">{relatedLabel}</span>
            )}
          </p>
        ) : null}

        <div className="flex flex-wrap items-center gap-2 pt-1">
          {n.actionUrl ? (
            <Button variant="outline" size="sm" onClick={onOpen} disabled={busy === 'open'}>
              {busy === 'open' ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <ExternalLinkIcon aria-hidden="true" />
              )}
              {messages.actions.open}
            </Button>
          ) : null}
          {unread ? (
            <Button variant="outline" size="sm" onClick={onMarkRead} disabled={busy === 'read'}>
              {busy === 'read' ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <CheckIcon aria-hidden="true" />
              )}
              {messages.actions.markRead}
            </Button>
          ) : null}
          {canResolve ? (
            <Button variant="secondary" size="sm" onClick={onResolve} disabled={busy === 'resolve'}>
              {busy === 'resolve' ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <CircleCheckIcon aria-hidden="true" />
              )}
              {messages.actions.resolve}
            </Button>
          ) : null}
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="ml-auto size-8 text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-400"
                aria-label={messages.actions.delete}
                onClick={onDelete}
                disabled={busy === 'delete'}
              >
                {busy === 'delete' ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <Trash2Icon aria-hidden="true" />
                )}
              </Button>
            </TooltipTrigger>
            <TooltipContent>{messages.actions.delete}</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </article>
  );
}
