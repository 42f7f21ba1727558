// The Nova Poshta card of /integrations: whether the key is saved, our sender, the directory's size and its last
// refresh, the last tracking run; 'Перевірити з'єднання' (the stored key against Nova Poshta), 'Оновити довідник' and
// the settings dialog the shipments page opens too.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlugZapIcon, RefreshCwIcon, SettingsIcon, TruckIcon } from 'lucide-react';
import type { NpSettings } from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { NpSettingsDialog, novaPoshtaApi, npSettingsQueryKey } from '@/modules/shipments/web/index.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { IntegrationAction, IntegrationCard } from '@/web/components/integration-card.tsx';
import { integrationsWebMessages as m } from './integrations-web.messages.ts';

export function NpCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<NpSettings>({ queryKey: npSettingsQueryKey });
  const queryClient = useQueryClient();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const test = useMutation({
    mutationFn: () => novaPoshtaApi.test(),
    onSuccess: (result) => toast({ title: result.message, variant: result.valid ? 'default' : 'destructive' }),
    onError: (error) => toast({ title: serverMessageOf(error) ?? m.np.test, variant: 'destructive' }),
  });
  const refresh = useMutation({
    mutationFn: () => novaPoshtaApi.refreshDirectory(),
    onSuccess: (result) => {
      toast({ title: result.message });
      void queryClient.invalidateQueries({ queryKey: npSettingsQueryKey });
    },
    onError: (error) => toast({ title: serverMessageOf(error) ?? m.np.refresh, variant: 'destructive' }),
  });
  const s = query.data;
  const facts = s
    ? [
        { label: m.np.title, value: s.hasApiKey ? m.np.keySaved : m.np.noKey },
        {
          label: m.np.sender,
          value: s.senderReady
            ? [s.senderCounterpartyName, s.senderCityName].filter(Boolean).join(', ')
            : m.np.senderMissing,
        },
        { label: m.np.directory, value: m.np.directoryCounts(s.settlementCount, s.warehouseCount) },
        {
          label: m.np.lastRefresh,
          value: s.lastDirectoryRefreshAt ? formatTimestampUk(s.lastDirectoryRefreshAt) : m.never,
        },
        { label: m.np.lastTracking, value: s.lastTrackingAt ? formatTimestampUk(s.lastTrackingAt) : m.never },
      ]
    : [];
  const busy = test.isPending || refresh.isPending;
  return (
    <IntegrationCard
      title={m.np.title}
      description={m.np.description}
      icon={TruckIcon}
      state={!s ? 'unconfigured' : s.hasApiKey && s.senderReady ? 'on' : 'unconfigured'}
      facts={facts}
      runs={s?.runs}
      actions={
        <>
          <IntegrationAction
            icon={PlugZapIcon}
            pending={test.isPending}
            disabled={!s?.hasApiKey || busy}
            onClick={() => test.mutate()}
          >
            {m.np.test}
          </IntegrationAction>
          {canChange ? (
            <IntegrationAction
              icon={RefreshCwIcon}
              pending={refresh.isPending}
              disabled={!s?.hasApiKey || busy}
              onClick={() => refresh.mutate()}
            >
              {m.np.refresh}
            </IntegrationAction>
          ) : null}
          <IntegrationAction icon={SettingsIcon} variant="ghost" onClick={() => setSettingsOpen(true)}>
            {m.settings}
          </IntegrationAction>
        </>
      }
    >
      <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.loadError} retryText={m.retry} />
      {settingsOpen ? <NpSettingsDialog canChange={canChange} onClose={() => setSettingsOpen(false)} /> : null}
    </IntegrationCard>
  );
}
