// The create/edit dialog of a letter (sales.md §5): the counterparty (its postal address and contacts come from the
// server as the snapshot the letter will carry, still editable), the sender company, subject and text, the kind, the
// envelope format, postage and tracking. Checked with the contract's schema before it is sent; the server's field
// errors land on the inputs they name. Once the envelope is printed only the post office's fields stay editable.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import {
  envelopeFormatLabels,
  envelopeFormats,
  letterCreateSchema,
  letterUpdateSchema,
  mailKindLabels,
  mailKinds,
  mailStatusLabels,
  type EnvelopeFormat,
  type Letter,
  type LetterCreateInput,
  type MailKind,
  type RecipientPreview,
} from '@/modules/client-mail/client-mail.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { mailApi, refreshMail } from './client-mail.api.ts';
import { mailWebMessages } from './client-mail.messages.ts';
import { FormFailure } from './mail-parts.tsx';

const m = mailWebMessages.form;
const NONE = 'none';
const USUAL = 'usual';

interface FormValues {
  counterpartyId: number | null;
  counterpartyLabel: string | null;
  contactId: number | null;
  companyId: number | null;
  companyLabel: string | null;
  recipientName: string;
  recipientAddress: string;
  subject: string;
  body: string;
  kind: MailKind;
  declaredValue: string;
  envelopeFormat: EnvelopeFormat | typeof USUAL;
  postageCost: string;
  trackingNumber: string;
  notes: string;
}

function toForm(letter?: Letter): FormValues {
  return {
    counterpartyId: letter?.counterpartyId ?? null,
    counterpartyLabel: letter?.counterpartyName ?? null,
    contactId: letter?.contactId ?? null,
    companyId: letter?.companyId ?? null,
    companyLabel: letter?.companyName ?? null,
    recipientName: letter?.recipientName ?? '',
    recipientAddress: letter?.recipientAddress ?? '',
    subject: letter?.subject ?? '',
    body: letter?.body ?? '',
    kind: letter?.kind ?? 'simple',
    declaredValue: letter?.declaredValue ? decimalInput(letter.declaredValue) : '',
    envelopeFormat: letter?.envelopeFormat ?? USUAL,
    postageCost: letter?.postageCost ? decimalInput(letter.postageCost) : '',
    trackingNumber: letter?.trackingNumber ?? '',
    notes: letter?.notes ?? '',
  };
}

function toInput(v: FormValues): LetterCreateInput {
  const hasValue = v.kind === 'valuable' || v.kind === 'parcel';
  return {
    counterpartyId: v.counterpartyId ?? 0,
    contactId: v.contactId,
    companyId: v.companyId,
    recipientName: v.recipientName,
    recipientAddress: v.recipientAddress,
    subject: v.subject,
    body: v.body,
    kind: v.kind,
    declaredValue: hasValue ? v.declaredValue : null,
    ...(v.envelopeFormat === USUAL ? {} : { envelopeFormat: v.envelopeFormat }),
    postageCost: v.postageCost,
    trackingNumber: v.trackingNumber,
    notes: v.notes,
  };
}

/** What changed against the stored letter (only those fields go in the PATCH). */
function changesOf(input: LetterCreateInput, initial: LetterCreateInput): Partial<LetterCreateInput> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const before = (initial as Record<string, unknown>)[key];
    if ((value ?? '') !== (before ?? '')) out[key] = value;
  }
  return out as Partial<LetterCreateInput>;
}

