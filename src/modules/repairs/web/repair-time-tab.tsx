// 'Час' of a repair's drawer (production.md §7): the repair's time entries (worker, date, minutes) and, while the
// repair is open, a line to add one — its minutes count towards the labour cost.
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon } from 'lucide-react';
import type { Repair } from '@/modules/repairs/repairs.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { FormField } from '@/web/components/document-fields.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { formatDateUk, formatMoney, formatQty, todayIso } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { repairsApi } from './repairs.api.ts';
import { Empty, Scroll } from './repair-tabs.tsx';
import { repairsWebMessages } from './repairs-web.messages.ts';

const t = repairsWebMessages.time;

export function TimeTab({
  repair,
  canChange,
  onChanged,
}: {
  repair: Repair;
  canChange: boolean;
  onChanged: () => void;
}) {
  const formId = useId();
  const [worker, setWorker] = useState<{ id: number; label: string } | null>(
    repair.assignedWorkerId === null ? null : { id: repair.assignedWorkerId, label: repair.assignedWorkerName ?? '' },
  );
  const [minutes, setMinutes] = useState('');
  const [date, setDate] = useState(todayIso);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const addEntry = useMutation({
    mutationFn: (body: { workerId: number; minutes: number; date: string }) => repairsApi.addTime(repair.id, body),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast({ title: t.added, description: repair.number });
      setMinutes('');
      onChanged();
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? repairsWebMessages.drawer.failed),
  });

  function submit() {
    const next: Record<string, string> = {};
    if (!worker) next.worker = t.workerRequired;
    const whole = /^\d{1,5}$/.test(minutes.trim()) ? Number(minutes.trim()) : 0;
    if (whole <= 0) next.minutes = t.minutesInvalid;
    setErrors(next);
    if (Object.keys(next).length || !worker) return;
    addEntry.mutate({ workerId: worker.id, minutes: whole, date });
  }

  const open = repair.status !== 'returned' && repair.status !== 'cancelled';
  const total = repair.timeEntries.reduce((sum, entry) => add(sum, dec(entry.minutes)), dec(0));
  return (
    <div className="grid min-w-0 gap-4">
      {repair.timeEntries.length === 0 ? (
        <Empty>{t.empty}</Empty>
      ) : (
        <Scroll>
          <Table aria-label={repairsWebMessages.drawer.tabs.time}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t.date}</TableHead>
                <TableHead>{t.worker}</TableHead>
                <TableHead className="text-right">{t.minutes}</TableHead>
                <TableHead className="text-right">{t.cost}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {repair.timeEntries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="tabular-nums">{formatDateUk(entry.date)}</TableCell>
                  <TableCell>{entry.workerName}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatQty(entry.minutes)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(entry.cost)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      )}
      {repair.timeEntries.length ? (
        <p className="text-sm text-muted-foreground">
          {t.total(formatQty(fixed(total, 2)), formatQty(repair.costs.hours))}
        </p>
      ) : null}
      {canChange && open ? (
        <form
          id={formId}
          noValidate
          className="grid min-w-0 gap-3 rounded-lg border p-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset
            disabled={addEntry.isPending}
            className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_10rem]"
          >
            <FormField id={`${formId}-worker`} label={t.worker} error={errors.worker} required>
              <ReferencePicker
                id={`${formId}-worker`}
                route="/workers"
                value={worker?.id ?? null}
                valueLabel={worker?.label ?? null}
                placeholder={t.workerPlaceholder}
                aria-required
                onChange={(id, label) => setWorker(id === null ? null : { id, label: label ?? '' })}
              />
            </FormField>
            <FormField id={`${formId}-minutes`} label={t.minutes} error={errors.minutes} required>
              <Input
                id={`${formId}-minutes`}
                inputMode="numeric"
                autoComplete="off"
                className="text-right tabular-nums"
                value={minutes}
                aria-invalid={errors.minutes ? true : undefined}
                aria-describedby={`${formId}-minutes-message`}
                onChange={(event) => setMinutes(event.target.value)}
              />
            </FormField>
            <FormField id={`${formId}-date`} label={t.date} error={undefined} required>
              <DateField id={`${formId}-date`} value={date} onChange={setDate} />
            </FormField>
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={addEntry.isPending}>
              {addEntry.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <PlusIcon aria-hidden="true" />
              )}
              {t.add}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
