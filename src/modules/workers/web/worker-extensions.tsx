// What the workers module adds to the declared workers list (reference-data.md §8): each row's photo — shown,
// uploaded (PNG, JPEG or WebP up to 2 MB, checked here before it is sent and again by the server) and removed.
import { useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CameraIcon, ImageUpIcon, Loader2Icon, Trash2Icon, UserRoundIcon } from 'lucide-react';
import { WORKER_PHOTO_MAX_BYTES, WORKER_PHOTO_TYPES, workersMessages } from '@/modules/workers/workers.contract.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
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

const messages = {
  photo: (name: string) => `Фото: ${name}`,
  title: 'Фото працівника',
  description: 'PNG, JPEG або WebP, не більше 2 МБ.',
  alt: (name: string) => `Фото працівника ${name}`,
  choose: 'Завантажити фото',
  replace: 'Замінити фото',
  uploading: 'Завантажую...',
  remove: 'Видалити фото',
  removeTitle: 'Видалити фото?',
  removeText: (name: string) => `Фото працівника ${name} буде видалено. Ви зможете завантажити нове будь-коли.`,
  removeConfirm: 'Видалити',
  uploadFailed: 'Не вдалося завантажити фото',
  removeFailed: 'Не вдалося видалити фото',
  close: 'Закрити',
  cancel: 'Скасувати',
  errorTitle: 'Помилка',
} as const;

const PHOTO_ACCEPT = WORKER_PHOTO_TYPES.join(',');

/** 'Прізвище Ім'я' as the list shows a worker. */
function nameOf(row: ResourceRow): string {
  const parts = [row.lastName, row.firstName].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(' ') : `#${row.id}`;
}

/** Why a file cannot be a worker's photo (in Ukrainian), or null when it can be uploaded. */
function photoProblem(file: File): string | null {
  if (!(WORKER_PHOTO_TYPES as readonly string[]).includes(file.type)) return workersMessages.photoType;
  if (file.size > WORKER_PHOTO_MAX_BYTES) return workersMessages.photoTooLarge;
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

function WorkerRowActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState(false);
  if (!canChange) return null;
  const name = nameOf(row);
  return (
    <>
      <RowAction label={messages.photo(name)} onClick={() => setOpen(true)}>
        <CameraIcon aria-hidden="true" />
      </RowAction>
      {open ? (
        <InRow>
          <PhotoDialog workerId={row.id} name={name} onClose={() => setOpen(false)} />
        </InRow>
      ) : null}
    </>
  );
}

function PhotoDialog({ workerId, name, onClose }: { workerId: number; name: string; onClose: () => void }) {
  const url = `/api/workers/${workerId}/photo`;
  const fileInput = useRef<HTMLInputElement>(null);
  // The stored photo changes under the same URL: a new `v` makes the browser ask for it again.
  const [version, setVersion] = useState(() => Date.now());
  // The image's own request answers 404 when there is no photo: its error event says so.
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const refreshImage = () => {
    setVersion((previous) => Math.max(Date.now(), previous + 1));
  };

  // The file itself is the body, typed by its own content type (as the profile photo and the logo are sent).
  const upload = useMutation({
    mutationFn: (file: File) => apiRequest<{ message: string }>('PUT', url, file),
    onSuccess: (answer) => {
      setMissing(false);
      refreshImage();
      toast({ title: answer.message || workersMessages.photoSaved, description: name });
    },
    onError: (error) => setProblem(serverMessageOf(error) ?? messages.uploadFailed),
  });

  const remove = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('DELETE', url),
    onSuccess: (answer) => {
      setMissing(true);
      refreshImage();
      toast({ title: answer.message || workersMessages.photoRemoved, description: name });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        setMissing(true); // already gone
        return;
      }
      toast({
        variant: 'destructive',
        title: messages.errorTitle,
        description: serverMessageOf(error) ?? messages.removeFailed,
      });
    },
    onSettled: () => setConfirming(false),
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file) return;
    const reason = photoProblem(file);
    setProblem(reason);
    if (!reason) upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{messages.title}</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{name}</span>
            <span className="mt-1 block">{messages.description}</span>
          </DialogDescription>
        </DialogHeader>
        <div className="relative flex min-h-56 items-center justify-center rounded-lg border bg-muted/30 p-4">
          {missing ? (
            <p className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <UserRoundIcon className="size-10 opacity-50" aria-hidden="true" />
              {workersMessages.noPhoto}
            </p>
          ) : (
            <img
              key={version}
              src={`${url}?v=${version}`}
              alt={messages.alt(name)}
              className="max-h-72 max-w-full rounded-md object-contain"
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
            accept={PHOTO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={messages.choose}
            onChange={choose}
          />
          <Button type="button" variant="outline" disabled={busy} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ImageUpIcon aria-hidden="true" />
            )}
            {upload.isPending ? messages.uploading : missing ? messages.choose : messages.replace}
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
              {messages.remove}
            </Button>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {messages.close}
          </Button>
        </DialogFooter>
      </DialogContent>
      {confirming ? (
        <AlertDialog open onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{messages.removeTitle}</AlertDialogTitle>
              <AlertDialogDescription>{messages.removeText(name)}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{messages.cancel}</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={remove.isPending}
                onClick={(event: MouseEvent) => {
                  event.preventDefault(); // stay open until the server answers
                  remove.mutate();
                }}
              >
                {remove.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                {messages.removeConfirm}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </Dialog>
  );
}

export const workerExtensions: ResourcePageExtensions = { rowActions: WorkerRowActions };
