// The user's own active sessions (reports-admin.md §19) and 'Завершити інші сеанси'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { Loader2Icon, LogOutIcon, MonitorIcon, SmartphoneIcon } from 'lucide-react';
import type { SessionInfo } from '@/modules/profile/profile.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { describeDevice, isMobileAgent } from './device.ts';
import { activityQueryKey, profileApi, sessionsQueryKey } from './profile.api.ts';
import { profileMessages } from './profile.messages.ts';

const messages = profileMessages.sessions;

function formatWhen(value: string): string {
  return format(new Date(value), 'dd.MM.yyyy HH:mm', { locale: uk });
}

export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessionsQuery = useQuery<SessionInfo[]>({ queryKey: sessionsQueryKey });
  // The current session first, then the most recently active.
  const sessions = [...(sessionsQuery.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
  const others = sessions.filter((session) => !session.current).length;

  const endOthers = useMutation({
    mutationFn: profileApi.endOtherSessions,
    onSuccess: async (answer) => {
      toast({ title: messages.ended, description: messages.endedCount(answer.ended) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: profileMessages.errorTitle,
        description: serverMessageOf(error) ?? messages.endFailed,
      }),
  });

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
          query={sessionsQuery}
          loadingText={messages.loading}
          errorText={messages.loadError}
          retryText={profileMessages.retry}
        />
        {!sessionsQuery.data ? null : (
          <ul className="grid gap-2">
            {sessions.map((session) => {
              const Icon = isMobileAgent(session.userAgent) ? SmartphoneIcon : MonitorIcon;
              return (
                <li
                  key={session.id}
                  className={cn(
                    'flex items-start gap-3 rounded-lg border p-3',
                    session.current && 'border-primary/40 bg-primary/5',
                  )}
                >
                  <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="grid min-w-0 gap-0.5 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span title={session.userAgent ?? undefined}>{describeDevice(session.userAgent)}</span>
                      {session.current ? (
                        <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:text-emerald-400">
                          {messages.current}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-muted-foreground">
                      {messages.ip}: {session.ip ?? messages.unknownIp}
                      {session.remember ? ` · ${messages.remembered}` : ''}
                    </p>
                    <p className="text-muted-foreground">
                      {messages.lastSeen(formatWhen(session.lastSeenAt))} ·{' '}
                      {messages.signedIn(formatWhen(session.createdAt))}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {sessionsQuery.isSuccess ? (
        <CardFooter className="flex-wrap gap-3">
          <Button variant="outline" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOutIcon aria-hidden="true" />
            )}
            {endOthers.isPending ? messages.ending : messages.endOthers}
          </Button>
          {others === 0 ? <p className="text-sm text-muted-foreground">{messages.noOthers}</p> : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
