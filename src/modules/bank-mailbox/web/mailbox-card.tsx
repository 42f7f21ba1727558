// The bank mailbox's card on /integrations (reports-admin.md §15 'Bank mailbox'): enabled, server and folder, allowed
// senders, last poll, last UID and error; 'Перевірити з'єднання', 'Запустити зараз' and the settings dialog (the
// IMAP password write-only). The letters themselves are examined on /bank-email-test.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
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
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import type { MailboxSettings } from '../bank-mailbox.contract.ts';
import { bankEmailTestApi, mailboxSettingsKey, mailboxSummaryKey } from './bank-email-test.api.ts';
import { mailboxCardMessages as m } from './mailbox-card.messages.ts';

export function BankMailboxCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<MailboxSettings>({ queryKey: mailboxSettingsKey });
  const [editing, setEditing] = useState(false);
  const checks = useIntegrationChecks({
    test: bankEmailTestApi.testMailbox,
    run: bankEmailTestApi.pollMailbox,
    refresh: [mailboxSettingsKey, mailboxSummaryKey],
    failed: m.failed,
  });
  const s = query.data;
  return (
    <IntegrationCard
      title={m.title}
      description={m.description}
      icon={MailIcon}
      state={!s?.host || !s.hasPassword ? 'unconfigured' : s.enabled ? 'on' : 'off'}
      facts={
        s
          ? [
              { label: m.server, value: s.host ? `${s.host}:${s.port}, ${s.folder}` : m.none },
              { label: m.senders, value: s.allowedSenders.join(', ') || m.anySender },
              { label: m.lastPoll, value: s.lastPollAt ? formatTimestampUk(s.lastPollAt) : m.never },
              { label: m.lastUid, value: String(s.lastUid) },
              { label: m.lastError, value: s.lastError ?? m.none },
            ]
          : []
      }
      runs={s?.runs}
      actions={
        <IntegrationCheckActions
          checks={checks}
          ready={{ test: Boolean(s?.host), run: Boolean(s?.host) }}
          canChange={canChange}
          onSettings={() => setEditing(true)}
        />
      }
    >
      <InlineQueryStatus query={query} loadingText={m.loading} errorText={m.failed} retryText={m.retry} />
      {editing ? (
        <SettingsDialog<MailboxSettings>
          texts={{ ...m, title: m.dialogTitle, description: m.dialogDescription }}
          queryKey={mailboxSettingsKey}
          cache={{}}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
          onClose={() => setEditing(false)}
        >
          {(settings) => <MailboxForm settings={settings} />}
        </SettingsDialog>
      ) : null}
    </IntegrationCard>
  );
}

function MailboxForm({ settings: s }: { settings: MailboxSettings }) {
  const id = useId();
  const [enabled, setEnabled] = useState(s.enabled);
  const [host, setHost] = useState(s.host ?? '');
  const [port, setPort] = useState(String(s.port));
  const [tls, setTls] = useState(s.tls);
  const [username, setUsername] = useState(s.username ?? '');
  const [password, setPassword] = useState('');
  const [folder, setFolder] = useState(s.folder);
  const [senders, setSenders] = useState(s.allowedSenders.join(', '));
  const [minutes, setMinutes] = useState(String(s.pollMinutes));
  return (
    <SettingsForm
      submitOnEnter={false}
      save={(patch) => bankEmailTestApi.saveMailbox(patch)}
      invalidates={(q) => q.queryKey[0] === mailboxSummaryKey[0]}
      submit={() => {
        if (!/^\d+$/.test(port) || !/^\d+$/.test(minutes)) return m.numbers;
        return {
          enabled,
          host,
          port: Number(port),
          tls,
          username,
          folder: folder.trim() || 'INBOX',
          allowedSenders: senders
            .split(/[,;\s]+/)
            .map((v) => v.trim())
            .filter(Boolean),
          pollMinutes: Number(minutes),
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
        id={`${id}-host`}
        label={m.host}
        value={host}
        placeholder="imap.example.com"
        onChange={setHost}
      />
      <SettingsNumberField
        id={`${id}-port`}
        label={m.port}
        hint={m.portHint}
        error={undefined}
        value={port}
        onChange={setPort}
      />
      <SettingsSwitch id={`${id}-tls`} label={m.tls} hint={m.tlsHint} checked={tls} onCheckedChange={setTls} />
      <SettingsTextField
        id={`${id}-user`}
        label={m.username}
        autoComplete="off"
        value={username}
        onChange={setUsername}
      />
      <SettingsSecretField
        id={`${id}-password`}
        label={m.password}
        value={password}
        saved={s.hasPassword}
        placeholders={{ saved: m.passwordSaved, none: m.passwordNone }}
        onChange={setPassword}
      />
      <SettingsTextField id={`${id}-folder`} label={m.folder} value={folder} onChange={setFolder} />
      <SettingsTextField
        id={`${id}-senders`}
        label={m.sendersLabel}
        value={senders}
        placeholder="notify@ukrsibbank.com"
        onChange={setSenders}
      />
      <SettingsNumberField
        id={`${id}-minutes`}
        label={m.minutes}
        hint={m.minutesHint}
        error={undefined}
        value={minutes}
        onChange={setMinutes}
      />
    </SettingsForm>
  );
}
