// The breakdown of one item's cost (production.md §9): the variant and quantity, the figures of one unit and of the
// quantity, the BOM tree with each line's cost, the operations with minutes, rates, labour and overhead; the actions
// 'Зберегти калькуляцію' and 'Застосувати ціну' (after a confirmation), and the saved calculations.
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheckIcon, Loader2Icon, SaveIcon } from 'lucide-react';
import type { CostingBreakdown, CostSnapshot } from '@/modules/costing/costing.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatMoney, formatQty, formatTimestampUk } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { costingApi, costingBreakdownKey, costingSnapshotsKey, isCostingQuery } from './costing.api.ts';
import { costingWebMessages } from './costing.messages.ts';
import { isNegative, moneyOrNone, percentOrNone } from './costing-format.ts';

const m = costingWebMessages;
const d = costingWebMessages.drawer;
const DEFAULT = 'default';

export function CostingDrawer({
  itemId,
  canChange,
  onClose,
}: {
  itemId: number;
  canChange: boolean;
  onClose: () => void;
}) {
  const [recipeId, setRecipeId] = useState<number | undefined>();
  const [qty, setQty] = useState<string | undefined>();
  const [qtyText, setQtyText] = useState('');
  const [qtyError, setQtyError] = useState(false);
  const debounce = useDebouncedAction(400);
  const params = { ...(recipeId ? { recipeId } : {}), ...(qty ? { qty } : {}) };
  const query = useQuery<CostingBreakdown>({ queryKey: costingBreakdownKey(itemId, params) });
  const data = query.data;

  function changeQty(text: string) {
    setQtyText(text);
    const value = text.trim().replace(',', '.');
    const valid = value === '' || (/^\d{1,14}(\.\d{1,4})?$/.test(value) && /[1-9]/.test(value));
    setQtyError(!valid);
    if (valid) debounce(() => setQty(value === '' ? undefined : value));
  }

  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-4xl">
        <SheetHeader className="pr-10">
          <SheetTitle>{data ? data.row.name : m.title}</SheetTitle>
          <SheetDescription>
            {data ? `${data.row.sku} · ${d.spec(data.spec.bomName, data.spec.techCardName)}` : d.loading}
          </SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {query.isError && !data ? (
            <StateMessage>
              <ListLoadError error={query.error} message={d.loadError} retryText={m.retry} onRetry={query.refetch} />
            </StateMessage>
          ) : !data ? (
            <StateMessage>
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              <span role="status">{d.loading}</span>
            </StateMessage>
          ) : (
            <>
              <div className="flex flex-wrap items-end gap-3">
                {data.recipes.length > 1 ? (
                  <div className="grid gap-1.5">
                    <Label htmlFor="costing-recipe">{d.recipe}</Label>
                    <Select
                      value={recipeId ? String(recipeId) : DEFAULT}
                      onValueChange={(value) => setRecipeId(value === DEFAULT ? undefined : Number(value))}
                    >
                      <SelectTrigger id="costing-recipe" className="w-64">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={DEFAULT}>{d.recipeDefault}</SelectItem>
                        {data.recipes.map((r) => (
                          <SelectItem key={r.id} value={String(r.id)}>
                            {r.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                ) : null}
                <div className="grid gap-1.5">
                  <Label htmlFor="costing-qty">{d.qty}</Label>
                  <Input
                    id="costing-qty"
                    inputMode="decimal"
                    className="w-32"
                    placeholder={formatQty(data.row.qty)}
                    value={qtyText}
                    aria-invalid={qtyError ? true : undefined}
                    onChange={(event) => changeQty(event.target.value)}
                  />
                </div>
                {canChange ? <DrawerActions data={data} itemId={itemId} recipeId={recipeId} qty={qty} /> : null}
              </div>
              {qtyError ? <p className="-mt-4 text-xs text-destructive dark:text-red-400">{d.qtyError}</p> : null}
              <Figures data={data} />
              <Lines data={data} />
              <Operations data={data} />
              <History itemId={itemId} />
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function DrawerActions({
  data,
  itemId,
  recipeId,
  qty,
}: {
  data: CostingBreakdown;
  itemId: number;
  recipeId: number | undefined;
  qty: string | undefined;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ predicate: isCostingQuery });
  const save = useMutation({
    mutationFn: () => costingApi.saveSnapshot(itemId, { ...(recipeId ? { recipeId } : {}), ...(qty ? { qty } : {}) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: costingSnapshotsKey(itemId) });
      toast({ title: d.saved, description: data.row.name });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: d.saveFailed, description: serverMessageOf(error) ?? d.saveFailed }),
  });
  const apply = useMutation({
    mutationFn: () => costingApi.applyPrice(itemId, { price: data.row.suggestedPrice, version: data.version }),
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
      toast({
        title: d.applied,
        description: `${data.row.name}: ${formatMoney(data.row.suggestedPrice)} ${m.currency}`,
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ variant: 'destructive', title: d.applyFailed, description: serverMessageOf(error) ?? d.applyFailed });
    },
  });
  return (
    <div className="ml-auto flex flex-wrap gap-2">
      <Button variant="outline" disabled={save.isPending} onClick={() => save.mutate()}>
        {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
        {d.save}
      </Button>
      <Button onClick={() => setConfirming(true)}>
        <BadgeCheckIcon aria-hidden="true" />
        {d.apply}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={d.applyTitle}
          description={d.applyText(
            data.row.name,
            data.row.retailPrice ? formatMoney(data.row.retailPrice) : d.noPrice,
            formatMoney(data.row.suggestedPrice),
          )}
          confirmLabel={d.applyConfirm}
          cancelLabel={d.cancel}
          pending={apply.isPending}
          onConfirm={() => apply.mutate()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', className)}>{children}</dd>
    </div>
  );
}

function Figures({ data }: { data: CostingBreakdown }) {
  const { row, forQty } = data;
  const c = m.columns;
  return (
    <section aria-label={d.perUnit} className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Fact label={c.material}>{formatMoney(row.material)}</Fact>
        <Fact label={c.labour}>{formatMoney(row.labour)}</Fact>
        <Fact label={c.overhead}>{formatMoney(row.overhead)}</Fact>
        <Fact label={c.total} className="text-base font-semibold">
          {formatMoney(row.total)}
        </Fact>
        <Fact label={c.price}>{moneyOrNone(row.retailPrice)}</Fact>
        <Fact label={c.margin} className={cn(isNegative(row.marginPercent) && 'text-destructive dark:text-red-400')}>
          {percentOrNone(row.marginPercent)}
        </Fact>
        <Fact label={c.suggested}>{formatMoney(row.suggestedPrice)}</Fact>
        <Fact label={c.actual}>{moneyOrNone(row.actual)}</Fact>
        <Fact label={c.deviation}>{percentOrNone(row.deviationPercent)}</Fact>
      </dl>
      <p className="text-xs text-muted-foreground">
        {d.markupApplied(formatMoney(row.appliedMarkupPercent))} · {d.forQty(formatQty(row.qty))}:{' '}
        {formatMoney(forQty.material)} + {formatMoney(forQty.labour)} + {formatMoney(forQty.overhead)} ={' '}
        {formatMoney(forQty.total)} {m.currency}
      </p>
    </section>
  );
}

function Num({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <TableCell className={cn('text-right whitespace-nowrap tabular-nums', strong && 'font-medium')}>
      {children}
    </TableCell>
  );
}

function Lines({ data }: { data: CostingBreakdown }) {
  const c = d.lineColumns;
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{d.materials}</h3>
      {data.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.noLines}</p>
      ) : (
        <Table aria-label={d.materials}>
          <TableHeader>
            <TableRow>
              <TableHead>{c.item}</TableHead>
              <TableHead className="text-right">{c.qty}</TableHead>
              <TableHead className="text-right">{c.unitCost}</TableHead>
              <TableHead className="text-right">{c.lineCost}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.lines.map((line) => (
              <TableRow key={line.key} className={cn(line.depth > 0 && 'text-muted-foreground')}>
                <TableCell style={{ paddingLeft: `${0.5 + line.depth * 1.25}rem` }}>
                  <span className="block font-mono text-xs">{line.sku}</span>
                  <span className="block">{line.name}</span>
                </TableCell>
                <Num>
                  {formatQty(line.qtyPerUnit)}
                  {line.unitShortName ? ` ${line.unitShortName}` : ''}
                </Num>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  <span className="block">{formatMoney(line.unitCost)}</span>
                  <span
                    className={cn(
                      'block text-xs text-muted-foreground',
                      line.source === 'none' && 'text-amber-700 dark:text-amber-400',
                    )}
                  >
                    {d.sources[line.source] ?? line.source}
                  </span>
                </TableCell>
                <Num strong={line.depth === 0}>{formatMoney(line.lineCost)}</Num>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function Operations({ data }: { data: CostingBreakdown }) {
  const c = d.opColumns;
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{d.operations}</h3>
      {data.operations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.noOperations}</p>
      ) : (
        <Table aria-label={d.operations}>
          <TableHeader>
            <TableRow>
              <TableHead>{c.seq}</TableHead>
              <TableHead>{c.name}</TableHead>
              <TableHead>{c.where}</TableHead>
              <TableHead className="text-right">{c.minutes}</TableHead>
              <TableHead className="text-right">{c.labourRate}</TableHead>
              <TableHead className="text-right">{c.overheadRate}</TableHead>
              <TableHead className="text-right">{c.labour}</TableHead>
              <TableHead className="text-right">{c.overhead}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.operations.map((op) => (
              <TableRow key={op.seq}>
                <TableCell className="tabular-nums">{op.seq}</TableCell>
                <TableCell>{op.name}</TableCell>
                <TableCell className="text-muted-foreground">
                  {[op.departmentName, op.positionName].filter(Boolean).join(' / ') || m.none}
                </TableCell>
                <Num>{formatQty(op.minutes)}</Num>
                <Num>{moneyOrNone(op.labourRate)}</Num>
                <Num>{moneyOrNone(op.overheadRate)}</Num>
                <Num strong>{formatMoney(op.labour)}</Num>
                <Num strong>{formatMoney(op.overhead)}</Num>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function History({ itemId }: { itemId: number }) {
  const query = useQuery<CostSnapshot[]>({ queryKey: costingSnapshotsKey(itemId) });
  const c = d.historyColumns;
  const rows = query.data ?? [];
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{d.history}</h3>
      {query.isError ? (
        <p className="text-sm text-destructive dark:text-red-400">{d.historyLoadError}</p>
      ) : query.isPending ? (
        <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{d.noHistory}</p>
      ) : (
        <Table aria-label={d.history}>
          <TableHeader>
            <TableRow>
              <TableHead>{c.when}</TableHead>
              <TableHead>{c.who}</TableHead>
              <TableHead className="text-right">{c.qty}</TableHead>
              <TableHead className="text-right">{c.total}</TableHead>
              <TableHead className="text-right">{c.price}</TableHead>
              <TableHead className="text-right">{c.suggested}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="whitespace-nowrap tabular-nums">{formatTimestampUk(s.calculatedAt)}</TableCell>
                <TableCell>{s.userName ?? m.none}</TableCell>
                <Num>{formatQty(s.qty)}</Num>
                <Num strong>{formatMoney(s.total)}</Num>
                <Num>{moneyOrNone(s.retailPrice)}</Num>
                <Num>{formatMoney(s.suggestedPrice)}</Num>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
