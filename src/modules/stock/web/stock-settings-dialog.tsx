// The gear dialog 'Налаштування складу' (domain README §10, warehouse.md §0): whether stock may go negative and the
// global low-stock threshold. Offered only to users who may change /inventory; the server audits every change.
import type { StockSettings, StockSettingsPatch } from '@/modules/stock/adjustments.contract.ts';
import { DeclaredSettingsDialog } from '@/web/components/settings-dialog.tsx';
import { adjustmentsApi, isStockQuery, stockSettingsQueryKey } from './adjustments.api.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.settings;

export function StockSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <DeclaredSettingsDialog<StockSettings, StockSettingsPatch>
      texts={{ ...m, retry: stockMessages.retry }}
      queryKey={stockSettingsQueryKey}
      fields={[
        { kind: 'switch', key: 'allowNegativeStock', label: m.allowNegative, hint: m.allowNegativeHint },
        {
          kind: 'whole',
          key: 'lowStockThreshold',
          label: m.threshold,
          hint: m.thresholdHint,
          max: 1_000_000,
          error: m.thresholdError,
        },
      ]}
      save={adjustmentsApi.saveSettings}
      // The threshold changes every row's status.
      invalidates={isStockQuery}
      onClose={onClose}
    />
  );
}
