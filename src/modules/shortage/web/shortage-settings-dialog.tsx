// The gear dialog 'Налаштування дефіциту' (warehouse.md §4 API, domain README §10): the default lead time and
// whether planned MOs count. Offered only to users who may change /shortage; the server audits every change.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type { ShortageSettings, ShortageSettingsPatch } from '@/modules/shortage/shortage.contract.ts';
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
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isShortageQuery, SHORTAGE_SETTINGS_KEY, shortageApi } from './shortage.api.ts';
import { shortageWebMessages } from './shortage.messages.ts';

const m = shortageWebMessages.settingsDialog;

export function ShortageSettingsDialog({ onClose }: { onClose: () => void }) {
  const query = useQuery<ShortageSettings>({ queryKey: SHORTAGE_SETTINGS_KEY, gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-md sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {query.data ? (
          <SettingsForm settings={query.data} onClose={onClose} />
        ) : query.isError ? (
          <StateMessage>
            <ListLoadError
              error={query.error}
              message={m.loadError}
              retryText={shortageWebMessages.retry}
              onRetry={query.refetch}
            />
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

function SettingsForm({ settings, onClose }: { settings: ShortageSettings; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(settings.defaultLeadTimeDays));
  const [planned, setPlanned] = useState(settings.includePlannedMOs);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (patch: ShortageSettingsPatch) => shortageApi.saveSettings(patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(SHORTAGE_SETTINGS_KEY, saved);
      // Lead times and planned MOs change the rows and their urgency.
      void queryClient.invalidateQueries({ predicate: isShortageQuery });
      toast({ title: m.saved });
      onClose();
    },
    onError: (err) => {
      setFailure(serverMessageOf(err) ?? m.failed);
      if (err instanceof ApiError && err.fields?.defaultLeadTimeDays) setError(err.fields.defaultLeadTimeDays);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const text = days.trim();
    if (!/^\d{1,3}$/.test(text) || Number(text) > 365) {
      setError(m.leadTimeError);
      return;
    }
    setError(undefined);
    const patch: ShortageSettingsPatch = {};
    if (Number(text) !== settings.defaultLeadTimeDays) patch.defaultLeadTimeDays = Number(text);
    if (planned !== settings.includePlannedMOs) patch.includePlannedMOs = planned;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(patch);
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-days`}>{m.leadTime}</Label>
        <Input
          id={`${id}-days`}
          inputMode="numeric"
          autoComplete="off"
          value={days}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-days-message`}
          onChange={(event) => setDays(event.target.value)}
        />
        <FieldMessage id={`${id}-days-message`} error={error} hint={m.leadTimeHint} />
      </div>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-planned`}>{m.plannedMos}</Label>
          <p id={`${id}-planned-hint`} className="text-xs text-muted-foreground">
            {m.plannedMosHint}
          </p>
        </div>
        <Switch
          id={`${id}-planned`}
          checked={planned}
          aria-describedby={`${id}-planned-hint`}
          onCheckedChange={setPlanned}
        />
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
