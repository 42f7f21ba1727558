// 'Введення залишків' (warehouse.md §1 Opening balances): upload a CSV or XLSX stock list; the server creates one
// draft `opening` adjustment per warehouse (all or nothing) and the dialog shows them, or every row's error.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, UploadIcon } from 'lucide-react';
import type { Adjustment } from '@/modules/stock/adjustments.contract.ts';
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
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { adjustmentsApi, isStockQuery, type StockRoute } from './adjustments.api.ts';
import { formatQty } from './stock-format.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.opening;

export function OpeningImportDialog({
  route,
  onClose,
  onOpenDrafts,
}: {
  route: StockRoute;
  onClose: () => void;
  onOpenDrafts: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ message: string; rows: string[] } | null>(null);
  const [created, setCreated] = useState<Adjustment[] | null>(null);

  const mutation = useMutation({
    mutationFn: (chosen: File) => adjustmentsApi.importFile(route, chosen),
    onSuccess: (drafts) => {
      setCreated(drafts);
      void queryClient.invalidateQueries({ predicate: isStockQuery });
    },
    onError: (error) => {
      const rows = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
      const message = serverMessageOf(error) ?? m.failed;
      // The rows are listed one by one below; the summary is the sentence before them.
      setFailure({ message: rows.length ? message.split('. Рядок')[0]! : message, rows });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!file) {
      setFileError(m.chooseFile);
      return;
    }
    setFileError(undefined);
    mutation.mutate(file);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid gap-3">
            <p role="status" className="text-sm font-medium">
              {m.created(created.length)}
            </p>
            <ul className="grid gap-2">
              {created.map((draft) => (
                <li key={draft.id} className="rounded-md border px-3 py-2 text-sm">
                  <span className="font-mono font-medium">{draft.number}</span> · {draft.warehouseName} ·{' '}
                  {m.lines(draft.lines.length)}
                  <span className="block text-xs text-muted-foreground">
                    {draft.lines
                      .slice(0, 5)
                      .map((line) => `${line.sku} × ${formatQty(line.deltaQty)}`)
                      .join(', ')}
                    {draft.lines.length > 5 ? ' …' : ''}
                  </span>
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {m.close}
              </Button>
              <Button type="button" onClick={onOpenDrafts}>
                {m.openDrafts}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-file`}>{m.file}</Label>
              <Input
                id={`${id}-file`}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${id}-file-message` : undefined}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFailure(null);
                }}
              />
              {fileError ? (
                <p id={`${id}-file-message`} role="alert" className="text-sm text-destructive dark:text-red-400">
                  {fileError}
                </p>
              ) : null}
            </div>
            {failure ? (
              <div
                role="alert"
                className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
              >
                <p className="font-medium">{failure.message}</p>
                {failure.rows.length ? (
                  <ul className="list-disc pl-5">
                    {failure.rows.map((row) => (
                      <li key={row}>{row}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onClose}>
                {m.close}
              </Button>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <UploadIcon aria-hidden="true" />
                )}
                {mutation.isPending ? m.uploading : m.upload}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
