// The bank mailbox's card on /integrations (reports-admin.md §15 'Bank mailbox'): enabled, server and folder, allowed
// senders, last poll, last UID and error; 'Перевірити з'єднання', 'Запустити зараз' and the settings dialog (the
// IMAP password write-only). The letters themselves are examined on /bank-email-test.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailIcon, PlayIcon, PlugZapIcon, SettingsIcon } from 'lucide-react';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { MailboxSettings } from '../bank-mailbox.contract.ts';
import { bankEmailTestApi, mailboxSettingsKey, mailboxSummaryKey } from './bank-email-test.api.ts';
import { mailboxCardMessages as m } from './mailbox-card.messages.ts';

export function BankMailboxCard({ canChange }: { canChange: boolean }) {
  const query = useQuery<MailboxSettings>({ queryKey: mailboxSettingsKey });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const say = (result: { ok: boolean; message: string }) =>
    toast({ title: result.message, variant: result.ok ? 'default' : 'destructive' });
  const fail = (error: unknown) => toast({ title: serverMessageOf(error) ?? m.failed, variant: 'destructive' });
  const test = useMutation({ mutationFn: bankEmailTestApi.testMailbox, onSuccess: say, onError: fail });
  const poll = useMutation({
    mutationFn: bankEmailTestApi.pollMailbox,
    onSuccess: (r) => {
      say(r);
      void queryClient.invalidateQueries({ queryKey: mailboxSettingsKey });
      void queryClient.invalidateQueries({ queryKey: mailboxSummaryKey });
    },
    onError: fail,
  });
  const s = query.data;
  const busy = test.isPending || poll.isPending;
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
        <>
          <IntegrationAction
            icon={PlugZapIcon}
            pending={test.isPending}
            disabled={!s?.host || busy}
            onClick={() => test.mutate()}
          >
            {m.test}
          </IntegrationAction>
          {canChange ? (
            <>
              <IntegrationAction
                icon={PlayIcon}
                pending={poll.isPending}
                disabled={!s?.host || busy}
                onClick={() => poll.mutate()}
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
        <SettingsDialog<MailboxSettings>
          texts={{
            title: m.dialogTitle,
            description: m.dialogDescription,
            loading: m.loading,
            saved: m.saved,
            failed: m.failed,
            cancel: m.cancel,
            save: m.save,
          }}
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-host`}>{m.host}</Label>
        <Input
          id={`${id}-host`}
          value={host}
          placeholder="imap.example.com"
          onChange={(e) => setHost(e.target.value)}
        />
      </div>
      <SettingsNumberField
        id={`${id}-port`}
        label={m.port}
        hint={m.portHint}
        error={undefined}
        value={port}
        onChange={setPort}
      />
      <SettingsSwitch id={`${id}-tls`} label={m.tls} hint={m.tlsHint} checked={tls} onCheckedChange={setTls} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-user`}>{m.username}</Label>
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-folder`}>{m.folder}</Label>
        <Input id={`${id}-folder`} value={folder} onChange={(e) => setFolder(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-senders`}>{m.sendersLabel}</Label>
        <Input
          id={`${id}-senders`}
          value={senders}
          placeholder="notify@ukrsibbank.com"
          onChange={(e) => setSenders(e.target.value)}
        />
      </div>
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
