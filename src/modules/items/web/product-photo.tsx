// A product's photo (reference-data.md §16) on /products: a small thumbnail on each row of the list, and beside the
// name in the edit form; either opens the photo — shown, uploaded (PNG, JPEG or WebP up to 5 MB, checked here before
// it is sent and again by the server from its bytes) and removed. Without the right to change products the row only
// shows the thumbnail.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CameraIcon, PackageIcon } from 'lucide-react';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { FieldAddonProps } from '@/resources/_engine/web/resource-extensions.ts';
import { RowAction } from '@/web/components/data-list.tsx';
import { StoredImageDialog } from '@/web/components/stored-image-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { endpointKey, endpointUrl } from '@/web/lib/api.ts';
import { itemPhotoEndpoints } from '../item-photo.endpoints.ts';
import { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_TYPES, itemPhotoMessages } from '../item-photo.messages.ts';

export const productPhotoMessages = {
  photo: (name: string) => `Фото: ${name}`,
  title: 'Фото товару',
  description: 'PNG, JPEG або WebP, не більше 5 МБ.',
  alt: (name: string) => `Фото товару ${name}`,
  thumbnail: (name: string) => `Мініатюра фото товару ${name}`,
  choose: 'Завантажити фото',
  replace: 'Замінити фото',
  uploading: 'Завантажую...',
  remove: 'Видалити фото',
  removeTitle: 'Видалити фото?',
  removeText: (name: string) => `Фото товару ${name} буде видалено. Ви зможете завантажити нове будь-коли.`,
  removeConfirm: 'Видалити',
  uploadFailed: 'Не вдалося завантажити фото',
  removeFailed: 'Не вдалося видалити фото',
  close: 'Закрити',
  cancel: 'Скасувати',
  errorTitle: 'Помилка',
} as const;
const m = productPhotoMessages;

const PHOTO_ACCEPT = ITEM_PHOTO_TYPES.join(',');

/** Why a file cannot be a product's photo (in Ukrainian), or null when it can be uploaded. */
export function productPhotoProblem(file: File): string | null {
  if (!(ITEM_PHOTO_TYPES as readonly string[]).includes(file.type)) return itemPhotoMessages.photoType;
  if (file.size > ITEM_PHOTO_MAX_BYTES) return itemPhotoMessages.photoTooLarge;
  return null;
}

const photoUrl = (id: number) => endpointUrl(itemPhotoEndpoints.productPhoto, { params: { id } });
/** The list's answer names the photo's version (null: none), so a row asks for a photo only when there is one. */
const versionOf = (row: ResourceRow | undefined) => (typeof row?.photoVersion === 'string' ? row.photoVersion : null);
const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name !== '' ? row.name : `#${row.id}`);

function Thumbnail({ id, version, alt }: { id: number; version: string; alt: string }) {
  return (
    <img
      src={`${photoUrl(id)}?v=${encodeURIComponent(version)}`}
      alt={alt}
      loading="lazy"
      className="size-7 shrink-0 rounded border bg-muted/30 object-cover"
    />
  );
}

/** The photo dialog; closing it refreshes the list, whose rows carry the photo's version. */
function ProductPhotoDialog({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const name = nameOf(row);
  const close = () => {
    // The key's first part is the path up to the id — the resource's base, which starts every key of its list.
    const [base] = endpointKey(itemPhotoEndpoints.productPhoto, { params: { id: row.id } });
    void queryClient.invalidateQueries({ queryKey: [base] });
    onClose();
  };
  return (
    <StoredImageDialog
      // GET shows it, PUT replaces it, DELETE removes it: the three photo endpoints share this path.
      url={photoUrl(row.id)}
      name={name}
      accept={PHOTO_ACCEPT}
      problemOf={productPhotoProblem}
      texts={{
        ...m,
        description: (
          <>
            <span className="font-medium text-foreground">{name}</span>
            <span className="mt-1 block">{m.description}</span>
          </>
        ),
        alt: m.alt(name),
        removeText: m.removeText(name),
        missing: itemPhotoMessages.noPhoto,
        saved: itemPhotoMessages.photoSaved,
        removed: itemPhotoMessages.photoRemoved,
      }}
      placeholder={<PackageIcon className="size-10 opacity-50" aria-hidden="true" />}
      large
      onClose={close}
    />
  );
}

/**
 * A dialog opened from a row or a form. It is portalled, but React still bubbles its clicks up through the row, whose
 * own click opens the edit form: they stop here.
 */
function Contained({ children }: { children: ReactNode }) {
  return (
    <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </span>
  );
}

/** The row's thumbnail: opens the photo for whoever may change products, else only shows it. */
export function ProductPhotoRowAction({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState(false);
  const version = versionOf(row);
  const name = nameOf(row);
  if (!canChange) return version ? <Thumbnail id={row.id} version={version} alt={m.thumbnail(name)} /> : null;
  return (
    <>
      <RowAction label={m.photo(name)} onClick={() => setOpen(true)}>
        {version ? <Thumbnail id={row.id} version={version} alt="" /> : <CameraIcon aria-hidden="true" />}
      </RowAction>
      {open ? (
        <Contained>
          <ProductPhotoDialog row={row} onClose={() => setOpen(false)} />
        </Contained>
      ) : null}
    </>
  );
}

/** Beside 'Назва' in the edit form (a new product gets its photo once saved): the thumbnail that opens the photo. */
export function ProductPhotoAddon({ row }: FieldAddonProps) {
  const [open, setOpen] = useState(false);
  if (!row) return null;
  const version = versionOf(row);
  const name = nameOf(row);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="shrink-0 overflow-hidden"
        aria-label={m.photo(name)}
        title={m.photo(name)}
        onClick={() => setOpen(true)}
      >
        {version ? <Thumbnail id={row.id} version={version} alt="" /> : <CameraIcon aria-hidden="true" />}
      </Button>
      {open ? (
        <Contained>
          <ProductPhotoDialog row={row} onClose={() => setOpen(false)} />
        </Contained>
      ) : null}
    </>
  );
}
