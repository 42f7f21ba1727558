// The rule's dialog on /email-notifications (reports-admin.md §14): on/off, the recipients (roles, users, the
// client's contacts, the order's manager, extra addresses), the subject and body with the event's placeholders
// (a click inserts one at the cursor), the delivery, the preview with sample data and 'Надіслати тест'.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeIcon, Loader2Icon, SaveIcon, SendIcon } from 'lucide-react';
import { FormField } from '@/web/components/document-fields.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import {
  emailRuleBodySchema,
  emailRuleTestBodySchema,
  type EmailPreview,
  type EmailRule,
  type EmailRuleInput,
  type EmailRuleTestResult,
  type RecipientOptions,
} from '../email-notifications.contract.ts';
import { emailDeliveries, emailDeliveryLabels } from '../email-notifications.messages.ts';
import { emailNotificationsApi, emailRulesKey, recipientOptionsKey } from './email-notifications.api.ts';
import { emailNotificationsWebMessages as m } from './email-notifications-web.messages.ts';

/** The rule as the body of its PUT. */
export function ruleInput(rule: EmailRule): EmailRuleInput {
  return {
    isEnabled: rule.isEnabled,
    recipients: {
      roles: rule.recipients.roles,
      userIds: rule.recipients.userIds,
      extraEmails: rule.recipients.extraEmails,
      toClientContacts: rule.recipients.toClientContacts,
      toManager: rule.recipients.toManager,
    },
    subjectTemplate: rule.subjectTemplate,
    bodyTemplate: rule.bodyTemplate,
    delivery: rule.delivery,
    digestTime: rule.digestTime,
  };
}

const toggled = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

