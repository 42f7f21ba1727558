// The gear dialog 'Налаштування дефіциту' (warehouse.md §4 API, domain README §10): the default lead time and
// whether planned MOs count. Offered only to users who may change /shortage; the server audits every change.
import type { ShortageSettings, ShortageSettingsPatch } from '@/modules/shortage/shortage.contract.ts';
import { DeclaredSettingsDialog } from '@/web/components/settings-dialog.tsx';
import { isShortageQuery, SHORTAGE_SETTINGS_KEY, shortageApi } from './shortage.api.ts';
import { shortageWebMessages } from './shortage.messages.ts';

const m = shortageWebMessages.settingsDialog;

export function ShortageSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <DeclaredSettingsDialog<ShortageSettings, ShortageSettingsPatch>
      texts={{ ...m, retry: shortageWebMessages.retry }}
      queryKey={SHORTAGE_SETTINGS_KEY}
      fields={[
        {
          kind: 'whole',
          key: 'defaultLeadTimeDays',
          label: m.leadTime,
          hint: m.leadTimeHint,
          max: 365,
          error: m.leadTimeError,
        },
        { kind: 'switch', key: 'includePlannedMOs', label: m.plannedMos, hint: m.plannedMosHint },
      ]}
      save={shortageApi.saveSettings}
      // Lead times and planned MOs change the rows and their urgency.
      invalidates={isShortageQuery}
      onClose={onClose}
    />
  );
}
