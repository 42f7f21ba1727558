// The SMTP settings form of /email-settings (reports-admin.md §13): server, port, security, login, the password
// (write-only: typed to change, 'Видалити пароль' to clear, never shown), sender, reply-to and 'active'. The fields
// are checked with the same schema the server uses; a refusal shows the server's words under its field.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { FormField } from '@/web/components/document-fields.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { issuesToFields } from '@/web/components/record-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { emailSettingsBodySchema, type EmailSettings, type EmailSettingsInput } from '../email-settings.contract.ts';
import { smtpSecurities, smtpSecurityLabels, type SmtpSecurity } from '../email-settings.messages.ts';
import { emailSettingsApi, emailSettingsKey } from './email-settings.api.ts';
import { emailSettingsWebMessages as m } from './email-settings-web.messages.ts';

const f = m.fields;

export function EmailSettingsForm({ settings, canChange }: { settings: EmailSettings; canChange: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    host: settings.host ?? '',
    port: String(settings.port),
    security: settings.security,
    username: settings.username ?? '',
    fromEmail: settings.fromEmail ?? '',
    fromName: settings.fromName ?? '',
    replyTo: settings.replyTo ?? '',
    isActive: settings.isActive,
  });
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const save = useMutation({
    mutationFn: (body: EmailSettingsInput) => emailSettingsApi.save(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailSettingsKey, saved);
      setPassword('');
      setClearPassword(false);
      toast({ title: m.saved });
    },
    onError: (error) => {
      setFailure(serverMessageOf(error) ?? m.saveFailed);
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body: EmailSettingsInput = {
      host: values.host,
      port: /^\d+$/.test(values.port.trim()) ? Number(values.port) : Number.NaN,
      security: values.security,
      username: values.username,
      fromEmail: values.fromEmail,
      fromName: values.fromName,
      replyTo: values.replyTo,
      isActive: values.isActive,
      ...(clearPassword ? { password: null } : password ? { password } : {}),
    };
    const parsed = emailSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  const field = (name: keyof typeof values | 'password') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-message`,
    disabled: !canChange,
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField id={`${id}-host`} label={f.host} error={errors.host}>
          <Input
            {...field('host')}
            value={values.host}
            placeholder={f.hostPlaceholder}
            onChange={(e) => set({ host: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-port`} label={f.port} error={errors.port}>
          <Input
            {...field('port')}
            inputMode="numeric"
            value={values.port}
            onChange={(e) => set({ port: e.target.value })}
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-security`} label={f.security} error={errors.security}>
          <Select
            value={values.security}
            disabled={!canChange}
            onValueChange={(security) => set({ security: security as SmtpSecurity })}
          >
            <SelectTrigger id={`${id}-security`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {smtpSecurities.map((s) => (
                <SelectItem key={s} value={s}>
                  {smtpSecurityLabels[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id={`${id}-username`} label={f.username} error={errors.username}>
          <Input
            {...field('username')}
            autoComplete="off"
            value={values.username}
            onChange={(e) => set({ username: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-password`} label={f.password} error={errors.password}>
          <Input
            {...field('password')}
            type="password"
            autoComplete="new-password"
            value={password}
            disabled={!canChange || clearPassword}
            placeholder={settings.hasPassword ? f.passwordSaved : f.passwordNone}
            onChange={(e) => setPassword(e.target.value)}
          />
          {settings.hasPassword && canChange ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setClearPassword((v) => !v)}
            >
              {clearPassword ? f.keepPassword : f.clearPassword}
            </Button>
          ) : null}
          {clearPassword ? <p className="text-sm text-muted-foreground">{f.passwordCleared}</p> : null}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-fromEmail`} label={f.fromEmail} error={errors.fromEmail}>
          <Input
            {...field('fromEmail')}
            type="email"
            value={values.fromEmail}
            onChange={(e) => set({ fromEmail: e.target.value })}
          />
        </FormField>
        <FormField id={`${id}-fromName`} label={f.fromName} error={errors.fromName}>
          <Input {...field('fromName')} value={values.fromName} onChange={(e) => set({ fromName: e.target.value })} />
        </FormField>
        <FormField id={`${id}-replyTo`} label={f.replyTo} error={errors.replyTo}>
          <Input
            {...field('replyTo')}
            type="email"
            value={values.replyTo}
            onChange={(e) => set({ replyTo: e.target.value })}
          />
        </FormField>
      </div>
      <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-isActive`} className="text-sm font-medium">
            {f.isActive}
          </label>
          <p id={`${id}-isActive-hint`} className="text-xs text-muted-foreground">
            {f.isActiveHint} {m.certificates}
          </p>
        </div>
        <Switch
          id={`${id}-isActive`}
          checked={values.isActive}
          disabled={!canChange}
          aria-describedby={`${id}-isActive-hint`}
          onCheckedChange={(isActive) => set({ isActive })}
        />
      </div>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      {canChange ? (
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {m.save}
        </Button>
      ) : null}
    </form>
  );
}
