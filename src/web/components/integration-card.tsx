// One integration's card on /integrations (reports-admin.md §15): its name and what it does, whether it is on, a few
// facts (the key is saved, the last run, the counts), its run log and its buttons. Each integration's own card (in its own module:
// Nova Poshta, the webhooks, the bank mailbox, NBU rates) fills these parts; the cards that check and run an exchange
// take those two buttons and their toasts from here (useIntegrationChecks, IntegrationCheckActions).
import type { ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Loader2Icon, PlayIcon, PlugZapIcon, SettingsIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button, type ButtonProps } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import type { IntegrationRunRow } from '@/shared/integration-run.ts';

const m = uiMessages.integration;

export type IntegrationState = 'on' | 'off' | 'unconfigured';

const stateBadge: Record<IntegrationState, { label: string; variant: 'default' | 'secondary' | 'outline' }> = {
  on: { label: m.enabled, variant: 'default' },
  off: { label: m.disabled, variant: 'secondary' },
  unconfigured: { label: m.notConfigured, variant: 'outline' },
};

export function IntegrationCard({
  title,
  description,
  icon: Icon,
  state,
  facts,
  runs,
  actions,
  children,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  state: IntegrationState;
  /** Label and value pairs, one line each. */
  facts: ReadonlyArray<{ label: string; value: ReactNode }>;
  /** The run log, shown folded under the facts. */
  runs?: readonly IntegrationRunRow[];
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const badge = stateBadge[state];
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {title}
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-1.5 text-sm">
          {facts.map((fact) => (
            <div key={fact.label} className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">{fact.label}:</dt>
              <dd className="min-w-0 break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
        {runs?.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">{m.runs}</summary>
            <ul className="mt-2 grid gap-1">
              {runs.map((r) => (
                <li key={r.id} className="break-words">
                  <span className="tabular-nums">{formatTimestampUk(r.finishedAt)}</span> ·{' '}
                  {r.trigger === 'manual' ? m.manualRun : m.scheduleRun} ·{' '}
                  <span className={r.ok ? undefined : 'text-destructive dark:text-red-400'}>
                    {r.ok ? m.runOk : m.runFailed}
                  </span>
                  : {r.message}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {children}
      </CardContent>
      {actions ? <CardFooter className="flex flex-wrap gap-2">{actions}</CardFooter> : null}
    </Card>
  );
}

/**
 * One of a card's buttons ('Перевірити з'єднання', 'Запустити зараз', the settings): its icon, or a spinner while its
 * request runs. Outlined unless told otherwise.
 */
export function IntegrationAction({
  icon: Icon,
  pending = false,
  variant = 'outline',
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'asChild'> & { icon: LucideIcon; pending?: boolean }) {
  return (
    <Button type="button" variant={variant} {...props}>
      {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {children}
    </Button>
  );
}

/** What a check or a run of an integration answers: whether it went well, and what to tell the user. */
export interface IntegrationOutcome {
  ok: boolean;
  message: string;
}

/**
 * A card's 'Перевірити з'єднання' and 'Запустити зараз': each tells its outcome in a toast — red when it went wrong,
 * or with the server's message (else `failed`) when the request itself failed — and a run then refreshes the queries
 * under `refresh` (the card's own settings, and what the run brought in). `fail` tells any other request's failure
 * the same way (a card's switch).
 */
export function useIntegrationChecks({
  test,
  run,
  refresh,
  failed,
}: {
  test: () => Promise<IntegrationOutcome>;
  run: () => Promise<IntegrationOutcome>;
  refresh: readonly QueryKey[];
  failed: string;
}) {
  const queryClient = useQueryClient();
  const say = (outcome: IntegrationOutcome) =>
    toast({ title: outcome.message, variant: outcome.ok ? 'default' : 'destructive' });
  const fail = (error: unknown) => toast({ title: serverMessageOf(error) ?? failed, variant: 'destructive' });
  const testing = useMutation({ mutationFn: test, onSuccess: say, onError: fail });
  const running = useMutation({
    mutationFn: run,
    onSuccess: (outcome) => {
      say(outcome);
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    },
    onError: fail,
  });
  return { test: testing, run: running, busy: testing.isPending || running.isPending, fail };
}

export type IntegrationChecks = ReturnType<typeof useIntegrationChecks>;

/**
 * The card's usual buttons: 'Перевірити з'єднання'; for a user who may change the integration 'Запустити зараз' and,
 * with `onSettings`, 'Налаштування'; then `children` (a switch, a link). Neither check starts while the other runs
 * (`busy`, which also holds the card's other requests) or before the integration is `ready` to be reached.
 */
export function IntegrationCheckActions({
  checks,
  ready,
  busy = checks.busy,
  canChange,
  onSettings,
  children,
}: {
  checks: IntegrationChecks;
  ready: { test: boolean; run: boolean };
  busy?: boolean;
  canChange: boolean;
  onSettings?: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <IntegrationAction
        icon={PlugZapIcon}
        pending={checks.test.isPending}
        disabled={!ready.test || busy}
        onClick={() => checks.test.mutate()}
      >
        {m.test}
      </IntegrationAction>
      {canChange ? (
        <>
          <IntegrationAction
            icon={PlayIcon}
            pending={checks.run.isPending}
            disabled={!ready.run || busy}
            onClick={() => checks.run.mutate()}
          >
            {m.runNow}
          </IntegrationAction>
          {onSettings ? (
            <IntegrationAction icon={SettingsIcon} variant="ghost" onClick={onSettings}>
              {m.settings}
            </IntegrationAction>
          ) : null}
        </>
      ) : null}
      {children}
    </>
  );
}
