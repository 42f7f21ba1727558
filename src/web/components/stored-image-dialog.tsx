// A dialog for one image a record keeps on the server (a company's logo, a worker's photo): shows it, uploads a new
// one (checked here before it is sent, and again by the server from its bytes), and removes it after confirmation.
import { useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ImageUpIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
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
import { cn } from '@/web/lib/utils.ts';

export interface StoredImageTexts {
  title: string;
  description: ReactNode;
  alt: string;
  /** Shown instead of the image when there is none. */
  missing: string;
  choose: string;
  replace: string;
  uploading: string;
  remove: string;
  removeTitle: string;
  removeText: string;
  removeConfirm: string;
  uploadFailed: string;
  removeFailed: string;
  /** Toast titles when the server's answer has no message. */
  saved: string;
  removed: string;
  close: string;
  cancel: string;
  errorTitle: string;
}

export interface StoredImageDialogProps {
  /** GET shows it, PUT (the file as the body) replaces it, DELETE removes it. */
  url: string;
  /** The record's name, for the toasts. */
  name: string;
  /** The file picker's accepted types. */
  accept: string;
  /** Why a file cannot be uploaded (in Ukrainian), or null. */
  problemOf: (file: File) => string | null;
  texts: StoredImageTexts;
  /** The icon shown with `missing`. */
  placeholder: ReactNode;
  /** A photo gets more room than a logo. */
  large?: boolean;
  onClose: () => void;
}

export function StoredImageDialog({
  url,
  name,
  accept,
  problemOf,
  texts: m,
  placeholder,
  large = false,
  onClose,
}: StoredImageDialogProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  // The stored image changes under the same URL: a new `v` makes the browser ask for it again.
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
      toast({ title: answer.message || m.saved, description: name });
    },
    onError: (error) => setProblem(serverMessageOf(error) ?? m.uploadFailed),
  });

  const remove = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('DELETE', url),
    onSuccess: (answer) => {
      setMissing(true);
      refreshImage();
      toast({ title: answer.message || m.removed, description: name });
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
    const reason = problemOf(file);
    setProblem(reason);
    if (!reason) upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <div
          className={cn(
            'relative flex items-center justify-center rounded-lg border bg-muted/30 p-4',
            large ? 'min-h-56' : 'min-h-40',
          )}
        >
          {missing ? (
            <p className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              {placeholder}
              {m.missing}
            </p>
          ) : (
            <img
              key={version}
              src={`${url}?v=${version}`}
              alt={m.alt}
              className={cn('max-w-full object-contain', large ? 'max-h-72 rounded-md' : 'max-h-48')}
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
            accept={accept}
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
