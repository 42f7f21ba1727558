// The gear dialog of /payments (domain README §10): 'Автоматично проводити точні збіги' (autoPostExactMatches) and the
// column profiles of CSV/XLSX statements, one per bank (the header names of its file).
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react';
import {
  paymentSettingsPatchSchema,
  statementFieldLabels,
  statementFields,
  type PaymentSettings,
  type StatementField,
  type StatementProfile,
} from '@/modules/payments/payments.contract.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
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
import { FormFailure } from './payment-parts.tsx';
import { paymentSettingsQueryKey, paymentsApi } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.settingsDialog;

export function PaymentsSettingsDialog({ onClose }: { onClose: () => void }) {
  const query = useQuery<PaymentSettings>({ queryKey: paymentSettingsQueryKey, staleTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {query.data ? (
          <SettingsForm settings={query.data} onClose={onClose} />
        ) : query.isError ? (
          <FormFailure>{serverMessageOf(query.error) ?? m.failed}</FormFailure>
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

function SettingsForm({ settings, onClose }: { settings: PaymentSettings; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [autoPost, setAutoPost] = useState(settings.autoPostExactMatches);
  const [profiles, setProfiles] = useState<StatementProfile[]>(settings.statementProfiles);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: paymentsApi.saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentSettingsQueryKey, saved);
      toast({ title: m.saved });
      onClose();
    },
    onError: (err) => setError(serverMessageOf(err) ?? m.failed),
  });

  function submit() {
    const cleaned = profiles.map((p) => ({
      name: p.name,
      columns: Object.fromEntries(Object.entries(p.columns).filter(([, v]) => v && v.trim() !== '')),
    }));
    const parsed = paymentSettingsPatchSchema.safeParse({ autoPostExactMatches: autoPost, statementProfiles: cleaned });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? m.failed);
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }

  const setColumn = (index: number, field: StatementField, value: string) =>
    setProfiles((list) => list.map((p, i) => (i === index ? { ...p, columns: { ...p.columns, [field]: value } } : p)));

  return (
    <div className="grid gap-5">
      {error ? <FormFailure>{error}</FormFailure> : null}
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-auto`}>{m.autoPost}</Label>
          <p className="text-xs text-muted-foreground">{m.autoPostHint}</p>
        </div>
        <Switch id={`${id}-auto`} checked={autoPost} onCheckedChange={setAutoPost} />
      </div>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">{m.profiles}</legend>
        <p className="text-xs text-muted-foreground">{m.profilesHint}</p>
        {profiles.map((profile, index) => (
          <div key={index} className="grid gap-3 rounded-md border p-3">
            <div className="flex items-end gap-2">
              <div className="grid flex-1 gap-1.5">
                <Label htmlFor={`${id}-p${index}-name`}>{m.profileName}</Label>
                <Input
                  id={`${id}-p${index}-name`}
                  value={profile.name}
                  maxLength={60}
                  onChange={(event) =>
                    setProfiles((list) => list.map((p, i) => (i === index ? { ...p, name: event.target.value } : p)))
                  }
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={m.removeProfile}
                onClick={() => setProfiles((list) => list.filter((_, i) => i !== index))}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              {statementFields.map((field) => (
                <div key={field} className="grid gap-1">
                  <Label htmlFor={`${id}-p${index}-${field}`} className="text-xs font-normal text-muted-foreground">
                    {statementFieldLabels[field]}
                  </Label>
                  <Input
                    id={`${id}-p${index}-${field}`}
                    className="h-8"
                    value={profile.columns[field] ?? ''}
                    maxLength={120}
                    onChange={(event) => setColumn(index, field, event.target.value)}
                  />
                </div>
              ))}
            </div>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setProfiles((list) => [...list, { name: '', columns: {} }])}
        >
          <PlusIcon aria-hidden="true" />
          {m.addProfile}
        </Button>
      </fieldset>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="button" disabled={save.isPending} onClick={submit}>
          {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {m.save}
        </Button>
      </DialogFooter>
    </div>
  );
}
