// One integration's card on /integrations (reports-admin.md §15): its name and what it does, whether it is on, a few
// facts (the key is saved, the last run, the counts), its run log and its buttons. Each integration's own card (in its own module:
// Nova Poshta, the webhooks, the bank mailbox, NBU rates) fills these parts.
import type { ReactNode } from 'react';
import { Loader2Icon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button, type ButtonProps } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
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
