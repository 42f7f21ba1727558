// 'Імпорт виписки' (sales.md §2): a 1CClientBankExchange file or a CSV/XLSX statement is uploaded (multipart); the
// dialog shows what became of its operations — new payments, duplicates of earlier uploads, skipped and failed ones.
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { builtInStatementProfiles, type PaymentSettings } from '@/modules/payments/payments.contract.ts';
import { FileImportDialog } from '@/web/components/file-import-dialog.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { paymentSettingsQueryKey, paymentsApi, refreshPayments } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.importDialog;
const AUTO = '__auto__';

export function ImportStatementDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [profile, setProfile] = useState(AUTO);
  const settings = useQuery<PaymentSettings>({ queryKey: paymentSettingsQueryKey, staleTime: 0 });
  const profiles = [...builtInStatementProfiles, ...(settings.data?.statementProfiles ?? [])].map((p) => p.name);

  return (
    <FileImportDialog
      // The button keeps its name while the file is sent.
      texts={{ ...m, upload: m.submit, uploading: m.submit, cancel: messages.form.cancel }}
      accept=".txt,.csv,.xlsx,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      upload={(file) => paymentsApi.importStatement(file, profile === AUTO ? null : profile)}
      onUploaded={() => void refreshPayments(queryClient)}
      summary={() => m.resultTitle}
      details={(result) => (
        <ul className="grid gap-1 text-sm">
          <li>{m.created(result.created)}</li>
          <li>{m.duplicates(result.duplicates)}</li>
          <li>{m.ignored(result.ignored)}</li>
          <li>{m.failedRows(result.failed)}</li>
        </ul>
      )}
      onClose={onClose}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-profile`}>{m.profile}</Label>
        <Select value={profile} onValueChange={setProfile}>
          <SelectTrigger id={`${id}-profile`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={AUTO}>{m.autoProfile}</SelectItem>
            {profiles.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </FileImportDialog>
  );
}
