// The gear dialog 'Налаштування ремонтів' (domain README §10: settings are edited on the owning page by users who may
// change it): after how many days an open repair counts as old — the 'Старші за N днів' card. The server audits it.
import { useId, useState } from 'react';
import { repairMessages, type RepairSettings } from '@/modules/repairs/repairs.contract.ts';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  type SettingsSubmit,
} from '@/web/components/settings-dialog.tsx';
import { isRepairQuery, repairSettingsQueryKey, repairsApi } from './repairs.api.ts';
import { repairsWebMessages } from './repairs-web.messages.ts';

const m = repairsWebMessages.settings;

export function RepairSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <SettingsDialog<RepairSettings>
      texts={m}
      queryKey={repairSettingsQueryKey}
      className="sm:max-w-md"
      onClose={onClose}
    >
      {(settings) => <RepairSettingsFields settings={settings} />}
    </SettingsDialog>
  );
}

type Patch = { repairOverdueDays?: number };

function RepairSettingsFields({ settings }: { settings: RepairSettings }) {
  const id = useId();
  const [days, setDays] = useState(String(settings.repairOverdueDays));
  const [error, setError] = useState<string | undefined>();

  function submit(): SettingsSubmit<Patch> {
    const text = days.trim();
    const value = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    if (value < 1 || value > 365) {
      setError(repairMessages.overdueDays);
      return null;
    }
    setError(undefined);
    return value === settings.repairOverdueDays ? {} : { repairOverdueDays: value };
  }

  return (
    <SettingsForm
      // An unchanged value closes the dialog without a request, so a sent patch always holds the days.
      save={(patch: Patch) =>
        repairsApi.updateSettings({ repairOverdueDays: patch.repairOverdueDays ?? settings.repairOverdueDays })
      }
      submit={submit}
      invalidates={isRepairQuery}
    >
      <SettingsNumberField
        id={`${id}-days`}
        label={m.overdueDays}
        hint={m.overdueDaysHint}
        error={error}
        value={days}
        onChange={setDays}
        className="max-w-32"
      />
    </SettingsForm>
  );
}
