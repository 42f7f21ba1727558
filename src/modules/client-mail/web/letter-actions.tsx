// The dialogs the letters list opens: printing envelopes for the selected letters (one format for all, or each
// letter's own; optionally the letters' text on A4) and one status step with its date and tracking number.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PrinterIcon, SaveIcon } from 'lucide-react';
import {
  envelopeFormatLabels,
  envelopeFormats,
  mailStatusLabels,
  statusChangeSchema,
  type EnvelopeFormat,
  type Letter,
  type MailStatus,
} from '@/modules/client-mail/client-mail.contract.ts';
import { DateField } from '@/web/components/date-field.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { todayIso } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { mailApi, refreshMail } from './client-mail.api.ts';
import { mailWebMessages } from './client-mail.messages.ts';
import { FormFailure } from './mail-parts.tsx';

const OWN = 'own';

export function PrintEnvelopesDialog({
  letters,
  onDone,
  onClose,
}: {
  letters: readonly Letter[];
  onDone: () => void;
  onClose: () => void;
}) {
  const m = mailWebMessages.print;
  const formId = useId();
  const queryClient = useQueryClient();
  const formats = new Set(letters.map((l) => l.envelopeFormat));
  const [format, setFormat] = useState<EnvelopeFormat | typeof OWN>(formats.size === 1 ? [...formats][0]! : OWN);
  const [withLetters, setWithLetters] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const print = useMutation({
    mutationFn: () =>
      mailApi.printEnvelopes(
        letters.map((l) => l.id),
        format === OWN ? undefined : format,
        withLetters,
      ),
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      toast({ title: m.done });
      await refreshMail(queryClient);
      onDone();
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? mailWebMessages.failed),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !print.isPending && onClose()}>
      <DialogContent className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title(letters.length)}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${formId}-format`}>{m.format}</Label>
            <Select value={format} onValueChange={(v) => setFormat(v as EnvelopeFormat | typeof OWN)}>
              <SelectTrigger id={`${formId}-format`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={OWN}>{m.ownFormat}</SelectItem>
                {envelopeFormats.map((f) => (
                  <SelectItem key={f} value={f}>
                    {envelopeFormatLabels[f]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${formId}-letters`}
              checked={withLetters}
              onCheckedChange={(checked) => setWithLetters(checked === true)}
            />
            <Label htmlFor={`${formId}-letters`} className="font-normal">
              {m.withLetters}
            </Label>
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={print.isPending} onClick={onClose}>
            {mailWebMessages.cancel}
          </Button>
          <Button disabled={print.isPending} onClick={() => print.mutate()}>
            {print.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <PrinterIcon aria-hidden="true" />
            )}
            {print.isPending ? m.printing : m.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** One step to 'sent', 'delivered' or 'returned': when it happened and, optionally, the tracking number. */
export function StatusDialog({
  letter,
  status,
  onClose,
}: {
  letter: Letter;
  status: Extract<MailStatus, 'sent' | 'delivered' | 'returned'>;
  onClose: () => void;
}) {
  const m = mailWebMessages.status;
  const formId = useId();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(todayIso());
  const [trackingNumber, setTrackingNumber] = useState(letter.trackingNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const body = () => ({
    status,
    ...(date ? { date } : {}),
    ...(trackingNumber.trim() !== (letter.trackingNumber ?? '') ? { trackingNumber } : {}),
  });
  const change = useMutation({
    mutationFn: () => mailApi.changeStatus(letter.id, body()),
    onMutate: () => setFailure(null),
    onSuccess: async (saved) => {
      toast({
        title: mailWebMessages.letters.statusChanged,
        description: `${saved.number}: ${mailStatusLabels[saved.status]}`,
      });
      await refreshMail(queryClient);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? mailWebMessages.failed);
    },
  });
  function submit() {
    const checked = statusChangeSchema.safeParse(body());
    const found: Record<string, string> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) found[String(issue.path[0] ?? 'status')] ??= issue.message;
    }
    setErrors(found);
    if (!Object.keys(found).length) change.mutate();
  }
  return (
    <Dialog open onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <DialogContent className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title(mailStatusLabels[status], letter.number)}</DialogTitle>
          <DialogDescription>{letter.recipientName}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${formId}-date`}>{m.date}</Label>
            <DateField
              id={`${formId}-date`}
              value={date}
              max={todayIso()}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={`${formId}-date-message`}
              onChange={setDate}
            />
            <FieldMessage id={`${formId}-date-message`} error={errors.date} hint={m.dateHint} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${formId}-tracking`}>{m.trackingNumber}</Label>
            <Input
              id={`${formId}-tracking`}
              className="font-mono uppercase"
              maxLength={20}
              value={trackingNumber}
              aria-invalid={errors.trackingNumber ? true : undefined}
              aria-describedby={`${formId}-tracking-message`}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
            <FieldMessage
              id={`${formId}-tracking-message`}
              error={errors.trackingNumber}
              hint={mailWebMessages.form.trackingHint}
            />
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button variant="outline" disabled={change.isPending} onClick={onClose}>
            {mailWebMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={change.isPending}>
            {change.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {m.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
