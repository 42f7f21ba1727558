// 'Очистити старші за N днів' (reports-admin.md §16): system events only, N ≥ 30 checked here in Ukrainian and again
// by the server; the dialog itself is the confirmation and stays open until the server answers.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { MIN_CLEANUP_DAYS } from '@/modules/system-logs/system-logs.messages.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isEventsQuery, systemLogsApi } from './system-logs.api.ts';
import { systemLogsWebMessages } from './system-logs.messages.ts';

const m = systemLogsWebMessages.cleanup;

/** The days typed, or null unless a whole number of at least 30. */
export function cleanupDays(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,5}$/.test(t)) return null;
  const n = Number(t);
  return n >= MIN_CLEANUP_DAYS ? n : null;
}

export function CleanupDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('90');
  const [error, setError] = useState<string | null>(null);
  const cleanup = useMutation({
    mutationFn: (days: number) => systemLogsApi.cleanup(days),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ predicate: isEventsQuery });
      toast({ title: m.done, description: result.message });
      onClose();
    },
    onError: (err) => setError(serverMessageOf(err) ?? m.failed),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const days = cleanupDays(text);
    if (days === null) {
      setError(m.tooFew);
      return;
    }
    setError(null);
    cleanup.mutate(days);
  }

  return (
    <AlertDialog open onOpenChange={(open) => !open && !cleanup.isPending && onClose()}>
      <AlertDialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>{m.title}</AlertDialogTitle>
            <AlertDialogDescription>{m.description}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-days`}>{m.days}</Label>
            <Input
              id={`${id}-days`}
              inputMode="numeric"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={cleanup.isPending}>
              {m.cancel}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={cleanup.isPending}>
              {cleanup.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {m.confirm}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
