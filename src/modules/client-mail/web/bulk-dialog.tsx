// 'Масове створення листів' (sales.md §5): one subject to several clients — picked one by one from a searchable
// list, or every active client of a type whose name matches. Clients without an address are skipped and named.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, MailPlusIcon, SearchIcon, XIcon } from 'lucide-react';
import {
  bulkCreateSchema,
  envelopeFormatLabels,
  envelopeFormats,
  mailKindLabels,
  mailKinds,
  type BulkCreateInput,
  type EnvelopeFormat,
  type MailKind,
} from '@/modules/client-mail/client-mail.contract.ts';
import { lookupQueryKey, type LookupItem } from '@/resources/_engine/web/resource-api.ts';
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
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { mailApi, refreshMail } from './client-mail.api.ts';
import { mailWebMessages } from './client-mail.messages.ts';
import { FormFailure } from './mail-parts.tsx';

const m = mailWebMessages.bulk;
const f = mailWebMessages.form;
const USUAL = 'usual';
const ALL = 'all';
type LegalForm = keyof typeof m.legalForms;

export function BulkDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'list' | 'filter'>('list');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [search, setSearch] = useState('');
  const [legalForm, setLegalForm] = useState<LegalForm>(ALL);
  const [nameContains, setNameContains] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<MailKind>('simple');
  const [declaredValue, setDeclaredValue] = useState('');
  const [format, setFormat] = useState<EnvelopeFormat | typeof USUAL>(USUAL);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const searchBox = useSearchBox('', setSearch, 250);

  const clients = useQuery<LookupItem[]>({
    queryKey: [lookupQueryKey('/clients', search)[0], { search, limit: 100 }],
    enabled: mode === 'list',
  });

  function toggle(item: LookupItem, on: boolean) {
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(item.id, item.label);
      else next.delete(item.id);
      return next;
    });
    setErrors((e) => ({ ...e, counterpartyIds: '' }));
  }

  function input(): BulkCreateInput {
    return {
      ...(mode === 'list'
        ? { counterpartyIds: [...chosen.keys()] }
        : {
            filter: {
              ...(legalForm === ALL ? {} : { legalForm }),
              ...(nameContains.trim() ? { search: nameContains.trim() } : {}),
            },
          }),
      subject,
      body,
      kind,
      declaredValue: kind === 'valuable' || kind === 'parcel' ? declaredValue : null,
      ...(format === USUAL ? {} : { envelopeFormat: format }),
    };
  }

  const create = useMutation({
    mutationFn: () => mailApi.bulkCreate(input()),
    onMutate: () => setFailure(null),
    onSuccess: async (result) => {
      toast({
        title: m.created(result.created.length),
        description: result.skipped.length ? m.skipped(result.skipped.map((s) => s.name).join(', ')) : undefined,
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
    const checked = bulkCreateSchema.safeParse(input());
    const found: Record<string, string> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !found[key]) found[key] = issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  }

  const idOf = (name: string) => `${formId}-${name}`;
  const aria = (name: string) => ({
    id: idOf(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
  });
  const shown = clients.data ?? [];

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset disabled={create.isPending} className="grid min-w-0 gap-4">
            <div role="radiogroup" aria-label={m.modeLabel} className="flex flex-wrap gap-2">
              {(['list', 'filter'] as const).map((value) => (
                <Button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={mode === value}
                  variant={mode === value ? 'default' : 'outline'}
                  size="sm"
                  onClick={() => setMode(value)}
                >
                  {value === 'list' ? m.byList : m.byFilter}
                </Button>
              ))}
            </div>

            {mode === 'list' ? (
              <div className="grid min-w-0 gap-2">
                <div className="relative">
                  <SearchIcon
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    type="search"
                    className="pl-9"
                    aria-label={m.search}
                    placeholder={m.searchPlaceholder}
                    value={searchBox.text}
                    onChange={(e) => searchBox.change(e.target.value)}
                  />
                </div>
                <ul
                  aria-label={m.search}
                  aria-busy={clients.isFetching ? true : undefined}
                  className="max-h-56 overflow-y-auto rounded-md border"
                >
                  {shown.map((item) => {
                    const id = `${formId}-client-${item.id}`;
                    return (
                      <li key={item.id} className="flex items-center gap-3 border-b px-3 py-2 last:border-0">
                        <Checkbox
                          id={id}
                          checked={chosen.has(item.id)}
                          onCheckedChange={(checked) => toggle(item, checked === true)}
                        />
                        <Label htmlFor={id} className="min-w-0 flex-1 truncate font-normal">
                          {item.label}
                        </Label>
                      </li>
                    );
                  })}
                  {clients.isPending ? (
                    <li role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
                      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
                      {m.loading}
                    </li>
                  ) : shown.length === 0 ? (
                    <li className="px-3 py-2 text-sm text-muted-foreground">{m.nobody}</li>
                  ) : null}
                </ul>
                <p className="text-sm font-medium" aria-live="polite">
                  {m.chosen(chosen.size)}
                </p>
                {chosen.size ? (
                  <ul className="flex flex-wrap gap-1.5" aria-label={m.chosen(chosen.size)}>
                    {[...chosen].map(([id, label]) => (
                      <li key={id} className="flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs">
                        <span className="max-w-48 truncate">{label}</span>
                        <button
                          type="button"
                          className="rounded-full p-0.5 hover:bg-background"
                          aria-label={m.remove(label)}
                          onClick={() => toggle({ id, label }, false)}
                        >
                          <XIcon className="size-3" aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor={idOf('legalForm')}>{m.legalForm}</Label>
                  <Select value={legalForm} onValueChange={(v) => setLegalForm(v as LegalForm)}>
                    <SelectTrigger id={idOf('legalForm')}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {(Object.keys(m.legalForms) as LegalForm[]).map((key) => (
                        <SelectItem key={key} value={key}>
                          {m.legalForms[key]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={idOf('nameContains')}>{m.nameContains}</Label>
                  <Input
                    id={idOf('nameContains')}
                    value={nameContains}
                    maxLength={200}
                    onChange={(e) => setNameContains(e.target.value)}
                  />
                </div>
              </div>
            )}
            <FieldMessage id={`${idOf('counterpartyIds')}-message`} error={errors.counterpartyIds || undefined} />

            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-2 sm:col-span-2">
                <Label htmlFor={idOf('subject')}>
                  {f.subject}
                  <span className="text-destructive dark:text-red-400" aria-hidden="true">
                    *
                  </span>
                </Label>
                <Input
                  maxLength={300}
                  aria-required
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                  {...aria('subject')}
                />
                <FieldMessage id={`${idOf('subject')}-message`} error={errors.subject} />
              </div>
              <div className="grid content-start gap-2 sm:col-span-2">
                <Label htmlFor={idOf('body')}>{f.body}</Label>
                <Textarea
                  rows={3}
                  maxLength={20000}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  {...aria('body')}
                />
                <FieldMessage id={`${idOf('body')}-message`} error={errors.body} hint={f.bodyHint} />
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={idOf('kind')}>{f.kind}</Label>
                <Select value={kind} onValueChange={(v) => setKind(v as MailKind)}>
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
                </Select>
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={idOf('envelopeFormat')}>{f.format}</Label>
                <Select value={format} onValueChange={(v) => setFormat(v as EnvelopeFormat | typeof USUAL)}>
                  <SelectTrigger {...aria('envelopeFormat')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={USUAL}>{f.formatDefault}</SelectItem>
                    {envelopeFormats.map((x) => (
                      <SelectItem key={x} value={x}>
                        {envelopeFormatLabels[x]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {kind === 'valuable' || kind === 'parcel' ? (
                <div className="grid content-start gap-2">
                  <Label htmlFor={idOf('declaredValue')}>{f.declaredValue}</Label>
                  <Input
                    inputMode="decimal"
                    value={declaredValue}
                    onChange={(e) => setDeclaredValue(e.target.value)}
                    {...aria('declaredValue')}
                  />
                  <FieldMessage id={`${idOf('declaredValue')}-message`} error={errors.declaredValue} />
                </div>
              ) : null}
            </div>
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
            {mailWebMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <MailPlusIcon aria-hidden="true" />
            )}
            {create.isPending ? m.creating : m.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
