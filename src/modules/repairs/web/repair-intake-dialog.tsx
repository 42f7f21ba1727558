// 'Прийняти в ремонт' (production.md §7 Page): the serial first — scanned or typed, Enter or 'Знайти' asks
// lookup-serial, which fills the item, the client, the sale date and the warranty and lists the unit's previous
// repairs. Without a serial the item and the client are picked by hand (such a repair is paid unless overridden).
// The warranty decision can be turned round with a reason; the problem, 'Комплектність' and the visual damage follow.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon, ScanBarcodeIcon } from 'lucide-react';
import type { Repair, SerialLookup } from '@/modules/repairs/repairs.contract.ts';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { DateField } from '@/web/components/date-field.tsx';
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
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk, todayIso } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { formatDayUk, RepairStatusBadge, WarrantyBadge } from './repair-badges.tsx';
import { repairsApi, type RepairCreateBody } from './repairs.api.ts';
import { repairsWebMessages } from './repairs-web.messages.ts';

const m = repairsWebMessages.intake;

type Chosen = { id: number; label: string };

export function RepairIntakeDialog({
  onCreated,
  onClose,
}: {
  onCreated: (repair: Repair) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [serialText, setSerialText] = useState('');
  const [found, setFound] = useState<SerialLookup | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [item, setItem] = useState<Chosen | null>(null);
  const [client, setClient] = useState<Chosen | null>(null);
  const [intakeDate, setIntakeDate] = useState(todayIso);
  const [override, setOverride] = useState(false);
  const [overrideReason, setOverrideReason] = useState('');
  const [problem, setProblem] = useState('');
  const [accessories, setAccessories] = useState('');
  const [visualDamage, setVisualDamage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: (serial: string) => repairsApi.lookupSerial(serial),
    onMutate: () => {
      setNotFound(false);
      setFound(null);
    },
    onSuccess: (answer) => {
      setFound(answer);
      setItem({ id: answer.itemId, label: answer.itemName });
      setClient(answer.clientId === null ? null : { id: answer.clientId, label: answer.clientName ?? '' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) setNotFound(true);
      else setFailure(serverMessageOf(error) ?? m.serialNotFound);
    },
  });

  const create = useMutation({
    mutationFn: (body: RepairCreateBody) => repairsApi.create(body),
    onSuccess: (repair) => {
      toast({ title: m.created, description: repair.number });
      onCreated(repair);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? m.failed);
    },
  });

  // Warranty as the serial decides it (none without a serial: paid), then turned round when overridden.
  const computed = found?.isWarranty ?? false;
  const warranty = override ? !computed : computed;

  function findSerial() {
    const serial = serialText.trim();
    if (serial) lookup.mutate(serial);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const next: Record<string, string> = {};
    if (!item) next.itemId = m.required;
    if (!client) next.clientId = m.required;
    if (!problem.trim()) next.problemDescription = m.problemRequired;
    if (override && !overrideReason.trim()) next.warrantyOverrideReason = m.reasonRequired;
    setErrors(next);
    if (Object.keys(next).length || !item || !client) return;
    create.mutate({
      serialNumberId: found?.serialNumberId ?? null,
      itemId: item.id,
      clientId: client.id,
      intakeDate,
      problemDescription: problem.trim(),
      accessories: accessories.trim() || null,
      visualDamage: visualDamage.trim() || null,
      ...(override ? { warrantyOverride: warranty, warrantyOverrideReason: overrideReason.trim() } : {}),
    });
  }

  const idOf = (name: string) => `${formId}-${name}`;
  const aria = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
  });
  const box = (name: string, label: string, input: ReactNode, options: { hint?: string; required?: boolean } = {}) => (
    <FormField id={idOf(name)} label={label} error={errors[name]} hint={options.hint} required={options.required}>
      {input}
    </FormField>
  );
  const text = (name: string, label: string, value: string, set: (v: string) => void, required = false) =>
    box(
      name,
      label,
      <Textarea
        id={idOf(name)}
        rows={2}
        maxLength={2000}
        value={value}
        aria-required={required || undefined}
        {...aria(name)}
        onChange={(event) => set(event.target.value)}
      />,
      { required },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[95dvh] gap-5 overflow-y-auto p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
          <fieldset disabled={create.isPending} className="grid min-w-0 gap-4">
            <div className="grid min-w-0 gap-2">
              <Label htmlFor={idOf('serial')}>{m.serial}</Label>
              <div className="flex gap-2">
                <Input
                  id={idOf('serial')}
                  value={serialText}
                  autoFocus
                  autoComplete="off"
                  placeholder={m.serialPlaceholder}
                  aria-describedby={idOf('serial-state')}
                  onChange={(event) => {
                    setSerialText(event.target.value);
                    // Another serial: what the last one filled in no longer holds.
                    if (found) {
                      setFound(null);
                      setItem(null);
                      setClient(null);
                    }
                    setNotFound(false);
                  }}
                  onKeyDown={(event) => {
                    // A scanner ends with Enter: it finds the serial instead of sending the form.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      findSerial();
                    }
                  }}
                />
                <Button type="button" variant="outline" disabled={lookup.isPending} onClick={findSerial}>
                  {lookup.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <ScanBarcodeIcon aria-hidden="true" />
                  )}
                  {m.serialFind}
                </Button>
              </div>
              <p id={idOf('serial-state')} className="text-sm text-muted-foreground" role="status">
                {lookup.isPending
                  ? m.serialSearching
                  : notFound
                    ? m.serialNotFound
                    : found
                      ? m.serialFound(found.itemName)
                      : m.serialHint}
              </p>
            </div>
            {found ? <SerialFacts found={found} /> : null}

            <div className="grid min-w-0 gap-4 sm:grid-cols-2">
              {box(
                'itemId',
                m.item,
                <ItemPicker
                  id={idOf('itemId')}
                  value={item?.id ?? null}
                  valueLabel={item?.label ?? null}
                  placeholder={m.itemPlaceholder}
                  disabled={found !== null}
                  aria-required
                  {...aria('itemId')}
                  onPick={(option) => setItem({ id: option.id, label: option.name })}
                />,
                { required: true },
              )}
              {box(
                'clientId',
                m.client,
                <ReferencePicker
                  id={idOf('clientId')}
                  route="/clients"
                  value={client?.id ?? null}
                  valueLabel={client?.label ?? null}
                  placeholder={m.clientPlaceholder}
                  aria-required
                  {...aria('clientId')}
                  onChange={(id, label) => setClient(id === null ? null : { id, label: label ?? '' })}
                />,
                { required: true },
              )}
              {box(
                'intakeDate',
                m.intakeDate,
                <DateField
                  id={idOf('intakeDate')}
                  value={intakeDate}
                  onChange={setIntakeDate}
                  {...aria('intakeDate')}
                />,
                { required: true },
              )}
              <div className="grid min-w-0 content-start gap-2">
                <span className="text-sm font-medium">{m.decision}</span>
                <span>
                  <WarrantyBadge warranty={warranty} />
                </span>
              </div>
            </div>

            <div className="grid min-w-0 gap-3 rounded-lg border p-3">
              <div className="flex items-center gap-3">
                <Switch id={idOf('override')} checked={override} onCheckedChange={(on) => setOverride(on === true)} />
                <Label htmlFor={idOf('override')}>{m.warrantyOverride}</Label>
              </div>
              {override ? (
                <>
                  {box(
                    'warrantyOverrideReason',
                    m.warrantyOverrideReason,
                    <Input
                      id={idOf('warrantyOverrideReason')}
                      value={overrideReason}
                      maxLength={500}
                      aria-required
                      {...aria('warrantyOverrideReason')}
                      onChange={(event) => setOverrideReason(event.target.value)}
                    />,
                    { hint: m.warrantyOverrideHint, required: true },
                  )}
                  <div>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setOverrideReason(m.overrideSuggestion)}
                    >
                      {m.overrideSuggestion}
                    </Button>
                  </div>
                </>
              ) : null}
            </div>

            {text('problemDescription', m.problem, problem, setProblem, true)}
            <div className="grid min-w-0 gap-4 sm:grid-cols-2">
              {text('accessories', m.accessories, accessories, setAccessories)}
              {text('visualDamage', m.visualDamage, visualDamage, setVisualDamage)}
            </div>
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {m.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** What the serial told: sold when, warranty until when, and the unit's earlier repairs. */
function SerialFacts({ found }: { found: SerialLookup }) {
  return (
    <div className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm">
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {found.soldAt ? <span>{m.soldAt(formatDayUk(found.soldAt))}</span> : null}
        <span>{found.warrantyUntil ? m.warrantyUntil(formatDateUk(found.warrantyUntil)) : m.noWarrantyDate}</span>
      </p>
      {found.clientId === null ? <p>{m.noSale}</p> : null}
      {found.openRepairId !== null ? (
        <p role="alert" className="font-medium text-amber-800 dark:text-amber-300">
          {m.openRepair}
        </p>
      ) : null}
      {found.previousRepairs.length ? (
        <div className="grid gap-1">
          <span className="font-medium">{m.previous}</span>
          <ul className="grid gap-1">
            {found.previousRepairs.map((previous) => (
              <li key={previous.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{previous.number}</span>
                <span className="tabular-nums">{formatDateUk(previous.intakeDate)}</span>
                <RepairStatusBadge status={previous.status} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
