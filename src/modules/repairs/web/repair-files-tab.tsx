// 'Файли' of a repair's drawer (production.md §7): the repair's attachments (photos of the unit at intake, of the
// damage, of the work) and 'Додати фото' — a file of at most 5 MB, checked here before it is sent and again by the
// server.
import { useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FileIcon, Loader2Icon, Trash2Icon, UploadIcon } from 'lucide-react';
import {
  REPAIR_ATTACHMENT_MAX_BYTES,
  REPAIR_ATTACHMENT_TYPES,
  repairMessages,
  type RepairAttachment,
} from '@/modules/repairs/repairs.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { formatTimestampUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { attachmentUrl, repairAttachmentsQueryKey, repairsApi } from './repairs.api.ts';
import { Empty } from './repair-tabs.tsx';
import { repairsWebMessages } from './repairs-web.messages.ts';

const f = repairsWebMessages.files;

/** A size in KB with one decimal ('12,5 КБ'), from whole bytes without floats in the money sense. */
const kilobytes = (bytes: number) => f.size(formatDecimalUk((Math.round((bytes * 10) / 1024) / 10).toFixed(1), 1));

export function FilesTab({ repairId, canChange }: { repairId: number; canChange: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery<RepairAttachment[]>({ queryKey: repairAttachmentsQueryKey(repairId) });
  const upload = useMutation({
    mutationFn: (file: File) => repairsApi.upload(repairId, file),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast({ title: f.uploaded });
      void query.refetch();
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? f.failed),
  });
  const [removing, setRemoving] = useState<RepairAttachment | null>(null);
  const remove = useMutation({
    mutationFn: (file: RepairAttachment) => repairsApi.removeAttachment(repairId, file.id),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      setRemoving(null);
      toast({ title: f.removed });
      void query.refetch();
    },
    onError: (error) => {
      setRemoving(null);
      setFailure(serverMessageOf(error) ?? f.removeFailed);
    },
  });

  function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > REPAIR_ATTACHMENT_MAX_BYTES) {
      setFailure(repairMessages.attachmentTooLarge);
      return;
    }
    if (!(REPAIR_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
      setFailure(repairMessages.attachmentType);
      return;
    }
    upload.mutate(file);
  }

  return (
    <div className="grid min-w-0 gap-4">
      {canChange ? (
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={REPAIR_ATTACHMENT_TYPES.join(',')}
            className="sr-only"
            aria-label={f.upload}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            {upload.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            {f.upload}
          </Button>
        </div>
      ) : null}
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      {query.isError && !query.data ? (
        <StateMessage>
          <ListLoadError
            error={query.error}
            message={repairsWebMessages.drawer.loadError}
            retryText={repairsWebMessages.retry}
            onRetry={query.refetch}
          />
        </StateMessage>
      ) : !query.data ? (
        <Empty>{repairsWebMessages.drawer.loading}</Empty>
      ) : query.data.length === 0 ? (
        <Empty>{f.empty}</Empty>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {query.data.map((file) => (
            <li key={file.id} className="flex min-w-0 items-center gap-3 rounded-lg border p-2">
              {file.contentType.startsWith('image/') ? (
                <img
                  src={attachmentUrl(repairId, file.id)}
                  alt={file.fileName}
                  loading="lazy"
                  className="size-12 shrink-0 rounded border object-cover"
                />
              ) : (
                <FileIcon className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="grid min-w-0">
                <a
                  href={attachmentUrl(repairId, file.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="truncate font-medium underline-offset-4 hover:underline"
                >
                  {file.fileName}
                </a>
                <span className="text-xs text-muted-foreground">
                  {kilobytes(file.bytes)} · {formatTimestampUk(file.createdAt)}
                </span>
              </span>
              {canChange ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="ml-auto shrink-0"
                  aria-label={f.remove(file.fileName)}
                  onClick={() => setRemoving(file)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <ConfirmDialog
          title={f.removeTitle}
          description={f.removeText(removing.fileName)}
          confirmLabel={f.removeConfirm}
          cancelLabel={f.cancel}
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