function issuesOf(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

export function LetterDialog({
  letter,
  readOnly = false,
  onClose,
}: {
  letter?: Letter;
  /** A letter already sent, or a user without the right to change it: shown, not edited. */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => toForm(letter));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<RecipientPreview | null>(null);
  const [loadingRecipient, setLoadingRecipient] = useState(false);
  const locked = letter !== undefined && letter.status !== 'draft';
  const set = (change: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  };

  // Contacts of a stored draft's counterparty, for the contact select.
  const storedCounterparty = letter && !locked && !readOnly ? letter.counterpartyId : null;
  useEffect(() => {
    if (storedCounterparty === null) return;
    let live = true;
    mailApi
      .recipient(storedCounterparty)
      .then((found) => live && setPreview(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [storedCounterparty]);

  async function chooseCounterparty(id: number | null, label: string | null) {
    set({ counterpartyId: id, counterpartyLabel: label, contactId: null });
    setPreview(null);
    if (id === null) return;
    setLoadingRecipient(true);
    try {
      const found = await mailApi.recipient(id);
      setPreview(found);
      set({ recipientName: found.recipientName, recipientAddress: found.recipientAddress ?? '' });
    } catch (error) {
      setFailure(serverMessageOf(error) ?? m.saveFailed);
    } finally {
      setLoadingRecipient(false);
    }
  }

  function chooseContact(value: string) {
    const contact = preview?.contacts.find((c) => String(c.id) === value);
    set({
      contactId: contact?.id ?? null,
      recipientName: contact?.recipientName ?? preview?.recipientName ?? values.recipientName,
    });
  }

  const save = useMutation({
    mutationFn: async () => {
      const input = toInput(values);
      if (!letter) return mailApi.create(input);
      const patch = changesOf(input, toInput(toForm(letter)));
      return mailApi.update(letter.id, { ...patch, updatedAt: letter.updatedAt });
    },
    onMutate: () => setFailure(null),
    onSuccess: async (saved) => {
      toast({ title: letter ? m.saved : m.created, description: saved.number });
      await refreshMail(queryClient);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
        setErrors(error.fields);
        setFailure(error.fields.counterpartyId || error.fields.recipientAddress ? null : error.message);
      } else {
        setFailure(serverMessageOf(error) ?? m.saveFailed);
      }
    },
  });

  function submit() {
    const input = toInput(values);
    const checked = letter
      ? letterUpdateSchema.safeParse(changesOf(input, toInput(toForm(letter))))
      : letterCreateSchema.safeParse(input);
    const found = checked.success ? {} : issuesOf(checked.error);
    if (!letter && values.counterpartyId === null) found.counterpartyId = mailWebMessages.required;
    if (!letter && !values.recipientAddress.trim()) found.recipientAddress = mailWebMessages.required;
    if (values.kind === 'valuable' && !/[1-9]/.test(values.declaredValue)) {
      found.declaredValue = 'Для цінного листа з описом вкажіть оголошену цінність більше нуля';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  const idOf = (name: string) => `${formId}-${name}`;
  const aria = (name: string, required = false) => ({
    id: idOf(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
    'aria-required': required ? true : undefined,
  });
  const field = (name: string, label: string, input: ReactNode, opts: { required?: boolean; hint?: string } = {}) => (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={idOf(name)}>
        {label}
        {opts.required ? (
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {input}
      <FieldMessage id={`${idOf(name)}-message`} error={errors[name]} hint={opts.hint} />
    </div>
  );
  const hasValue = values.kind === 'valuable' || values.kind === 'parcel';

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{letter ? m.editTitle(letter.number) : m.createTitle}</DialogTitle>
          <DialogDescription>
            {!letter
              ? m.createDescription
              : readOnly
                ? `${mailStatusLabels[letter.status]}${letter.registerNumber ? ` · ${letter.registerNumber}` : ''}`
                : locked
                  ? m.lockedDescription
                  : m.editDescription}
          </DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) submit();
          }}
        >
          <fieldset disabled={save.isPending || readOnly} className="grid min-w-0 gap-4 sm:grid-cols-2">
            {field(
              'counterpartyId',
              m.counterparty,
              <ReferencePicker
                route="/clients"
                value={values.counterpartyId}
                valueLabel={values.counterpartyLabel}
                placeholder={m.counterpartyPlaceholder}
                disabled={locked}
                onChange={(id, label) => void chooseCounterparty(id, label)}
                {...aria('counterpartyId', true)}
              />,
              { required: true },
            )}
            {field(
              'contactId',
              m.contact,
              <Select
                value={values.contactId === null ? NONE : String(values.contactId)}
                onValueChange={chooseContact}
                disabled={locked || !preview || preview.contacts.length === 0}
              >
                <SelectTrigger {...aria('contactId')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{m.noContact}</SelectItem>
                  {(preview?.contacts ?? []).map((c) => (
                    <SelectItem key={c.id} value={String(c.id)}>
                      {c.position ? `${c.fullName} (${c.position})` : c.fullName}
                    </SelectItem>
                  ))}
                  {letter?.contactId && !preview?.contacts.some((c) => c.id === letter.contactId) ? (
                    <SelectItem value={String(letter.contactId)}>
                      {letter.contactName ?? `#${letter.contactId}`}
                    </SelectItem>
                  ) : null}
                </SelectContent>
              </Select>,
            )}
            {field(
              'recipientName',
              m.recipientName,
              <Input
                maxLength={300}
                disabled={locked}
                value={values.recipientName}
                onChange={(e) => set({ recipientName: e.target.value })}
                {...aria('recipientName', true)}
              />,
              { required: true, hint: loadingRecipient ? m.loadingRecipient : m.recipientHint },
            )}
            {field(
              'recipientAddress',
              m.recipientAddress,
              <Textarea
                rows={3}
                maxLength={1000}
                disabled={locked}
                value={values.recipientAddress}
                onChange={(e) => set({ recipientAddress: e.target.value })}
                {...aria('recipientAddress', true)}
              />,
              { required: true },
            )}
            {field(
              'companyId',
              m.company,
              <ReferencePicker
                route="/companies"
                value={values.companyId}
                valueLabel={values.companyLabel}
                clearLabel={m.companyDefault}
                disabled={locked}
                onChange={(id, label) => set({ companyId: id, companyLabel: label })}
                {...aria('companyId')}
              />,
            )}
            {field(
              'subject',
              m.subject,
              <Input
                maxLength={300}
                disabled={locked}
                value={values.subject}
                onChange={(e) => set({ subject: e.target.value })}
                {...aria('subject')}
              />,
            )}
            <div className="sm:col-span-2">
              {field(
                'body',
                m.body,
                <Textarea
                  rows={4}
                  maxLength={20000}
                  disabled={locked}
                  value={values.body}
                  onChange={(e) => set({ body: e.target.value })}
                  {...aria('body')}
                />,
                { hint: m.bodyHint },
              )}
            </div>
            {field(
              'kind',
              m.kind,
              <Select value={values.kind} onValueChange={(kind) => set({ kind: kind as MailKind })}>
                <SelectTrigger {...aria('kind')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {mailKinds.map((k) => (
                    <SelectItem key={k} value={k}>
                      {mailKindLabels[k]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>,
            )}
            {field(
              'envelopeFormat',
              m.format,
              <Select
                value={values.envelopeFormat}
                disabled={locked}
                onValueChange={(format) => set({ envelopeFormat: format as FormValues['envelopeFormat'] })}
              >
                <SelectTrigger {...aria('envelopeFormat')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {letter ? null : <SelectItem value={USUAL}>{m.formatDefault}</SelectItem>}
                  {envelopeFormats.map((f) => (
                    <SelectItem key={f} value={f}>
                      {envelopeFormatLabels[f]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>,
            )}
            {hasValue
              ? field(
                  'declaredValue',
                  m.declaredValue,
                  <Input
                    inputMode="decimal"
                    value={values.declaredValue}
                    onChange={(e) => set({ declaredValue: e.target.value })}
                    {...aria('declaredValue', values.kind === 'valuable')}
                  />,
                  { required: values.kind === 'valuable' },
                )
              : null}
            {field(
              'postageCost',
              m.postageCost,
              <Input
                inputMode="decimal"
                value={values.postageCost}
                onChange={(e) => set({ postageCost: e.target.value })}
                {...aria('postageCost')}
              />,
            )}
            {field(
              'trackingNumber',
              m.trackingNumber,
              <Input
                maxLength={20}
                className="font-mono uppercase"
                value={values.trackingNumber}
                onChange={(e) => set({ trackingNumber: e.target.value })}
                {...aria('trackingNumber')}
              />,
              { hint: m.trackingHint },
            )}
            <div className="sm:col-span-2">
              {field(
                'notes',
                m.notes,
                <Textarea
                  rows={2}
                  maxLength={2000}
                  value={values.notes}
                  onChange={(e) => set({ notes: e.target.value })}
                  {...aria('notes')}
                />,
              )}
            </div>
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
            {readOnly ? mailWebMessages.close : mailWebMessages.cancel}
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={formId} disabled={save.isPending}>
              {save.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SaveIcon aria-hidden="true" />
              )}
              {save.isPending ? mailWebMessages.saving : mailWebMessages.save}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
