// 'Нова пошта клієнта' (/clients/:id/nova-poshta-settings, reference-data.md §13b): the client's references as
// a Nova Poshta recipient (filled by the first waybill), and the optional profile for shipping under the client's
// own contract. The API key is write-only: the server never answers it, and an empty input keeps the stored one.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { CircleCheckIcon, CircleXIcon, KeyRoundIcon, Loader2Icon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { clientsMessages, npSettingsBodySchema, type NpSettings } from '@/modules/clients/clients.contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { clientsApi, npSettingsQueryKey, type NpSettingsBody } from './clients.api.ts';
import { ClientNotFound, ClientPageHeader, failureToast, isNotFound, useClientId } from './client-page-parts.tsx';
import { clientsWebMessages } from './clients.messages.ts';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';

const messages = clientsWebMessages.novaPoshta;

export function NovaPoshtaSettingsPage() {
  const clientId = useClientId();
  if (clientId === null) return <ClientNotFound />;
  return <NovaPoshtaSettings clientId={clientId} />;
}

function NovaPoshtaSettings({ clientId }: { clientId: number }) {
  const settingsQuery = useQuery<NpSettings>({ queryKey: npSettingsQueryKey(clientId) });
  if (isNotFound(settingsQuery.error)) return <ClientNotFound />;
  const settings = settingsQuery.data;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ClientPageHeader title={messages.title} clientName={settings?.clientName} subtitle={messages.subtitle} />
      {settingsQuery.isPending ? (
        <StateMessage>
          <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
          <span role="status">{messages.loading}</span>
        </StateMessage>
      ) : !settings ? (
        <StateMessage>
          <ListLoadError
            error={settingsQuery.error}
            message={messages.loadError}
            retryText={clientsWebMessages.retry}
            onRetry={settingsQuery.refetch}
          />
        </StateMessage>
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <RecipientCard clientId={clientId} settings={settings} />
          <SenderCard key={clientId} clientId={clientId} settings={settings} />
        </div>
      )}
    </div>
  );
}

/** Puts the server's answer in the cache the page reads (the DELETE answer also carries a message). */
function useApplySettings(clientId: number) {
  const queryClient = useQueryClient();
  return ({ message: _message, ...settings }: NpSettings & { message?: string }) =>
    queryClient.setQueryData<NpSettings>(npSettingsQueryKey(clientId), settings);
}

