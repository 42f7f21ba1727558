// The NBU rates card on /integrations (reports-admin.md §15 'NBU rates'): on or off, the schedule (16:30 and 09:00
// Kyiv), the currencies marked 'Курс НБУ щодня', the last run and error, failures in a row and the run log;
// 'Перевірити з'єднання' (asks NBU, stores nothing), 'Запустити зараз' and the switch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LandmarkIcon, PowerIcon } from 'lucide-react';
import { Link } from 'wouter';
import {
  IntegrationAction,
  IntegrationCard,
  IntegrationCheckActions,
  useIntegrationChecks,
} from '@/web/components/integration-card.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { NbuSettings } from '../currency-rates.contract.ts';
import { currencyRatesApi, nbuKey, ratesListPrefix } from './currency-rates.api.ts';
import { currencyRatesWebMessages } from './currency-rates-web.messages.ts';

const m = currencyRatesWebMessages.card;

export function NbuRatesCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<NbuSettings>({ queryKey: nbuKey });
  const queryClient = useQueryClient();
  const checks = useIntegrationChecks({
    test: currencyRatesApi.testNbu,
    run: currencyRatesApi.runNbu,
    refresh: [nbuKey, [ratesListPrefix]],
    failed: m.lastError,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => currencyRatesApi.saveNbu(enabled),
    onSuccess: (saved) => {
      queryClient.setQueryData(nbuKey, saved);
      toast({ title: saved.enabled ? m.enabledSaved : m.disabledSaved });
    },
    onError: checks.fail,
  });
  const s = query.data;
  const busy = checks.busy || toggle.isPending;
  return (
    <IntegrationCard
      title={m.title}
      description={m.description}
      icon={LandmarkIcon}
      state={!s ? 'off' : s.currencies.length === 0 ? 'unconfigured' : s.enabled ? 'on' : 'off'}
      facts={
        s
          ? [
              { label: m.schedule, value: m.scheduleValue(s.runTimes) },
              { label: m.currencies, value: s.currencies.join(', ') || m.none },
              { label: m.lastRun, value: s.lastRunAt ? formatTimestampUk(s.lastRunAt) : m.never },
              { label: m.lastError, value: s.lastError ?? m.none },
              { label: m.failures, value: String(s.failuresInARow) },
            ]
          : []
      }
      runs={s?.runs}
      actions={
        <IntegrationCheckActions
          checks={checks}
          ready={{ test: true, run: Boolean(s?.currencies.length) }}
          busy={busy}
          canChange={canChange}
        >
          {canChange ? (
            <IntegrationAction
              icon={PowerIcon}
              variant="ghost"
              pending={toggle.isPending}
              disabled={busy || !s}
              onClick={() => toggle.mutate(!s!.enabled)}
            >
              {s?.enabled ? m.disable : m.enable}
            </IntegrationAction>
          ) : null}
          <Button asChild variant="link">
            <Link href="/currency-rates">{m.openRates}</Link>
          </Button>
        </IntegrationCheckActions>
      }
    >
      <InlineQueryStatus
        query={query}
        loadingText={currencyRatesWebMessages.loading}
        errorText={currencyRatesWebMessages.loadError}
        retryText={currencyRatesWebMessages.retry}
      />
    </IntegrationCard>
  );
}
