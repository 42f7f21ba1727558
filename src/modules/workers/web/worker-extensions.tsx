// What the workers module adds to the declared workers list (reference-data.md §8): each row's photo — shown,
// uploaded (PNG, JPEG or WebP up to 2 MB, checked here before it is sent and again by the server) and removed.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { CameraIcon, UserRoundIcon } from 'lucide-react';
import { WORKER_PHOTO_MAX_BYTES, WORKER_PHOTO_TYPES, workersMessages } from '@/modules/workers/workers.messages.ts';
import { workersEndpoints } from '@/modules/workers/workers.endpoints.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { RowAction } from '@/web/components/data-list.tsx';
import { StoredImageDialog } from '@/web/components/stored-image-dialog.tsx';
import { endpointUrl } from '@/web/lib/api.ts';

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
  return (
    <StoredImageDialog
      // GET shows it, PUT replaces it, DELETE removes it: the three photo endpoints share this path.
      url={endpointUrl(workersEndpoints.photo, { params: { id: workerId } })}
      name={name}
      accept={PHOTO_ACCEPT}
      problemOf={photoProblem}
      texts={{
        ...messages,
        description: (
          <>
            <span className="font-medium text-foreground">{name}</span>
            <span className="mt-1 block">{messages.description}</span>
          </>
        ),
        alt: messages.alt(name),
        removeText: messages.removeText(name),
        missing: workersMessages.noPhoto,
        saved: workersMessages.photoSaved,
        removed: workersMessages.photoRemoved,
      }}
      placeholder={<UserRoundIcon className="size-10 opacity-50" aria-hidden="true" />}
      large
      onClose={onClose}
    />
  );
}

export const workerExtensions: ResourcePageExtensions = { rowActions: WorkerRowActions };