function RecipientCard({ clientId, settings }: { clientId: number; settings: NpSettings }) {
  const m = messages.recipient;
  const applySettings = useApplySettings(clientId);
  const [confirming, setConfirming] = useState(false);
  const contacts = Object.entries(settings.contactPersonRefs);
  const isEmpty = !settings.recipientCounterpartyRef && contacts.length === 0;

  const reset = useMutation({
    mutationFn: () => clientsApi.putNpSettings(clientId, { resetRecipientRefs: true }),
    onSuccess: (answer) => {
      applySettings(answer);
      toast({ title: m.resetDone });
    },
    onError: (error) => failureToast(error, m.resetFailed),
    onSettled: () => setConfirming(false),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{m.title}</h2>
        </CardTitle>
        <CardDescription>{m.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isEmpty ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground">{m.empty}</p>
        ) : (
          <dl className="grid gap-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{m.counterparty}</dt>
              <dd className="font-mono text-xs break-all">{settings.recipientCounterpartyRef ?? '—'}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{m.contacts}</dt>
              <dd>
                {contacts.length === 0 ? (
                  '—'
                ) : (
                  <ul className="grid gap-1.5">
                    {contacts.map(([phone, ref]) => (
                      <li key={phone} className="grid gap-x-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
                        <span className="tabular-nums">{phone}</span>
                        <span className="font-mono text-xs break-all text-muted-foreground">{ref}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
        )}
        <div>
          <Button variant="outline" disabled={isEmpty || reset.isPending} onClick={() => setConfirming(true)}>
            <RotateCcwIcon aria-hidden="true" />
            {m.reset}
          </Button>
        </div>
      </CardContent>
      {confirming ? (
        <ConfirmDialog
          cancelLabel={clientsWebMessages.cancel}
          destructive
          title={m.resetTitle}
          description={m.resetText}
          confirmLabel={m.resetConfirm}
          pending={reset.isPending}
          onConfirm={() => reset.mutate()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Card>
  );
}

// The contract's body, except that an empty key means "keep the stored one" (it is then not sent at all).
const senderFormSchema = npSettingsBodySchema.omit({ apiKey: true, resetRecipientRefs: true }).extend({
  apiKey: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[0-9a-fA-F]{32}$/.test(value), clientsMessages.apiKeyFormat),
});
type SenderFormInput = z.input<typeof senderFormSchema>;
type SenderFormValues = z.output<typeof senderFormSchema>;

const SENDER_FIELDS = [
  'apiKey',
  'senderCounterpartyRef',
  'senderContactRef',
  'senderCityRef',
  'senderWarehouseRef',
  'senderPhone',
  'isActive',
] as const satisfies readonly FieldPath<SenderFormInput>[];

function senderDefaults(settings: NpSettings): SenderFormInput {
  return {
    apiKey: '',
    senderCounterpartyRef: settings.senderCounterpartyRef ?? '',
    senderContactRef: settings.senderContactRef ?? '',
    senderCityRef: settings.senderCityRef ?? '',
    senderWarehouseRef: settings.senderWarehouseRef ?? '',
    senderPhone: settings.senderPhone ?? '',
    isActive: settings.isActive,
  };
}

/** The body of PUT: never an empty key. */
export function senderBody({ apiKey, ...rest }: SenderFormValues): NpSettingsBody {
  return apiKey ? { ...rest, apiKey } : rest;
}

function SenderCard({ clientId, settings }: { clientId: number; settings: NpSettings }) {
  const m = messages.sender;
  const formId = useId();
  const applySettings = useApplySettings(clientId);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const form = useForm<SenderFormInput, unknown, SenderFormValues>({
    resolver: zodResolver(senderFormSchema),
    defaultValues: senderDefaults(settings),
  });
  const { errors } = form.formState;

  const test = useMutation({
    mutationFn: () => clientsApi.testNpKey(clientId),
  });

  const save = useMutation({
    mutationFn: (values: SenderFormValues) => clientsApi.putNpSettings(clientId, senderBody(values)),
    onSuccess: (answer, values) => {
      applySettings(answer);
      form.reset(senderDefaults(answer));
      if (values.apiKey) test.reset(); // a result about the old key no longer holds
      toast({ title: m.saved });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, SENDER_FIELDS)) failureToast(error, m.saveFailed);
    },
  });

  const removeKey = useMutation({
    mutationFn: () => clientsApi.removeNpKey(clientId),
    onSuccess: (answer) => {
      applySettings(answer);
      form.resetField('apiKey', { defaultValue: '' });
      form.resetField('isActive', { defaultValue: answer.isActive });
      test.reset();
      toast({ title: answer.message });
    },
    onError: (error) => failureToast(error, m.removeKeyFailed),
    onSettled: () => setConfirmingRemoval(false),
  });

  const idOf = (name: string) => `${formId}-${name}`;
  const field = (
    name: Exclude<(typeof SENDER_FIELDS)[number], 'isActive'>,
    label: string,
    options: { type?: string; mono?: boolean; hint?: string; placeholder?: string; autoComplete?: string } = {},
  ) => {
    const id = idOf(name);
    const error = errors[name]?.message;
    return (
      <div className="grid min-w-0 content-start gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          spellCheck={false}
          placeholder={options.placeholder}
          className={cn(options.mono && 'font-mono')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          {...form.register(name)}
        />
        <FieldMessage id={`${id}-message`} error={error} hint={options.hint} />
      </div>
    );
  };

  const testResult = test.data
    ? test.data
    : test.error
      ? { valid: false, message: serverMessageOf(test.error) ?? m.testFailed }
      : null;
  const busy = save.isPending || removeKey.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{m.title}</h2>
          {settings.hasApiKey ? (
            <Badge variant="secondary">
              <KeyRoundIcon aria-hidden="true" />
              {m.apiKeySaved}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{m.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          id={formId}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <div className="grid gap-2 sm:col-span-2">
            {field('apiKey', m.apiKey, {
              type: 'password',
              mono: true,
              autoComplete: 'new-password',
              placeholder: settings.hasApiKey ? '••••••••••••••••' : undefined,
              hint: settings.hasApiKey ? m.apiKeyHintSaved : m.apiKeyHintNew,
            })}
            {settings.hasApiKey ? (
              <div>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive dark:text-red-400"
                  disabled={busy}
                  onClick={() => setConfirmingRemoval(true)}
                >
                  <Trash2Icon aria-hidden="true" />
                  {m.removeKey}
                </Button>
              </div>
            ) : null}
          </div>
          {field('senderCounterpartyRef', m.counterparty, { mono: true })}
          {field('senderContactRef', m.contact, { mono: true })}
          {field('senderCityRef', m.city, { mono: true })}
          {field('senderWarehouseRef', m.warehouse, { mono: true })}
          {field('senderPhone', m.phone, { type: 'tel', placeholder: '+380XXXXXXXXX' })}
          <div className="flex items-start gap-3 sm:col-span-2">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field: input }) => (
                <Switch
                  ref={input.ref}
                  id={idOf('isActive')}
                  checked={input.value === true}
                  onCheckedChange={input.onChange}
                  onBlur={input.onBlur}
                  aria-describedby={`${idOf('isActive')}-message`}
                />
              )}
            />
            <div className="grid gap-1">
              <Label htmlFor={idOf('isActive')}>{m.isActive}</Label>
              <FieldMessage id={`${idOf('isActive')}-message`} error={errors.isActive?.message} hint={m.isActiveHint} />
            </div>
          </div>

          {testResult ? (
            <p
              role={testResult.valid ? 'status' : 'alert'}
              className={cn(
                'flex items-start gap-2 rounded-md border px-3 py-2 text-sm sm:col-span-2',
                testResult.valid
                  ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300'
                  : 'border-destructive/40 bg-destructive/10 text-destructive dark:border-red-400/40 dark:text-red-300',
              )}
            >
              {testResult.valid ? (
                <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              ) : (
                <CircleXIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              )}
              {testResult.message}
            </p>
          ) : null}

          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:flex-wrap sm:items-center">
            <Button type="submit" disabled={busy}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? m.saving : m.save}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!settings.hasApiKey || test.isPending || busy}
              aria-describedby={settings.hasApiKey ? undefined : idOf('test-hint')}
              onClick={() => test.mutate()}
            >
              {test.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {test.isPending ? m.testing : m.test}
            </Button>
            {settings.hasApiKey ? null : (
              <span id={idOf('test-hint')} className="text-xs text-muted-foreground">
                {m.testNeedsKey}
              </span>
            )}
          </div>
        </form>
      </CardContent>
      {confirmingRemoval ? (
        <ConfirmDialog
          cancelLabel={clientsWebMessages.cancel}
          destructive
          title={m.removeKeyTitle}
          description={m.removeKeyText}
          confirmLabel={m.removeKeyConfirm}
          pending={removeKey.isPending}
          onConfirm={() => removeKey.mutate()}
          onClose={() => setConfirmingRemoval(false)}
        />
      ) : null}
    </Card>
  );
}
