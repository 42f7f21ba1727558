// 'Імпорт виписки' (sales.md §2): a 1CClientBankExchange file or a CSV/XLSX statement is uploaded (multipart); the
// dialog shows what became of its operations — new payments, duplicates of earlier uploads, skipped and failed ones.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, UploadIcon } from 'lucide-react';
import {
  builtInStatementProfiles,
  type ImportResult,
  type PaymentSettings,
} from '@/modules/payments/payments.contract.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { FormFailure } from './payment-parts.tsx';
import { paymentSettingsQueryKey, paymentsApi, refreshPayments } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.importDialog;
const AUTO = '__auto__';

export function ImportStatementDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [profile, setProfile] = useState(AUTO);
  const [fileError, setFileError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportResult | null>(null);
  const settings = useQuery<PaymentSettings>({ queryKey: paymentSettingsQueryKey, staleTime: 0 });
  const profiles = [...builtInStatementProfiles, ...(settings.data?.statementProfiles ?? [])].map((p) => p.name);

  const upload = useMutation({
    mutationFn: (chosen: File) => paymentsApi.importStatement(chosen, profile === AUTO ? null : profile),
    onSuccess: (answer) => {
      setResult(answer);
      void refreshPayments(queryClient);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError(m.chooseFile);
      return;
    }
    setFileError(undefined);
    upload.mutate(file);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !upload.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="grid gap-3">
            <p role="status" className="font-medium">
              {m.resultTitle}
            </p>
            <ul className="grid gap-1 text-sm">
              <li>{m.created(result.created)}</li>
              <li>{m.duplicates(result.duplicates)}</li>
              <li>{m.ignored(result.ignored)}</li>
              <li>{m.failedRows(result.failed)}</li>
            </ul>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                {m.close}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" noValidate onSubmit={submit}>
            {upload.isError ? <FormFailure>{serverMessageOf(upload.error) ?? m.failed}</FormFailure> : null}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-file`}>{m.file}</Label>
              <Input
                id={`${id}-file`}
                type="file"
                accept=".txt,.csv,.xlsx,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${id}-file-message`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(undefined);
                }}
              />
              <FieldMessage id={`${id}-file-message`} error={fileError} />
            </div>
            <div className="grid gap-2">
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
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" disabled={upload.isPending} onClick={onClose}>
                {messages.form.cancel}
              </Button>
              <Button type="submit" disabled={upload.isPending}>
                {upload.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <UploadIcon aria-hidden="true" />
                )}
                {m.submit}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
