// The dialog that imports one file (BOMs, opening stock, a bank statement), once: the frame, the file input with its
// 'choose a file' check, the upload with its pending state, the server's refusal with each wrong row listed, and then
// the result in place of the form. Esc, a click outside and the close buttons leave it, except while the file is sent.
// The module keeps its request, its own fields, what the result says and its texts.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon, UploadIcon } from 'lucide-react';
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
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';

const defaults = uiMessages.importDialog;

/** What an import dialog says; the module keeps these in its messages. Those left out say the defaults. */
export interface FileImportTexts {
  title: string;
  description: string;
  /** The file input's label. */
  file?: string;
  /** Under the file input when the upload is asked for with no file chosen. */
  chooseFile?: string;
  upload?: string;
  /** The upload button while the file is sent. */
  uploading?: string;
  /** The error when the server refused the file without a reason. */
  failed?: string;
  /** Leaves the dialog before a file is imported. */
  cancel?: string;
  /** Leaves the dialog after the result. */
  close?: string;
}

/** A refused file: the server's reason and the rows it found wrong, one by one. */
interface ImportFailure {
  message: string;
  rows: string[];
}

function failureOf(error: unknown, failed: string): ImportFailure {
  const rows = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
  const message = serverMessageOf(error) ?? failed;
  // The rows are listed one by one below; the summary is the sentence before them.
  return { message: rows.length ? message.split('. Рядок')[0]! : message, rows };
}

/**
 * The dialog: the file and the module's own fields, then — once `upload` has answered — the summary line, the details
 * and 'Закрити' (with `resultActions`). A refused file keeps the form, with the server's reason and wrong rows.
 */
export function FileImportDialog<R>({
  texts,
  accept,
  upload,
  onUploaded,
  summary,
  details,
  resultActions,
  onClose,
  children,
}: {
  texts: FileImportTexts;
  /** The types the file picker offers: extensions and MIME types, comma-separated. */
  accept: string;
  /** Sends the chosen file (with the module's fields) and answers what it became. */
  upload: (file: File) => Promise<R>;
  /** After an import: refresh what the file changed. */
  onUploaded?: (result: R) => void;
  /** The line announced when the import is done ('Створено специфікацій: 2'). */
  summary: (result: R) => ReactNode;
  /** Under the summary: what the file became (the records created, the counts). */
  details?: (result: R) => ReactNode;
  /** Buttons after 'Закрити' once the import is done: the next step ('Відкрити чернетки'). */
  resultActions?: ReactNode;
  onClose: () => void;
  /** The module's own fields, under the file (the status of the new records, the statement's columns). */
  children?: ReactNode;
}) {
  const t = { ...defaults, ...texts };
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [done, setDone] = useState<{ result: R } | null>(null);

  const mutation = useMutation({
    mutationFn: upload,
    onSuccess: (result) => {
      setDone({ result });
      onUploaded?.(result);
    },
    onError: (error) => setFailure(failureOf(error, t.failed)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!file) {
      setFileError(t.chooseFile);
      return;
    }
    setFileError(undefined);
    mutation.mutate(file);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        {done ? (
          <div className="grid gap-3">
            <p role="status" className="text-sm font-medium">
              {summary(done.result)}
            </p>
            {details?.(done.result)}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t.close}
              </Button>
              {resultActions}
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-file`}>{t.file}</Label>
              <Input
                id={`${id}-file`}
                type="file"
                accept={accept}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${id}-file-message`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(undefined);
                  setFailure(null);
                }}
              />
              <FieldMessage id={`${id}-file-message`} error={fileError} />
            </div>
            {children}
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
                {t.cancel}
              </Button>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <UploadIcon aria-hidden="true" />
                )}
                {mutation.isPending ? t.uploading : t.upload}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