export function EmailRuleDialog({ rule, onClose }: { rule: EmailRule; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const options = useQuery<RecipientOptions>({ queryKey: recipientOptionsKey });
  const [form, setForm] = useState<EmailRuleInput>(() => ruleInput(rule));
  const [emailsText, setEmailsText] = useState(rule.recipients.extraEmails.join('\n'));
  const [failure, setFailure] = useState<string | undefined>();
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [testTo, setTestTo] = useState('');
  const [testResult, setTestResult] = useState<EmailRuleTestResult | null>(null);
  const [testError, setTestError] = useState<string | undefined>();
  const lastField = useRef<'subject' | 'body'>('body');
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const recipients = form.recipients;
  const setRecipients = (patch: Partial<EmailRuleInput['recipients']>) =>
    setForm((f) => ({ ...f, recipients: { ...f.recipients, ...patch } }));

  const save = useMutation({
    mutationFn: (body: EmailRuleInput) => emailNotificationsApi.save(rule.eventKey, body),
    onSuccess: () => {
      toast({ title: m.saved });
      void queryClient.invalidateQueries({ queryKey: emailRulesKey });
      onClose();
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? m.saveFailed),
  });
  const showPreview = useMutation({
    mutationFn: () =>
      emailNotificationsApi.preview(rule.eventKey, {
        subjectTemplate: form.subjectTemplate,
        bodyTemplate: form.bodyTemplate,
      }),
    onSuccess: (answer) => {
      setFailure(undefined);
      setPreview(answer);
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? m.dialog.previewFailed),
  });
  const sendTest = useMutation({
    mutationFn: (to: string) => emailNotificationsApi.test(rule.eventKey, to),
    onSuccess: (answer) => setTestResult(answer),
    onError: (error) => setTestError(serverMessageOf(error) ?? m.dialog.testFailed),
  });

  function insert(name: string) {
    const token = `{{${name}}}`;
    const which = lastField.current;
    const el = which === 'subject' ? subjectRef.current : bodyRef.current;
    const key = which === 'subject' ? 'subjectTemplate' : 'bodyTemplate';
    const value = form[key];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    setForm((f) => ({ ...f, [key]: value.slice(0, start) + token + value.slice(end) }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const extraEmails = emailsText
      .split(/[\n,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    const parsed = emailRuleBodySchema.safeParse({ ...form, recipients: { ...recipients, extraEmails } });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const bad = issue?.path[0] === 'recipients' && issue.path[1] === 'extraEmails';
      setFailure(bad ? m.dialog.badEmail(extraEmails[Number(issue.path[2])] ?? '') : issue?.message);
      return;
    }
    setFailure(undefined);
    save.mutate(parsed.data);
  }

  function test() {
    setTestResult(null);
    const parsed = emailRuleTestBodySchema.safeParse({ to: testTo });
    if (!parsed.success) {
      setTestError(parsed.error.issues[0]?.message);
      return;
    }
    setTestError(undefined);
    sendTest.mutate(parsed.data.to);
  }

  const busy = save.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{rule.label}</DialogTitle>
          <DialogDescription>{m.dialog.description}</DialogDescription>
        </DialogHeader>
        <form className="grid min-w-0 gap-5" onSubmit={submit} noValidate>
          <div className="flex items-center gap-3">
            <Switch
              id={`${id}-enabled`}
              checked={form.isEnabled}
              onCheckedChange={(on) => setForm((f) => ({ ...f, isEnabled: on }))}
            />
            <Label htmlFor={`${id}-enabled`}>{m.dialog.enabled}</Label>
          </div>

          <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{m.dialog.recipients}</legend>
            {rule.group === 'client' ? (
              <CheckRow
                id={`${id}-client`}
                label={m.dialog.toClientContacts}
                checked={recipients.toClientContacts}
                onChange={(on) => setRecipients({ toClientContacts: on })}
              />
            ) : null}
            <CheckRow
              id={`${id}-manager`}
              label={m.dialog.toManager}
              checked={recipients.toManager}
              onChange={(on) => setRecipients({ toManager: on })}
            />
            <div className="grid gap-3 md:grid-cols-2">
              <div className="grid min-w-0 gap-2">
                <p className="text-sm font-medium">{m.dialog.roles}</p>
                <div className="grid max-h-40 gap-2 overflow-y-auto rounded-md border p-2">
                  {(options.data?.roles ?? []).map((r) => (
                    <CheckRow
                      key={r.id}
                      id={`${id}-role-${r.id}`}
                      label={r.name}
                      checked={recipients.roles.includes(r.id)}
                      onChange={(on) => setRecipients({ roles: toggled(recipients.roles, r.id, on) })}
                    />
                  ))}
                </div>
              </div>
              <div className="grid min-w-0 gap-2">
                <p className="text-sm font-medium">{m.dialog.users}</p>
                <div className="grid max-h-40 gap-2 overflow-y-auto rounded-md border p-2">
                  {options.data && options.data.users.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{m.dialog.noUsers}</p>
                  ) : null}
                  {(options.data?.users ?? []).map((u) => (
                    <CheckRow
                      key={u.id}
                      id={`${id}-user-${u.id}`}
                      label={`${u.name} — ${u.email}`}
                      checked={recipients.userIds.includes(u.id)}
                      onChange={(on) => setRecipients({ userIds: toggled(recipients.userIds, u.id, on) })}
                    />
                  ))}
                </div>
              </div>
            </div>
            <FormField
              id={`${id}-emails`}
              label={m.dialog.extraEmails}
              error={undefined}
              hint={m.dialog.extraEmailsHint}
            >
              <Textarea
                id={`${id}-emails`}
                rows={2}
                value={emailsText}
                onChange={(e) => setEmailsText(e.target.value)}
              />
            </FormField>
          </fieldset>

          <FormField id={`${id}-subject`} label={m.dialog.subject} error={undefined}>
            <Input
              id={`${id}-subject`}
              ref={subjectRef}
              value={form.subjectTemplate}
              onFocus={() => (lastField.current = 'subject')}
              onChange={(e) => setForm((f) => ({ ...f, subjectTemplate: e.target.value }))}
            />
          </FormField>
          <FormField id={`${id}-body`} label={m.dialog.body} error={undefined}>
            <Textarea
              id={`${id}-body`}
              ref={bodyRef}
              rows={7}
              value={form.bodyTemplate}
              onFocus={() => (lastField.current = 'body')}
              onChange={(e) => setForm((f) => ({ ...f, bodyTemplate: e.target.value }))}
            />
          </FormField>
          <div className="grid gap-2">
            <p className="text-sm font-medium">{m.dialog.placeholders}</p>
            <div className="flex flex-wrap gap-2">
              {rule.placeholders.map((p) => (
                <Button
                  key={p.name}
                  type="button"
                  variant="outline"
                  size="sm"
                  className="h-auto max-w-full py-1 whitespace-normal"
                  title={m.dialog.insert(p.label)}
                  aria-label={m.dialog.insert(p.label)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(p.name)}
                >
                  <code className="text-xs">{`{{${p.name}}}`}</code>
                  <span className="text-muted-foreground">{p.label}</span>
                </Button>
              ))}
            </div>
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-delivery`}>{m.dialog.delivery}</Label>
              <Select
                value={form.delivery}
                onValueChange={(v) => setForm((f) => ({ ...f, delivery: v as EmailRuleInput['delivery'] }))}
              >
                <SelectTrigger id={`${id}-delivery`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {emailDeliveries.map((d) => (
                    <SelectItem key={d} value={d}>
                      {emailDeliveryLabels[d]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {form.delivery === 'daily' ? (
              <FormField id={`${id}-time`} label={m.dialog.digestTime} error={undefined}>
                <Input
                  id={`${id}-time`}
                  type="time"
                  value={form.digestTime}
                  onChange={(e) => setForm((f) => ({ ...f, digestTime: e.target.value }))}
                />
              </FormField>
            ) : null}
          </div>

          {failure ? <FormFailure>{failure}</FormFailure> : null}

          <div className="grid gap-3 rounded-md border p-3">
            <div className="flex flex-wrap items-end gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={showPreview.isPending}
                onClick={() => showPreview.mutate()}
              >
                {showPreview.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <EyeIcon aria-hidden="true" />
                )}
                {m.dialog.preview}
              </Button>
            </div>
            {preview ? (
              <section aria-label={m.dialog.previewTitle} className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm">
                <p className="text-xs text-muted-foreground">{m.dialog.previewTitle}</p>
                <p className="font-medium break-words">{preview.subject}</p>
                <p className="break-words whitespace-pre-wrap">{preview.text}</p>
              </section>
            ) : null}
            <div className="flex flex-wrap items-end gap-2">
              <FormField id={`${id}-test`} label={m.dialog.testTo} error={testError} className="min-w-48 flex-1">
                <Input
                  id={`${id}-test`}
                  type="email"
                  value={testTo}
                  aria-invalid={testError ? true : undefined}
                  aria-describedby={`${id}-test-message`}
                  onChange={(e) => setTestTo(e.target.value)}
                />
              </FormField>
              <Button type="button" variant="outline" disabled={sendTest.isPending} onClick={test}>
                {sendTest.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <SendIcon aria-hidden="true" />
                )}
                {m.dialog.test}
              </Button>
            </div>
            {testResult ? (
              testResult.ok ? (
                <p
                  role="status"
                  className="rounded-md border border-emerald-600/40 p-3 text-sm text-emerald-800 dark:text-emerald-300"
                >
                  {testResult.message}
                </p>
              ) : (
                <FormFailure>{testResult.message}</FormFailure>
              )
            ) : null}
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              {m.dialog.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
              {m.dialog.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CheckRow({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" />
      <Label htmlFor={id} className="min-w-0 font-normal break-words">
        {label}
      </Label>
    </div>
  );
}
