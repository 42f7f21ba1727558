// 'Налаштування Нової пошти' (reports-admin.md §15): the API key (write-only: the server says only `hasApiKey`),
// 'Перевірити з'єднання', our sender profile chosen from Nova Poshta's own lists and the directory cache, the
// defaults of a waybill, the tracking interval and the directory's refresh — with 'Оновити довідник' at hand.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, Loader2Icon, PlugZapIcon, RefreshCwIcon, SaveIcon, XCircleIcon } from 'lucide-react';
import {
  npSettingsBodySchema,
  payerTypeLabels,
  payerTypes,
  paymentMethodLabels,
  paymentMethods,
  serviceTypeLabels,
  serviceTypes,
  type NpSettings,
  type NpSettingsInput,
  type NpTestResult,
  type PayerType,
  type PaymentMethod,
  type ServiceType,
} from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
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
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { novaPoshtaApi, npSenderOptionsQueryKey, npSettingsQueryKey, type NpSenderOptions } from './nova-poshta.api.ts';
import { npWebMessages } from './nova-poshta.messages.ts';
import { NpBranchPicker, NpCityPicker } from './np-pickers.tsx';

const m = npWebMessages.settings;

interface FormState {
  apiKey: string;
  senderCounterpartyRef: string | null;
  senderCounterpartyName: string | null;
  senderContactRef: string | null;
  senderContactName: string | null;
  senderCityRef: string | null;
  senderCityName: string | null;
  senderWarehouseRef: string | null;
  senderWarehouseName: string | null;
  senderPhone: string;
  defaultServiceType: ServiceType;
  defaultPayerType: PayerType;
  defaultPaymentMethod: PaymentMethod;
  defaultCargoDescription: string;
  trackingIntervalHours: string;
  directoryRefreshTime: string;
}

const formOf = (s: NpSettings): FormState => ({
  apiKey: '',
  senderCounterpartyRef: s.senderCounterpartyRef,
  senderCounterpartyName: s.senderCounterpartyName,
  senderContactRef: s.senderContactRef,
  senderContactName: s.senderContactName,
  senderCityRef: s.senderCityRef,
  senderCityName: s.senderCityName,
  senderWarehouseRef: s.senderWarehouseRef,
  senderWarehouseName: s.senderWarehouseName,
  senderPhone: s.senderPhone ?? '',
  defaultServiceType: s.defaultServiceType,
  defaultPayerType: s.defaultPayerType,
  defaultPaymentMethod: s.defaultPaymentMethod,
  defaultCargoDescription: s.defaultCargoDescription,
  trackingIntervalHours: String(s.trackingIntervalHours),
  directoryRefreshTime: s.directoryRefreshTime,
});

