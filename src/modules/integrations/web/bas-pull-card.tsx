// The BAS / 1C HTTP-service pull's card on /integrations (reports-admin.md §15 'BAS / 1C' 2.): on or off, the
// service's address and user, the window and the schedule, the last run and error, the run log; 'Перевірити
// з'єднання', 'Запустити зараз' and the settings dialog (the password write-only). Codes the runs could not map wait
// in 'Зіставлення позицій' below.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseZapIcon, PlayIcon, PlugZapIcon, SettingsIcon } from 'lucide-react';
import type { BodyInput } from '@/shared/endpoint.ts';
import { IntegrationAction, IntegrationCard } from '@/web/components/integration-card.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  SettingsSwitch,
} from '@/web/components/settings-dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { callEndpoint, endpointKey, serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { BasPullSettings } from '../bas-pull.contract.ts';
import { basPullEndpoints as api } from '../bas-pull.endpoints.ts';
import { integrationsWebMessages } from './integrations-web.messages.ts';

const m = integrationsWebMessages.basPull;
const settingsKey = endpointKey(api.basPull);

export function BasPullCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<BasPullSettings>({ queryKey: settingsKey });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const say = (r: { ok: boolean; message: string }) =>
    toast({ title: r.message, variant: r.ok ? 'default' : 'destructive' });
  const fail = (error: unknown) => toast({ title: serverMessageOf(error) ?? m.failed, variant: 'destructive' });
  const test = useMutation({ mutationFn: () => callEndpoint(api.testBasPull), onSuccess: say, onError: fail });
  const run = useMutation({
    mutationFn: () => callEndpoint(api.runBasPull),
    onSuccess: (r) => {
      say(r);
      void queryClient.invalidateQueries({ queryKey: settingsKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/integrations/mappings'] });
    },
    onError: fail,
  });
  const s = query.data;
  const configured = Boolean(s?.baseUrl && s.username && s.hasPassword);
  const busy = test.isPending || run.isPending;
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
        <>
          <IntegrationAction
            icon={PlugZapIcon}
            pending={test.isPending}
            disabled={!configured || busy}
            onClick={() => test.mutate()}
          >
            {m.test}
          </IntegrationAction>
          {canChange ? (
            <>
              <IntegrationAction
                icon={PlayIcon}
                pending={run.isPending}
                disabled={!configured || busy}
                onClick={() => run.mutate()}
              >
                {m.runNow}
              </IntegrationAction>
              <IntegrationAction icon={SettingsIcon} variant="ghost" onClick={() => setEditing(true)}>
                {m.settings}
              </IntegrationAction>
            </>
          ) : null}
        </>
      }
    >
      <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.failed} retryText={m.retry} />
      {editing ? (
        <SettingsDialog<BasPullSettings>
          texts={{
            title: m.dialogTitle,
            description: m.dialogDescription,
            loading: m.loading,
            saved: m.saved,
            failed: m.failed,
            cancel: m.cancel,
            save: m.save,
          }}
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{m.address}</Label>
        <Input
          id={`${id}-url`}
          value={baseUrl}
          placeholder="https://bas.example.ua/base/hs/erp"
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-user`}>{m.user}</Label>
        <Input id={`${id}-user`} autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{m.password}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          placeholder={s.hasPassword ? m.passwordSaved : m.passwordNone}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
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
