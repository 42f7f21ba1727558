// The gear dialog of /payments (domain README §10): 'Автоматично проводити точні збіги' (autoPostExactMatches) and the
// column profiles of CSV/XLSX statements, one per bank (the header names of its file).
import { useId, useState } from 'react';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import {
  paymentSettingsPatchSchema,
  statementFieldLabels,
  statementFields,
  type PaymentSettings,
  type PaymentSettingsPatch,
  type StatementField,
  type StatementProfile,
} from '@/modules/payments/payments.contract.ts';
import { SettingsDialog, SettingsForm, type SettingsSubmit } from '@/web/components/settings-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { paymentSettingsQueryKey, paymentsApi } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.settingsDialog;

export function PaymentsSettingsDialog({ onClose }: { onClose: () => void }) {
  // No load error text of its own: a failed load shows the server's reason (or m.failed).
  return (
    <SettingsDialog<PaymentSettings>
      texts={m}
      queryKey={paymentSettingsQueryKey}
      cache={{ staleTime: 0 }}
      className="sm:max-w-2xl"
      onClose={onClose}
    >
      {(settings) => <PaymentsSettingsFields settings={settings} />}
    </SettingsDialog>
  );
}

function PaymentsSettingsFields({ settings }: { settings: PaymentSettings }) {
  const id = useId();
  const [autoPost, setAutoPost] = useState(settings.autoPostExactMatches);
  const [profiles, setProfiles] = useState<StatementProfile[]>(settings.statementProfiles);

  function submit(): SettingsSubmit<PaymentSettingsPatch> {
    const cleaned = profiles.map((p) => ({
      name: p.name,
      columns: Object.fromEntries(Object.entries(p.columns).filter(([, v]) => v && v.trim() !== '')),
    }));
    const parsed = paymentSettingsPatchSchema.safeParse({ autoPostExactMatches: autoPost, statementProfiles: cleaned });
    return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? m.failed);
  }

  const setColumn = (index: number, field: StatementField, value: string) =>
    setProfiles((list) => list.map((p, i) => (i === index ? { ...p, columns: { ...p.columns, [field]: value } } : p)));

  return (
    // Enter in one of the many column names does not save; the error line stands above the fields.
    <SettingsForm save={paymentsApi.saveSettings} submit={submit} submitOnEnter={false} failurePlacement="top">
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
    </SettingsForm>
  );
}
