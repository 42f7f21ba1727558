// The gear dialog of /system-logs (reports-admin.md §16): how long system events and the audit journal are kept.
// The server refuses terms under 30 days / 1 year and audits every change.
import type { LogSettings, LogSettingsPatch } from '@/modules/system-logs/system-logs.contract.ts';
import { DeclaredSettingsDialog } from '@/web/components/settings-dialog.tsx';
import { logSettingsQueryKey, systemLogsApi } from './system-logs.api.ts';
import { systemLogsWebMessages } from './system-logs.messages.ts';

const m = systemLogsWebMessages.settingsDialog;

export function SystemLogsSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <DeclaredSettingsDialog<LogSettings, LogSettingsPatch>
      texts={{ ...m, retry: systemLogsWebMessages.retry }}
      queryKey={logSettingsQueryKey}
      fields={[
        {
          kind: 'whole',
          key: 'eventRetentionDays',
          label: m.eventDays,
          hint: m.eventDaysHint,
          max: 3650,
          error: m.eventDaysError,
        },
        {
          kind: 'whole',
          key: 'auditRetentionYears',
          label: m.auditYears,
          hint: m.auditYearsHint,
          max: 50,
          error: m.auditYearsError,
        },
      ]}
      save={systemLogsApi.saveSettings}
      onClose={onClose}
    />
  );
}
