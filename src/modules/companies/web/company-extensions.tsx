// What the companies module adds to the declared companies list (reference-data.md §15): each row's bank accounts
// (an IBAN belongs to one company only) and the logo printed on its documents.
import { useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ImageIcon, ImageUpIcon, LandmarkIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import { companiesMessages, LOGO_MAX_BYTES, LOGO_TYPES } from '@/modules/companies/companies.contract.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { BankAccountsDialog } from '@/web/components/bank-accounts-dialog.tsx';
import { RowAction } from '@/web/components/data-list.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { ApiError, apiRequest, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { companiesWebMessages as messages } from './companies.messages.ts';

const LOGO_ACCEPT = LOGO_TYPES.join(',');

const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${row.id}`);

/** Why a file cannot be a logo (in Ukrainian), or null when it can be uploaded. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return companiesMessages.logoType;
  if (file.size > LOGO_MAX_BYTES) return companiesMessages.logoTooLarge;
  return null;
}

/**
 * A dialog opened from a row. It is portalled, but React still bubbles its clicks up through the row, whose own
 * click opens the edit form: they stop here.
 */
function InRow({ children }: { children: ReactNode }) {
  return (
    <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </span>
  );
}

function CompanyRowActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState<'accounts' | 'logo' | null>(null);
  const name = nameOf(row);
  const close = () => setOpen(null);
  return (
    <>
      <RowAction label={messages.bankAccounts(name)} onClick={() => setOpen('accounts')}>
        <LandmarkIcon aria-hidden="true" />
      </RowAction>
      {canChange ? (
        <RowAction label={messages.logo(name)} onClick={() => setOpen('logo')}>
          <ImageIcon aria-hidden="true" />
        </RowAction>
      ) : null}
      {open === 'accounts' ? (
        <InRow>
          <BankAccountsDialog
            title={messages.bankAccounts(name)}
            url={`/api/companies/${row.id}/bank-accounts`}
            canChange={canChange}
            onClose={close}
          />
        </InRow>
      ) : null}
      {open === 'logo' ? (
        <InRow>
          <LogoDialog companyId={row.id} name={name} onClose={close} />
        </InRow>
      ) : null}
    </>
  );
}

export function LogoDialog({ companyId, name, onClose }: { companyId: number; name: string; onClose: () => void }) {
  const url = `/api/companies/${companyId}/logo`;
  const m = messages.logoDialog;
  const fileInput = useRef<HTMLInputElement>(null);
  // The stored logo changes under the same URL: a new `v` makes the browser ask for it again.
  const [version, setVersion] = useState(() => Date.now());
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const refreshImage = () => {
    setVersion((previous) => Math.max(Date.now(), previous + 1));
  };

  // The file itself is the body, typed by its own content type (as the profile photo is sent).
  const upload = useMutation({
    mutationFn: (file: File) => apiRequest<{ message: string }>('PUT', url, file),
    onSuccess: (answer) => {
      setMissing(false);
      refreshImage();
      toast({ title: answer.message || companiesMessages.logoSaved, description: name });
    },
    onError: (error) => setProblem(serverMessageOf(error) ?? m.uploadFailed),
  });

  const remove = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('DELETE', url),
    onSuccess: (answer) => {
      setMissing(true);
      refreshImage();
      toast({ title: answer.message || companiesMessages.logoRemoved, description: name });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        setMissing(true); // already gone
        return;
      }
      toast({ variant: 'destructive', title: m.errorTitle, description: serverMessageOf(error) ?? m.removeFailed });
    },
    onSettled: () => setConfirming(false),
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file) return;
    const reason = logoProblem(file);
    setProblem(reason);
    if (!reason) upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.title(name)}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <div className="relative flex min-h-40 items-center justify-center rounded-lg border bg-muted/30 p-4">
          {missing ? (
            <p className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <ImageIcon className="size-8 opacity-50" aria-hidden="true" />
              {companiesMessages.noLogo}
            </p>
          ) : (
            <img
              key={version}
              src={`${url}?v=${version}`}
              alt={m.alt(name)}
              className="max-h-48 max-w-full object-contain"
              onError={() => setMissing(true)}
            />
          )}
          {busy ? (
            <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-background/70">
              <Loader2Icon className="size-6 animate-spin" aria-hidden="true" />
            </span>
          ) : null}
        </div>
        {problem ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
          >
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={m.choose}
            onChange={choose}
          />
          <Button type="button" variant="outline" disabled={busy} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ImageUpIcon aria-hidden="true" />
            )}
            {upload.isPending ? m.uploading : missing ? m.choose : m.replace}
          </Button>
          {missing ? null : (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive dark:text-red-400"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <Trash2Icon aria-hidden="true" />
              {m.remove}
            </Button>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {m.close}
          </Button>
        </DialogFooter>
      </DialogContent>
      {confirming ? (
        <AlertDialog open onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{m.removeTitle}</AlertDialogTitle>
              <AlertDialogDescription>{m.removeText}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{m.cancel}</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={remove.isPending}
                onClick={(event: MouseEvent) => {
                  event.preventDefault(); // stay open until the server answers
                  remove.mutate();
                }}
              >
                {remove.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                {m.removeConfirm}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </Dialog>
  );
}

export const companyExtensions: ResourcePageExtensions = { rowActions: CompanyRowActions };
