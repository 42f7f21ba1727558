// The gear dialog 'Налаштування складу' (domain README §10, warehouse.md §0): whether stock may go negative and the
// global low-stock threshold. Offered only to users who may change /inventory; the server audits every change.
import { useId, useState } from 'react';
import type { StockSettings, StockSettingsPatch } from '@/modules/stock/adjustments.contract.ts';
import {
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  SettingsSwitch,
  type SettingsSubmit,
} from '@/web/components/settings-dialog.tsx';
import { adjustmentsApi, isStockQuery, stockSettingsQueryKey } from './adjustments.api.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.settings;

export function StockSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <SettingsDialog<StockSettings>
      texts={{ ...m, retry: stockMessages.retry }}
      queryKey={stockSettingsQueryKey}
      className="sm:max-w-md"
      onClose={onClose}
    >
      {(settings) => <StockSettingsFields settings={settings} />}
    </SettingsDialog>
  );
}

function StockSettingsFields({ settings }: { settings: StockSettings }) {
  const id = useId();
  const [allowNegative, setAllowNegative] = useState(settings.allowNegativeStock);
  const [threshold, setThreshold] = useState(String(settings.lowStockThreshold));
  const [error, setError] = useState<string | undefined>();

  function submit(): SettingsSubmit<StockSettingsPatch> {
    const text = threshold.trim();
    if (!/^\d{1,7}$/.test(text) || Number(text) > 1_000_000) {
      setError(m.thresholdError);
      return null;
    }
    setError(undefined);
    const patch: StockSettingsPatch = {};
    if (allowNegative !== settings.allowNegativeStock) patch.allowNegativeStock = allowNegative;
    if (Number(text) !== settings.lowStockThreshold) patch.lowStockThreshold = Number(text);
    return patch;
  }

  return (
    <SettingsForm
      save={adjustmentsApi.saveSettings}
      submit={submit}
      // The threshold changes every row's status.
      invalidates={isStockQuery}
      fieldErrors={{ lowStockThreshold: setError }}
    >
      <SettingsSwitch
        id={`${id}-negative`}
        label={m.allowNegative}
        hint={m.allowNegativeHint}
        checked={allowNegative}
        onCheckedChange={setAllowNegative}
      />
      <SettingsNumberField
        id={`${id}-threshold`}
        label={m.threshold}
        hint={m.thresholdHint}
        error={error}
        value={threshold}
        onChange={setThreshold}
      />
    </SettingsForm>
  );
}
