// 'З замовлень' (production.md §5, §10): the uncovered order lines of made items (approved for production by default);
// the chosen lines become planned tasks — one per item — linked to the lines through mo_demands.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon } from 'lucide-react';
import {
  moPriorities,
  moPriorityLabels,
  type FromOrdersLine,
  type MoPriority,
} from '@/modules/production-tasks/production-tasks.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
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
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { decimalInput, formatDateUk, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { fromOrdersQueryKey, isTasksQuery, tasksApi } from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';

const QTY = /^\d+(\.\d{1,4})?$/;
const normalise = (text: string) => text.trim().replace(',', '.').replace(/\s/g, '');

export function FromOrdersDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [approvedOnly, setApprovedOnly] = useState(true);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [dueDate, setDueDate] = useState('');
  const [priority, setPriority] = useState<MoPriority>('normal');
  const [error, setError] = useState<string | null>(null);

  const lines = useQuery<FromOrdersLine[]>({ queryKey: fromOrdersQueryKey(approvedOnly) });
  const rows = lines.data ?? [];
  const qtyOf = (line: FromOrdersLine) => quantities[line.orderLineId] ?? decimalInput(line.toCover);

  const create = useMutation({
    mutationFn: (body: Parameters<typeof tasksApi.fromOrders>[0]) => tasksApi.fromOrders(body),
    onSuccess: async (tasks) => {
      toast({ title: messages.createdTasks(tasks.length) });
      await queryClient.invalidateQueries({ predicate: isTasksQuery });
      onClose();
    },
  });
  const failure = create.error ? (serverMessageOf(create.error) ?? messages.createFailed) : null;

  function toggle(lineId: number, on: boolean) {
    setSelected((current) => {
      const copy = new Set(current);
      if (on) copy.add(lineId);
      else copy.delete(lineId);
      return copy;
    });
    setError(null);
  }

  function submit() {
    const chosen = rows.filter((line) => selected.has(line.orderLineId));
    if (!chosen.length) {
      setError(messages.nothingSelected);
      return;
    }
    for (const line of chosen) {
      const qty = normalise(qtyOf(line));
      if (!QTY.test(qty) || !/[1-9]/.test(qty) || cmp(dec(qty), dec(line.toCover)) > 0) {
        setError(messages.lineQtyInvalid(line.orderNumber, formatQty(line.toCover)));
        return;
      }
    }
    setError(null);
    create.mutate({
      lines: chosen.map((line) => ({ orderLineId: line.orderLineId, qty: normalise(qtyOf(line)) })),
      dueDate: dueDate === '' ? null : dueDate,
      priority,
    });
  }

  const allChosen = rows.length > 0 && rows.every((line) => selected.has(line.orderLineId));
  const count = rows.filter((line) => selected.has(line.orderLineId)).length;

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{messages.fromOrdersTitle}</DialogTitle>
          <DialogDescription>{messages.fromOrdersDescription}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-approved`}
              checked={approvedOnly}
              onCheckedChange={(checked) => {
                setApprovedOnly(checked === true);
                setSelected(new Set());
              }}
            />
            <Label htmlFor={`${id}-approved`}>{messages.approvedOnly}</Label>
          </div>
          <InlineQueryStatus
            query={lines}
            loadingText={messages.linesLoading}
            errorText={messages.linesError}
            retryText={messages.retry}
          />
          {lines.data && rows.length === 0 ? (
            <p className="rounded-md border border-dashed px-3 py-8 text-center text-sm text-muted-foreground">
              {messages.noLines}
            </p>
          ) : null}
          {rows.length ? (
            <div className="overflow-x-auto rounded-md border">
              <Table className="min-w-[44rem]" aria-label={messages.fromOrdersTitle}>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className="w-10">
                      <Checkbox
                        aria-label={messages.selectAll}
                        checked={allChosen}
                        onCheckedChange={(checked) =>
                          setSelected(checked === true ? new Set(rows.map((l) => l.orderLineId)) : new Set())
                        }
                      />
                    </TableHead>
                    <TableHead>{messages.columns.order}</TableHead>
                    <TableHead>{messages.columns.client}</TableHead>
                    <TableHead>{messages.columns.item}</TableHead>
                    <TableHead className="text-right">{messages.columns.uncovered}</TableHead>
                    <TableHead className="w-32">{messages.columns.qty}</TableHead>
                    <TableHead>{messages.columns.due}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((line) => (
                    <TableRow key={line.orderLineId}>
                      <TableCell>
                        <Checkbox
                          aria-label={messages.selectLine(line.orderNumber, line.itemName)}
                          checked={selected.has(line.orderLineId)}
                          onCheckedChange={(checked) => toggle(line.orderLineId, checked === true)}
                        />
                      </TableCell>
                      <TableCell className="font-mono text-sm whitespace-nowrap">
                        {line.orderNumber}
                        {!line.approved ? (
                          <span className="block font-sans text-xs text-amber-700 dark:text-amber-400">
                            {messages.notApproved}
                          </span>
                        ) : null}
                      </TableCell>
                      <TableCell className="max-w-48">
                        <span className="line-clamp-2">{line.clientName}</span>
                      </TableCell>
                      <TableCell>
                        <span className="block">{line.itemName}</span>
                        <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatQty(line.toCover)}</TableCell>
                      <TableCell>
                        <Input
                          inputMode="decimal"
                          aria-label={messages.lineQty(line.orderNumber)}
                          className="h-8"
                          value={qtyOf(line)}
                          onChange={(event) => {
                            setQuantities((current) => ({ ...current, [line.orderLineId]: event.target.value }));
                            if (!selected.has(line.orderLineId)) toggle(line.orderLineId, true);
                          }}
                        />
                      </TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {line.dueDate ? formatDateUk(line.dueDate) : messages.none}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-due`}>{messages.commonDue}</Label>
              <DateField id={`${id}-due`} value={dueDate} aria-describedby={`${id}-due-hint`} onChange={setDueDate} />
              <FieldMessage id={`${id}-due-hint`} hint={messages.commonDueHint} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-priority`}>{messages.priorityField}</Label>
              <Select value={priority} onValueChange={(value) => setPriority(value as MoPriority)}>
                <SelectTrigger id={`${id}-priority`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {moPriorities.map((p) => (
                    <SelectItem key={p} value={p}>
                      {moPriorityLabels[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          {error ? <FormFailure>{error}</FormFailure> : null}
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={create.isPending} onClick={onClose}>
            {messages.cancel}
          </Button>
          <Button disabled={create.isPending || count === 0} onClick={submit}>
            {create.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <PlusIcon aria-hidden="true" />
            )}
            {messages.createTasks(count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
