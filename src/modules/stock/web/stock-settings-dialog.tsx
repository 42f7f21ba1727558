// The gear dialog 'Налаштування складу' (domain README §10, warehouse.md §0): whether stock may go negative and the
// global low-stock threshold. Offered only to users who may change /inventory; the server audits every change.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type { StockSettings, StockSettingsPatch } from '@/modules/stock/adjustments.contract.ts';
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
import { adjustmentsApi, isStockQuery, stockSettingsQueryKey } from './adjustments.api.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.settings;

export function StockSettingsDialog({ onClose }: { onClose: () => void }) {
  const query = useQuery<StockSettings>({ queryKey: stockSettingsQueryKey, gcTime: 0 });
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
              retryText={stockMessages.retry}
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

function SettingsForm({ settings, onClose }: { settings: StockSettings; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [allowNegative, setAllowNegative] = useState(settings.allowNegativeStock);
  const [threshold, setThreshold] = useState(String(settings.lowStockThreshold));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (patch: StockSettingsPatch) => adjustmentsApi.saveSettings(patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(stockSettingsQueryKey, saved);
      // The threshold changes every row's status.
      void queryClient.invalidateQueries({ predicate: isStockQuery });
      toast({ title: m.saved });
      onClose();
    },
    onError: (err) => {
      setFailure(serverMessageOf(err) ?? m.failed);
      if (err instanceof ApiError && err.fields?.lowStockThreshold) setError(err.fields.lowStockThreshold);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const text = threshold.trim();
    if (!/^\d{1,7}$/.test(text) || Number(text) > 1_000_000) {
      setError(m.thresholdError);
      return;
    }
    setError(undefined);
    const patch: StockSettingsPatch = {};
    if (allowNegative !== settings.allowNegativeStock) patch.allowNegativeStock = allowNegative;
    if (Number(text) !== settings.lowStockThreshold) patch.lowStockThreshold = Number(text);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(patch);
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-negative`}>{m.allowNegative}</Label>
          <p id={`${id}-negative-hint`} className="text-xs text-muted-foreground">
            {m.allowNegativeHint}
          </p>
        </div>
        <Switch
          id={`${id}-negative`}
          checked={allowNegative}
          aria-describedby={`${id}-negative-hint`}
          onCheckedChange={setAllowNegative}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-threshold`}>{m.threshold}</Label>
        <Input
          id={`${id}-threshold`}
          inputMode="numeric"
          autoComplete="off"
          value={threshold}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-threshold-message`}
          onChange={(event) => setThreshold(event.target.value)}
        />
        <FieldMessage id={`${id}-threshold-message`} error={error} hint={m.thresholdHint} />
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
