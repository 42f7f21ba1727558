// The gear dialog 'Налаштування калькуляції' (production.md §9): the default markup of the suggested price and the
// working hours per day (production's own setting). Offered only to users who may change /costing; audited.
import { useId, useState } from 'react';
import type { CostingSettings, CostingSettingsPatch } from '@/modules/costing/costing.contract.ts';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  type SettingsSubmit,
} from '@/web/components/settings-dialog.tsx';
import { decimalInput } from '@/web/lib/document-format.ts';
import { COSTING_SETTINGS_KEY, costingApi, isCostingQuery } from './costing.api.ts';
import { costingWebMessages } from './costing.messages.ts';

const m = costingWebMessages.settingsDialog;

export function CostingSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <SettingsDialog<CostingSettings>
      texts={{ ...m, retry: costingWebMessages.retry }}
      queryKey={COSTING_SETTINGS_KEY}
      className="sm:max-w-md"
      onClose={onClose}
    >
      {(settings) => <CostingSettingsFields settings={settings} />}
    </SettingsDialog>
  );
}

function CostingSettingsFields({ settings }: { settings: CostingSettings }) {
  const id = useId();
  const [markup, setMarkup] = useState(decimalInput(settings.defaultMarkupPercent));
  const [hours, setHours] = useState(String(settings.hoursPerDay));
  const [markupError, setMarkupError] = useState<string | undefined>();
  const [hoursError, setHoursError] = useState<string | undefined>();

  function submit(): SettingsSubmit<CostingSettingsPatch> {
    const markupText = markup.trim().replace(',', '.').replace(/\s/g, '');
    const markupOk = /^\d{1,5}(\.\d{1,2})?$/.test(markupText) && Number(markupText) <= 10000;
    const hoursOk = /^\d{1,2}$/.test(hours.trim()) && Number(hours) >= 1 && Number(hours) <= 24;
    setMarkupError(markupOk ? undefined : m.markupError);
    setHoursError(hoursOk ? undefined : m.hoursError);
    if (!markupOk || !hoursOk) return null;
    const patch: CostingSettingsPatch = {};
    if (Number(markupText) !== Number(settings.defaultMarkupPercent)) patch.defaultMarkupPercent = markupText;
    if (Number(hours) !== settings.hoursPerDay) patch.hoursPerDay = Number(hours);
    return patch;
  }

  return (
    <SettingsForm
      save={costingApi.saveSettings}
      submit={submit}
      // The markup changes every suggested price.
      invalidates={isCostingQuery}
      fieldErrors={{ defaultMarkupPercent: setMarkupError, hoursPerDay: setHoursError }}
    >
      <SettingsNumberField
        id={`${id}-markup`}
        label={m.markup}
        hint={m.markupHint}
        error={markupError}
        value={markup}
        inputMode="decimal"
        onChange={setMarkup}
      />
      <SettingsNumberField
        id={`${id}-hours`}
        label={m.hours}
        hint={m.hoursHint}
        error={hoursError}
        value={hours}
        onChange={setHours}
      />
    </SettingsForm>
  );
}
