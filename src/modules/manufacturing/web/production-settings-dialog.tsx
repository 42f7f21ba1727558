// The gear dialog 'Налаштування виробництва' (domain README §10: settings are edited on the owning page by users who
// may change it): backflush on output, automatic output when the terminal finishes the last operation, badge
// required on the terminal, and the working hours per day used for lead times. The server audits every change.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type {
  ProductionSettingsPatchInput,
  ProductionSettingsView,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { moRequests, productionSettingsQueryKey } from './manufacturing.api.ts';

const m = {
  title: 'Налаштування виробництва',
  description: 'Діють для всіх виробничих замовлень і терміналу цеху.',
  backflush: 'Автоматичне списання матеріалів (backflush)',
  backflushHint: 'Під час випуску матеріали доводяться до норми на вироблену кількість.',
  autoOutput: 'Випуск після останньої операції',
  autoOutputHint: 'Коли на терміналі завершують останню операцію, придатні одиниці одразу надходять на склад.',
  requireBadge: 'Вхід на терміналі лише за бейджем',
  requireBadgeHint: 'Вибір себе зі списку працівників буде недоступний.',
  hoursPerDay: 'Робочих годин на день',
  hoursPerDayHint: 'Для оцінки тривалості виготовлення в днях.',
  hoursError: 'Від 1 до 24 годин, кратно пів години',
  loading: 'Завантаження налаштувань…',
  loadError: 'Не вдалося завантажити налаштування',
  retry: 'Повторити',
  saved: 'Налаштування збережено',
  failed: 'Не вдалося зберегти налаштування',
  cancel: 'Скасувати',
  save: 'Зберегти',
} as const;

export function ProductionSettingsDialog({ onClose }: { onClose: () => void }) {
  const query = useQuery<ProductionSettingsView>({ queryKey: productionSettingsQueryKey, gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-lg sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {query.data ? (
          <SettingsForm settings={query.data} onClose={onClose} />
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

type Flag = 'backflush' | 'autoOutputOnLastOperation' | 'requireBadge';
const flags: Array<{ key: Flag; label: string; hint: string }> = [
  { key: 'backflush', label: m.backflush, hint: m.backflushHint },
  { key: 'autoOutputOnLastOperation', label: m.autoOutput, hint: m.autoOutputHint },
  { key: 'requireBadge', label: m.requireBadge, hint: m.requireBadgeHint },
];

function SettingsForm({ settings, onClose }: { settings: ProductionSettingsView; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Flag, boolean>>({
    backflush: settings.backflush,
    autoOutputOnLastOperation: settings.autoOutputOnLastOperation,
    requireBadge: settings.requireBadge,
  });
  const [hours, setHours] = useState(String(settings.hoursPerDay));
  const [hoursError, setHoursError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (patch: ProductionSettingsPatchInput) => moRequests.updateSettings(patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(productionSettingsQueryKey, saved);
      toast({ title: m.saved });
      onClose();
    },
    onError: (err) => setFailure(serverMessageOf(err) ?? m.failed),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const text = hours.trim().replace(',', '.');
    const number = Number(text);
    if (!/^\d{1,2}(\.[05])?$/.test(text) || number < 1 || number > 24) {
      setHoursError(m.hoursError);
      return;
    }
    setHoursError(undefined);
    const patch: ProductionSettingsPatchInput = {};
    for (const { key } of flags) if (values[key] !== settings[key]) patch[key] = values[key];
    if (number !== settings.hoursPerDay) patch.hoursPerDay = number;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(patch);
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      {flags.map(({ key, label, hint }) => (
        <div key={key} className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
          <Switch
            id={`${id}-${key}`}
            checked={values[key]}
            aria-describedby={`${id}-${key}-hint`}
            onCheckedChange={(checked) => setValues((v) => ({ ...v, [key]: checked }))}
          />
        </div>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-hours`}>{m.hoursPerDay}</Label>
        <Input
          id={`${id}-hours`}
          inputMode="decimal"
          autoComplete="off"
          className="max-w-32"
          value={hours}
          aria-invalid={hoursError ? true : undefined}
          aria-describedby={`${id}-hours-message`}
          onChange={(event) => setHours(event.target.value)}
        />
        <FieldMessage id={`${id}-hours-message`} error={hoursError} hint={m.hoursPerDayHint} />
      </div>
      {failure ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
        >
          {failure}
        </div>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
