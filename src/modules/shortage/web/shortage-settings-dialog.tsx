// The gear dialog 'Налаштування дефіциту' (warehouse.md §4 API, domain README §10): the default lead time and
// whether planned MOs count. Offered only to users who may change /shortage; the server audits every change.
import { useId, useState } from 'react';
import type { ShortageSettings, ShortageSettingsPatch } from '@/modules/shortage/shortage.contract.ts';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  SettingsSwitch,
  type SettingsSubmit,
} from '@/web/components/settings-dialog.tsx';
import { isShortageQuery, SHORTAGE_SETTINGS_KEY, shortageApi } from './shortage.api.ts';
import { shortageWebMessages } from './shortage.messages.ts';

const m = shortageWebMessages.settingsDialog;

export function ShortageSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <SettingsDialog<ShortageSettings>
      texts={{ ...m, retry: shortageWebMessages.retry }}
      queryKey={SHORTAGE_SETTINGS_KEY}
      className="sm:max-w-md"
      onClose={onClose}
    >
      {(settings) => <ShortageSettingsFields settings={settings} />}
    </SettingsDialog>
  );
}

function ShortageSettingsFields({ settings }: { settings: ShortageSettings }) {
  const id = useId();
  const [days, setDays] = useState(String(settings.defaultLeadTimeDays));
  const [planned, setPlanned] = useState(settings.includePlannedMOs);
  const [error, setError] = useState<string | undefined>();

  function submit(): SettingsSubmit<ShortageSettingsPatch> {
    const text = days.trim();
    if (!/^\d{1,3}$/.test(text) || Number(text) > 365) {
      setError(m.leadTimeError);
      return null;
    }
    setError(undefined);
    const patch: ShortageSettingsPatch = {};
    if (Number(text) !== settings.defaultLeadTimeDays) patch.defaultLeadTimeDays = Number(text);
    if (planned !== settings.includePlannedMOs) patch.includePlannedMOs = planned;
    return patch;
  }

  return (
    <SettingsForm
      save={shortageApi.saveSettings}
      submit={submit}
      // Lead times and planned MOs change the rows and their urgency.
      invalidates={isShortageQuery}
      fieldErrors={{ defaultLeadTimeDays: setError }}
    >
      <SettingsNumberField
        id={`${id}-days`}
        label={m.leadTime}
        hint={m.leadTimeHint}
        error={error}
        value={days}
        onChange={setDays}
      />
      <SettingsSwitch
        id={`${id}-planned`}
        label={m.plannedMos}
        hint={m.plannedMosHint}
        checked={planned}
        onCheckedChange={setPlanned}
      />
    </SettingsForm>
  );
}
