// The inbound webhooks' cards of /integrations (reports-admin.md §15 'Inbound webhooks'): per system (BAS / 1С,
// Бітрікс24) whether it is on, whether a secret is saved, the address to give the system, how many requests were
// taken and the last ones; the dialog switches it and sets the secret (write-only: typed, never shown).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SettingsIcon, WebhookIcon } from 'lucide-react';
import { SettingsDialog, SettingsForm, SettingsSwitch } from '@/web/components/settings-dialog.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import type { WebhookEvent, WebhookSettingsInput, WebhookSystemSettings } from '../integrations.contract.ts';
import type { WebhookSystem } from '../integrations.messages.ts';
import { IntegrationCard } from '@/web/components/integration-card.tsx';
import { integrationsApi, webhookEventsQueryKey, webhookSettingsQueryKey } from './integrations.api.ts';
import { integrationsWebMessages as m } from './integrations-web.messages.ts';

const w = m.webhooks;

export function WebhookCards({ canChange }: { canChange: boolean }) {
  const query = useQuery<WebhookSystemSettings[]>({ queryKey: webhookSettingsQueryKey });
  const [editing, setEditing] = useState<WebhookSystem | null>(null);
  if (!query.data) {
    return <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.loadError} retryText={m.retry} />;
  }
  return (
    <>
      {query.data.map((s) => (
        <WebhookCard key={s.system} settings={s} canChange={canChange} onEdit={() => setEditing(s.system)} />
      ))}
      {editing ? (
        <SettingsDialog<WebhookSystemSettings[]>
          texts={{
            title: w.dialogTitle(query.data.find((s) => s.system === editing)!.label),
            description: w.dialogDescription,
            loading: w.loading,
            saved: w.saved,
            failed: w.failed,
            cancel: w.cancel,
            save: w.save,
          }}
          queryKey={webhookSettingsQueryKey}
          cache={{}}
          className="sm:max-w-lg"
          onClose={() => setEditing(null)}
        >
          {(all) => <WebhookForm settings={all.find((s) => s.system === editing)!} />}
        </SettingsDialog>
      ) : null}
    </>
  );
}

function WebhookCard({
  settings: s,
  canChange,
  onEdit,
}: {
  settings: WebhookSystemSettings;
  canChange: boolean;
  onEdit: () => void;
}) {
  const events = useQuery<WebhookEvent[]>({ queryKey: webhookEventsQueryKey(s.system) });
  const address = `${window.location.origin}${s.path}`;
  return (
    <IntegrationCard
      title={s.label}
      description={w.description}
      icon={WebhookIcon}
      state={!s.hasSecret ? 'unconfigured' : s.enabled ? 'on' : 'off'}
      facts={[
        { label: w.address, value: <code className="text-xs break-all">{address}</code> },
        { label: s.hasSecret ? w.secretSaved : w.noSecret, value: w.events(s.events) },
        { label: m.lastEvent, value: s.lastEventAt ? formatTimestampUk(s.lastEventAt) : m.never },
      ]}
      actions={
        canChange ? (
          <Button type="button" variant="ghost" onClick={onEdit}>
            <SettingsIcon aria-hidden="true" />
            {m.settings}
          </Button>
        ) : undefined
      }
    >
      <p className="text-xs text-muted-foreground">{w.howTo}</p>
      {events.data?.length ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">{w.recent}</p>
          <ul className="grid gap-0.5 text-sm">
            {events.data.slice(0, 5).map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-2">
                <span className="text-muted-foreground">{formatTimestampUk(e.receivedAt)}</span>
                <span>
                  {e.externalId}, {w.version} {e.version} → {w.order} {e.documentNumber ?? e.documentId}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </IntegrationCard>
  );
}

function WebhookForm({ settings: s }: { settings: WebhookSystemSettings }) {
  const id = useId();
  const [enabled, setEnabled] = useState(s.enabled);
  const [secret, setSecret] = useState('');
  const [clear, setClear] = useState(false);
  const [secretError, setSecretError] = useState<string | null>(null);
  return (
    <SettingsForm<WebhookSettingsInput>
      save={(patch) => integrationsApi.saveWebhookSettings(s.system, patch).then(() => undefined)}
      submit={() => {
        const patch: WebhookSettingsInput = {};
        if (enabled !== s.enabled) patch.enabled = enabled;
        if (clear) patch.secret = null;
        else if (secret.trim()) {
          if (secret.trim().length < 32) {
            setSecretError(w.secretFormat);
            return null;
          }
          patch.secret = secret.trim();
        }
        return patch;
      }}
      invalidates={(q) => q.queryKey[0] === webhookSettingsQueryKey[0]}
      fieldErrors={{ secret: setSecretError }}
    >
      <SettingsSwitch
        id={`${id}-enabled`}
        label={w.enabledLabel}
        hint={w.enabledHint}
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-secret`}>{w.secretLabel}</Label>
        <Input
          id={`${id}-secret`}
          type="password"
          autoComplete="new-password"
          value={secret}
          disabled={clear}
          placeholder={s.hasSecret ? w.secretPlaceholderSaved : w.secretPlaceholder}
          aria-invalid={secretError ? true : undefined}
          aria-describedby={secretError ? `${id}-secret-error` : undefined}
          onChange={(event) => {
            setSecret(event.target.value);
            setSecretError(null);
          }}
        />
        <FieldMessage id={`${id}-secret-error`} error={secretError ?? undefined} />
        {s.hasSecret ? (
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setClear((v) => !v)}>
            {clear ? w.cancel : w.clearSecret}
          </Button>
        ) : null}
        {clear ? <p className="text-sm text-muted-foreground">{w.secretCleared}</p> : null}
      </div>
    </SettingsForm>
  );
}