export function NpSettingsDialog({ canChange, onClose }: { canChange: boolean; onClose: () => void }) {
  const query = useQuery<NpSettings>({ queryKey: npSettingsQueryKey, gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {query.data ? (
          <SettingsForm settings={query.data} canChange={canChange} onClose={onClose} />
        ) : query.isError ? (
          <StateMessage>
            <ListLoadError error={query.error} message={m.loadError} retryText={m.retry} onRetry={query.refetch} />
          </StateMessage>
        ) : (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span role="status">{m.loading}</span>
          </StateMessage>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ?? 'grid gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldMessage id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

function SettingsForm({
  settings,
  canChange,
  onClose,
}: {
  settings: NpSettings;
  canChange: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const base = useId();
  const [current, setCurrent] = useState(settings);
  const [form, setForm] = useState<FormState>(() => formOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [test, setTest] = useState<NpTestResult | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  // Nova Poshta's own lists are asked for on request only, then follow the chosen counterparty.
  const [optionsWanted, setOptionsWanted] = useState(false);
  const optionsQuery = useQuery<NpSenderOptions>({
    queryKey: npSenderOptionsQueryKey(form.senderCounterpartyRef ?? ''),
    enabled: optionsWanted && current.hasApiKey,
  });

  const save = useMutation({
    mutationFn: (body: NpSettingsInput) => novaPoshtaApi.save(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(npSettingsQueryKey, saved);
      toast({ title: m.saved });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });
  const testKey = useMutation({
    mutationFn: () => novaPoshtaApi.test(form.apiKey.trim() || undefined),
    onSuccess: setTest,
  });
  const refresh = useMutation({
    mutationFn: () => novaPoshtaApi.refreshDirectory(),
    onSuccess: async (result) => {
      toast({ title: result.message });
      const fresh = await queryClient.fetchQuery<NpSettings>({ queryKey: npSettingsQueryKey, staleTime: 0 });
      setCurrent(fresh);
    },
    onError: (error) => toast({ variant: 'destructive', title: serverMessageOf(error) ?? m.saveFailed }),
  });

  function submit() {
    const body: NpSettingsInput = {
      senderCounterpartyRef: form.senderCounterpartyRef,
      senderCounterpartyName: form.senderCounterpartyName,
      senderContactRef: form.senderContactRef,
      senderContactName: form.senderContactName,
      senderCityRef: form.senderCityRef,
      senderCityName: form.senderCityName,
      senderWarehouseRef: form.senderWarehouseRef,
      senderWarehouseName: form.senderWarehouseName,
      senderPhone: form.senderPhone,
      defaultServiceType: form.defaultServiceType,
      defaultPayerType: form.defaultPayerType,
      defaultPaymentMethod: form.defaultPaymentMethod,
      defaultCargoDescription: form.defaultCargoDescription,
      trackingIntervalHours: /^\d+$/.test(form.trackingIntervalHours) ? Number(form.trackingIntervalHours) : -1,
      directoryRefreshTime: form.directoryRefreshTime,
    };
    if (form.apiKey.trim()) body.apiKey = form.apiKey.trim();
    const parsed = npSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    save.mutate(body);
  }

  const counterparties = optionsQuery.data?.counterparties ?? test?.counterparties ?? [];
  const contacts = optionsQuery.data?.contacts ?? [];
  const id = (name: string) => `${base}-${name}`;
  const described = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id(name)}-message`,
  });
  const failure =
    save.error && !(save.error instanceof ApiError && save.error.fields) ? serverMessageOf(save.error) : null;

  return (
    <form
      className="grid min-w-0 gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {!canChange ? <p className="text-sm text-muted-foreground">{m.readOnly}</p> : null}
      <fieldset className="grid gap-3" disabled={!canChange}>
        <Field
          id={id('apiKey')}
          label={m.apiKey}
          error={errors.apiKey}
          hint={current.hasApiKey ? m.apiKeyStored : m.apiKeyNone}
        >
          <div className="flex flex-wrap gap-2">
            <Input
              id={id('apiKey')}
              type="password"
              autoComplete="off"
              className="min-w-0 flex-1 basis-56 font-mono"
              value={form.apiKey}
              placeholder={current.hasApiKey ? '••••••••••••••••' : ''}
              onChange={(event) => set('apiKey', event.target.value)}
              {...described('apiKey')}
            />
            <Button
              type="button"
              variant="outline"
              disabled={testKey.isPending || (!current.hasApiKey && !form.apiKey.trim())}
              onClick={() => testKey.mutate()}
            >
              {testKey.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <PlugZapIcon aria-hidden="true" />
              )}
              {testKey.isPending ? m.testing : m.test}
            </Button>
          </div>
        </Field>
        {test ? (
          <p
            role="status"
            className={
              test.valid
                ? 'flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400'
                : 'flex items-center gap-2 text-sm text-destructive dark:text-red-400'
            }
          >
            {test.valid ? (
              <CheckCircle2Icon className="size-4" aria-hidden="true" />
            ) : (
              <XCircleIcon className="size-4" aria-hidden="true" />
            )}
            {test.message}
          </p>
        ) : testKey.isError ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {serverMessageOf(testKey.error) ?? m.saveFailed}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2" disabled={!canChange}>
        <legend className="mb-2 text-sm font-semibold">{m.sender}</legend>
        <Field id={id('counterparty')} label={m.counterparty} error={errors.senderCounterpartyRef}>
          <Select
            value={form.senderCounterpartyRef ?? ''}
            onValueChange={(ref) => {
              const found = counterparties.find((c) => c.ref === ref);
              setForm((f) => ({
                ...f,
                senderCounterpartyRef: ref,
                senderCounterpartyName: found?.description ?? f.senderCounterpartyName,
                senderContactRef: null,
                senderContactName: null,
              }));
            }}
          >
            <SelectTrigger id={id('counterparty')} {...described('senderCounterpartyRef')}>
              <SelectValue placeholder={form.senderCounterpartyName ?? m.counterpartyPick}>
                {form.senderCounterpartyName ?? form.senderCounterpartyRef ?? undefined}
              </SelectValue>
            </SelectTrigger>
            <SelectContent>
              {counterparties.map((c) => (
                <SelectItem key={c.ref} value={c.ref}>
                  {c.description}
                </SelectItem>
              ))}
              {form.senderCounterpartyRef && !counterparties.some((c) => c.ref === form.senderCounterpartyRef) ? (
                <SelectItem value={form.senderCounterpartyRef}>
                  {form.senderCounterpartyName ?? form.senderCounterpartyRef}
                </SelectItem>
              ) : null}
            </SelectContent>
          </Select>
        </Field>
        <Field id={id('contact')} label={m.contact} error={errors.senderContactRef}>
          <Select
            value={form.senderContactRef ?? ''}
            onValueChange={(ref) => {
              const found = contacts.find((c) => c.ref === ref);
              setForm((f) => ({
                ...f,
                senderContactRef: ref,
                senderContactName: found?.description ?? f.senderContactName,
                senderPhone: f.senderPhone || (found?.phone ? `+${found.phone.replace(/^\+/, '')}` : ''),
              }));
            }}
          >
            <SelectTrigger id={id('contact')} {...described('senderContactRef')}>
              <SelectValue placeholder={form.senderContactName ?? m.contactPick}>
                {form.senderContactName ?? form.senderContactRef ?? undefined}
              </SelectValue>
            </SelectTrigger>
            <SelectContent>
              {contacts.map((c) => (
                <SelectItem key={c.ref} value={c.ref}>
                  {c.description}
                  {c.phone ? ` · ${c.phone}` : ''}
                </SelectItem>
              ))}
              {form.senderContactRef && !contacts.some((c) => c.ref === form.senderContactRef) ? (
                <SelectItem value={form.senderContactRef}>{form.senderContactName ?? form.senderContactRef}</SelectItem>
              ) : null}
            </SelectContent>
          </Select>
        </Field>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!current.hasApiKey || optionsQuery.isFetching}
            onClick={() => (optionsWanted ? void optionsQuery.refetch() : setOptionsWanted(true))}
          >
            {optionsQuery.isFetching ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCwIcon aria-hidden="true" />
            )}
            {m.loadOptions}
          </Button>
          <span className="text-xs text-muted-foreground">{m.optionsHint}</span>
          {optionsQuery.isError ? (
            <span role="alert" className="text-sm text-destructive dark:text-red-400">
              {serverMessageOf(optionsQuery.error)}
            </span>
          ) : null}
        </div>
        <Field id={id('city')} label={m.city} error={errors.senderCityRef}>
          <NpCityPicker
            id={id('city')}
            cityRef={form.senderCityRef}
            cityName={form.senderCityName}
            onChange={(city) =>
              setForm((f) => ({
                ...f,
                senderCityRef: city.ref,
                senderCityName: city.name,
                senderWarehouseRef: f.senderCityRef === city.ref ? f.senderWarehouseRef : null,
                senderWarehouseName: f.senderCityRef === city.ref ? f.senderWarehouseName : null,
              }))
            }
            {...described('senderCityRef')}
          />
        </Field>
        <Field id={id('branch')} label={m.branch} error={errors.senderWarehouseRef}>
          <NpBranchPicker
            id={id('branch')}
            cityRef={form.senderCityRef}
            warehouseRef={form.senderWarehouseRef}
            warehouseLabel={form.senderWarehouseName}
            onChange={(w) => setForm((f) => ({ ...f, senderWarehouseRef: w.ref, senderWarehouseName: w.description }))}
            {...described('senderWarehouseRef')}
          />
        </Field>
        <Field id={id('phone')} label={m.phone} error={errors.senderPhone}>
          <Input
            id={id('phone')}
            type="tel"
            inputMode="tel"
            value={form.senderPhone}
            placeholder="+380XXXXXXXXX"
            onChange={(event) => set('senderPhone', event.target.value)}
            {...described('senderPhone')}
          />
        </Field>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2" disabled={!canChange}>
        <legend className="mb-2 text-sm font-semibold">{m.defaults}</legend>
        <Field id={id('service')} label={m.serviceType}>
          <Select value={form.defaultServiceType} onValueChange={(v) => set('defaultServiceType', v as ServiceType)}>
            <SelectTrigger id={id('service')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {serviceTypes.map((v) => (
                <SelectItem key={v} value={v}>
                  {serviceTypeLabels[v]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id={id('payer')} label={m.payerType}>
          <Select value={form.defaultPayerType} onValueChange={(v) => set('defaultPayerType', v as PayerType)}>
            <SelectTrigger id={id('payer')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {payerTypes.map((v) => (
                <SelectItem key={v} value={v}>
                  {payerTypeLabels[v]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id={id('payment')} label={m.paymentMethod}>
          <Select
            value={form.defaultPaymentMethod}
            onValueChange={(v) => set('defaultPaymentMethod', v as PaymentMethod)}
          >
            <SelectTrigger id={id('payment')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {paymentMethods.map((v) => (
                <SelectItem key={v} value={v}>
                  {paymentMethodLabels[v]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id={id('cargo')} label={m.cargo} error={errors.defaultCargoDescription}>
          <Input
            id={id('cargo')}
            value={form.defaultCargoDescription}
            maxLength={100}
            onChange={(event) => set('defaultCargoDescription', event.target.value)}
            {...described('defaultCargoDescription')}
          />
        </Field>
        <Field id={id('interval')} label={m.interval} error={errors.trackingIntervalHours}>
          <Input
            id={id('interval')}
            inputMode="numeric"
            value={form.trackingIntervalHours}
            onChange={(event) => set('trackingIntervalHours', event.target.value)}
            {...described('trackingIntervalHours')}
          />
        </Field>
        <Field id={id('time')} label={m.refreshTime} error={errors.directoryRefreshTime}>
          <Input
            id={id('time')}
            type="time"
            value={form.directoryRefreshTime}
            onChange={(event) => set('directoryRefreshTime', event.target.value)}
            {...described('directoryRefreshTime')}
          />
        </Field>
      </fieldset>

      <section className="grid gap-2 rounded-lg border p-3" aria-label={m.directory}>
        <h3 className="text-sm font-semibold">{m.directory}</h3>
        <p className="text-sm">{m.directoryCounts(current.settlementCount, current.warehouseCount)}</p>
        <p className="text-xs text-muted-foreground">
          {m.lastRefresh(current.lastDirectoryRefreshAt ? formatTimestampUk(current.lastDirectoryRefreshAt) : m.never)}
          {' · '}
          {m.lastTracking(current.lastTrackingAt ? formatTimestampUk(current.lastTrackingAt) : m.never)}
        </p>
        <p className="text-xs text-muted-foreground">{current.senderReady ? m.senderReady : m.senderMissing}</p>
        {canChange ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={!current.hasApiKey || refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {refresh.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCwIcon aria-hidden="true" />
            )}
            {refresh.isPending ? m.refreshing : m.refresh}
          </Button>
        ) : null}
      </section>

      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {m.cancel}
        </Button>
        {canChange ? (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {save.isPending ? m.saving : m.save}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
