// 'Надіслати тест' of /email-settings (reports-admin.md §13): the address, then the SMTP server's answer — or its
// refusal in Ukrainian context — as the server reported it; the letter is in the outbox either way.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, SendIcon } from 'lucide-react';
import { FormField } from '@/web/components/document-fields.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { emailTestBodySchema, type EmailTestResult } from '../email-settings.contract.ts';
import { emailSettingsApi, outboxKey } from './email-settings.api.ts';
import { emailSettingsWebMessages as m } from './email-settings-web.messages.ts';

export function EmailTestDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<EmailTestResult | null>(null);
  const send = useMutation({
    mutationFn: (address: string) => emailSettingsApi.test(address),
    onSuccess: (answer) => {
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: outboxKey });
    },
    onError: (err) => setError(serverMessageOf(err) ?? undefined),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = emailTestBodySchema.safeParse({ to });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.to);
  }
  return (
    <Dialog open onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.testTitle}</DialogTitle>
          <DialogDescription>{m.testDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id={`${id}-to`} label={m.testTo} error={error}>
            <Input
              id={`${id}-to`}
              type="email"
              value={to}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-to-message`}
              onChange={(e) => setTo(e.target.value)}
            />
          </FormField>
          {result ? (
            result.ok ? (
              <p
                role="status"
                className="rounded-md border border-emerald-600/40 p-3 text-sm text-emerald-800 dark:text-emerald-300"
              >
                {result.message}
              </p>
            ) : (
              <FormFailure>{result.message}</FormFailure>
            )
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={send.isPending} onClick={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SendIcon aria-hidden="true" />
              )}
              {m.testSend}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
