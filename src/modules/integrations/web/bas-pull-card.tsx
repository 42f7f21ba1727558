// The BAS / 1C HTTP-service pull's card on /integrations (reports-admin.md §15 'BAS / 1C' 2.): on or off, the
// service's address and user, the window and the schedule, the last run and error, the run log; 'Перевірити
// з'єднання', 'Запустити зараз' and the settings dialog (the password write-only). Codes the runs could not map wait
// in 'Зіставлення позицій' below.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatabaseZapIcon } from 'lucide-react';
import type { BodyInput } from '@/shared/endpoint.ts';
import { IntegrationCard, IntegrationCheckActions, useIntegrationChecks } from '@/web/components/integration-card.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  SettingsSecretField,
  SettingsSwitch,
  SettingsTextField,
} from '@/web/components/settings-dialog.tsx';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import type { BasPullSettings } from '../bas-pull.contract.ts';
import { basPullEndpoints as api } from '../bas-pull.endpoints.ts';
import { integrationsWebMessages } from './integrations-web.messages.ts';

const m = integrationsWebMessages.basPull;
const settingsKey = endpointKey(api.basPull);

export function BasPullCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<BasPullSettings>({ queryKey: settingsKey });
  const [editing, setEditing] = useState(false);
  const checks = useIntegrationChecks({
    test: () => callEndpoint(api.testBasPull),
    run: () => callEndpoint(api.runBasPull),
    refresh: [settingsKey, ['/api/integrations/mappings']],
    failed: m.failed,
  });
  const s = query.data;
  const configured = Boolean(s?.baseUrl && s.username && s.hasPassword);
  return (
    <IntegrationCard
      title={m.title}
      description={m.description}
      icon={DatabaseZapIcon}
      state={!configured ? 'unconfigured' : s!.enabled ? 'on' : 'off'}
      facts={
        s
          ? [
              { label: m.address, value: s.baseUrl ?? m.none },
              { label: m.user, value: s.username ?? m.none },
              { label: m.schedule, value: m.scheduleValue(s.everyMinutes, s.windowDays) },
              { label: m.lastRun, value: s.lastRunAt ? formatTimestampUk(s.lastRunAt) : m.never },
              { label: m.lastError, value: s.lastError ?? m.none },
            ]
          : []
      }
      runs={s?.runs}
      actions={
        <IntegrationCheckActions
          checks={checks}
          ready={{ test: configured, run: configured }}
          canChange={canChange}
          onSettings={() => setEditing(true)}
        />
      }
    >
      <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.failed} retryText={m.retry} />
      {editing ? (
        <SettingsDialog<BasPullSettings>
          texts={{ ...m, title: m.dialogTitle, description: m.dialogDescription }}
          queryKey={settingsKey}
          cache={{}}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
          onClose={() => setEditing(false)}
        >
          {(settings) => <BasPullForm settings={settings} />}
        </SettingsDialog>
      ) : null}
    </IntegrationCard>
  );
}

function BasPullForm({ settings: s }: { settings: BasPullSettings }) {
  const id = useId();
  const [enabled, setEnabled] = useState(s.enabled);
  const [baseUrl, setBaseUrl] = useState(s.baseUrl ?? '');
  const [username, setUsername] = useState(s.username ?? '');
  const [password, setPassword] = useState('');
  const [days, setDays] = useState(String(s.windowDays));
  return (
    <SettingsForm
      submitOnEnter={false}
      save={(patch: BodyInput<typeof api.saveBasPull>) => callEndpoint(api.saveBasPull, { body: patch })}
      submit={() => {
        if (!/^\d+$/.test(days)) return m.daysNumber;
        return {
          enabled,
          baseUrl: baseUrl.trim() || null,
          username: username.trim() || null,
          windowDays: Number(days),
          ...(password ? { password } : {}),
        };
      }}
    >
      <SettingsSwitch
        id={`${id}-enabled`}
        label={m.enabled}
        hint={m.enabledHint}
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <SettingsTextField
        id={`${id}-url`}
        label={m.address}
        value={baseUrl}
        placeholder="https://bas.example.ua/base/hs/erp"
        onChange={setBaseUrl}
      />
      <SettingsTextField id={`${id}-user`} label={m.user} autoComplete="off" value={username} onChange={setUsername} />
      <SettingsSecretField
        id={`${id}-password`}
        label={m.password}
        value={password}
        saved={s.hasPassword}
        placeholders={{ saved: m.passwordSaved, none: m.passwordNone }}
        onChange={setPassword}
      />
      <SettingsNumberField
        id={`${id}-days`}
        label={m.days}
        hint={m.daysHint}
        error={undefined}
        value={days}
        onChange={setDays}
      />
    </SettingsForm>
  );
}
