// The tabs of a selected BOM (production.md §1 Page): 'Склад' (the lines with unit and line costs, available stock
// and the total), 'Розгортка' (tree or flat for a quantity, each leaf with its available stock), 'Де використовується'
// (the item's parents, through every level) and 'Історія' (the BOM's audit trail).
import { Fragment, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, CornerDownRightIcon, Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { Link } from 'wouter';
import {
  bomStatusLabels,
  explosionQuerySchema,
  type Bom,
  type BomHistoryEntry,
  type BomStatus,
  type Explosion,
  type ExplosionMode,
  type ExplosionNode,
  type WhereUsedRow,
} from '@/modules/bom/bom.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatMoney, formatQty, formatTimestampUk } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { bomHistoryQueryKey, explosionQueryKey, whereUsedQueryKey } from './bom.api.ts';
import { LineAlternatives } from './bom-alternatives.tsx';
import { bomWebMessages } from './bom.messages.ts';

const m = bomWebMessages;

export const statusTone = (status: BomStatus) =>
  status === 'active' ? 'emerald' : status === 'draft' ? 'amber' : ('struck' as const);

export function BomStatusBadge({ status }: { status: BomStatus }) {
  return <StatusBadge label={bomStatusLabels[status]} tone={statusTone(status)} />;
}

/** A unit cost: at least 2 decimals, up to the 6 it has ('0.031200' → '0,0312'). */
const formatPrice = (value: string) => formatDecimalUk(value, 2);

/** A small query's loading, error (with retry) and empty states around its content. */
function TabState({
  query,
  loading,
  error,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  error: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 px-1 py-6 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 py-6">
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {error}
          {serverMessageOf(query.error) ? `: ${serverMessageOf(query.error)}` : ''}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {m.items.retry}
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return <>{children}</>;
}

// ---- 'Склад' ---------------------------------------------------------------------------------------------------

export function BomLinesTable({ bom, onOpenItem }: { bom: Bom; onOpenItem: (itemId: number) => void }) {
  if (!bom.lines.length) {
    return (
      <div className="rounded-lg border border-dashed px-4 py-8 text-center">
        <p className="font-medium">{m.linesEmpty}</p>
        <p className="text-sm text-muted-foreground">{m.linesEmptyHint}</p>
      </div>
    );
  }
  const c = m.columns;
  return (
    <div className="min-w-0 rounded-lg border">
      <Table className="min-w-[56rem]" aria-label={m.bom.tabs.lines}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10">{c.no}</TableHead>
            <TableHead>{c.component}</TableHead>
            <TableHead>{c.sku}</TableHead>
            <TableHead className="text-right">{c.qty}</TableHead>
            <TableHead>{c.unit}</TableHead>
            <TableHead className="text-right">{c.scrap}</TableHead>
            <TableHead>{c.designators}</TableHead>
            <TableHead className="text-right">{c.unitCost}</TableHead>
            <TableHead className="text-right">{c.lineCost}</TableHead>
            <TableHead className="text-right">{c.available}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bom.lines.map((line) => {
            const converted =
              line.enteredQty !== null &&
              line.enteredUnitId !== null &&
              line.enteredUnitId !== line.unitId &&
              line.enteredUnitShortName;
            return (
              <TableRow key={line.id}>
                <TableCell className="text-muted-foreground tabular-nums">{line.lineNo}</TableCell>
                <TableCell className="max-w-72">
                  {line.made ? (
                    <button
                      type="button"
                      className="line-clamp-2 text-left font-medium underline-offset-2 hover:underline"
                      title={m.bom.madeTitle}
                      aria-label={m.bom.openItem(line.name)}
                      onClick={() => onOpenItem(line.componentItemId)}
                    >
                      {line.name}
                    </button>
                  ) : (
                    <span className="line-clamp-2">{line.name}</span>
                  )}
                  <LineAlternatives line={line} />
                </TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">{line.sku}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  <span className="block">{formatQty(line.qty)}</span>
                  {converted ? (
                    <span className="block text-xs text-muted-foreground">
                      {m.entered(formatQty(line.enteredQty!), line.enteredUnitShortName!)}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>{line.unitShortName}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQty(line.scrapPercent)}</TableCell>
                <TableCell className="max-w-48 text-sm break-words">{line.designators}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {line.noPrice && line.costSource === 'none' ? (
                    <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
                      <AlertTriangleIcon className="size-3.5" aria-hidden="true" />
                      {m.noPrice}
                    </span>
                  ) : (
                    <>
                      <span className="block">{formatPrice(line.unitCost)}</span>
                      <span className="block text-xs text-muted-foreground">{m.costSource[line.costSource]}</span>
                    </>
                  )}
                </TableCell>
                <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
                  {formatMoney(line.lineCost)}
                </TableCell>
                <TableCell
                  className={cn(
                    'text-right whitespace-nowrap tabular-nums',
                    cmp(dec(line.available), dec(0)) <= 0 && 'text-muted-foreground',
                  )}
                >
                  {formatQty(line.available)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={8} className="text-right font-medium">
              {m.total}
            </TableCell>
            <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
              {formatMoney(bom.linesCost)}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}

// ---- 'Розгортка' -----------------------------------------------------------------------------------------------

export function ExplosionPanel({ bomId }: { bomId: number }) {
  const [qtyText, setQtyText] = useState('1');
  const [mode, setMode] = useState<ExplosionMode>('tree');
  const parsed = explosionQuerySchema.shape.qty.safeParse(qtyText);
  const [qty, setQty] = useState('1');
  if (parsed.success && parsed.data !== qty) setQty(parsed.data);
  const query = useQuery<Explosion>({
    queryKey: explosionQueryKey(bomId, qty, mode),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const tree = query.data?.mode === 'tree' ? (query.data.tree ?? []) : [];
  const flat = query.data?.mode === 'flat' ? (query.data.flat ?? []) : [];
  const isEmpty = mode === 'tree' ? tree.length === 0 : flat.length === 0;
  const c = m.columns;
  return (
    <section className="grid min-w-0 gap-3" aria-label={m.bom.tabs.explosion}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`explosion-qty-${bomId}`}>{m.explosion.qty}</Label>
          <Input
            id={`explosion-qty-${bomId}`}
            className="w-32 text-right tabular-nums"
            inputMode="decimal"
            value={qtyText}
            aria-invalid={parsed.success ? undefined : true}
            aria-describedby={parsed.success ? undefined : `explosion-qty-${bomId}-message`}
            onChange={(event) => setQtyText(event.target.value)}
          />
        </div>
        <div role="group" aria-label={m.explosion.mode} className="flex rounded-md border p-0.5">
          {(['tree', 'flat'] as const).map((value) => (
            <Button
              key={value}
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={mode === value}
              className={cn(mode === value && 'bg-accent text-accent-foreground')}
              onClick={() => setMode(value)}
            >
              {m.explosion[value]}
            </Button>
          ))}
        </div>
      </div>
      {parsed.success ? null : (
        <p id={`explosion-qty-${bomId}-message`} role="alert" className="text-sm text-destructive dark:text-red-400">
          {m.explosion.qtyError}
        </p>
      )}
      <TabState
        query={query}
        loading={m.explosion.loading}
        error={m.explosion.loadError}
        empty={m.explosion.empty}
        isEmpty={isEmpty}
      >
        <div className="min-w-0 rounded-lg border">
          {mode === 'tree' ? (
            <Table className="min-w-[40rem]" aria-label={m.explosion.tree}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{c.component}</TableHead>
                  <TableHead>{c.sku}</TableHead>
                  <TableHead className="text-right">{m.explosion.need}</TableHead>
                  <TableHead>{c.unit}</TableHead>
                  <TableHead className="text-right">{c.available}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TreeRows nodes={tree} />
              </TableBody>
            </Table>
          ) : (
            <Table className="min-w-[40rem]" aria-label={m.explosion.flat}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{c.component}</TableHead>
                  <TableHead>{c.sku}</TableHead>
                  <TableHead className="text-right">{m.explosion.need}</TableHead>
                  <TableHead>{c.unit}</TableHead>
                  <TableHead className="text-right">{c.available}</TableHead>
                  <TableHead className="text-right">{m.explosion.shortage}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {flat.map((leaf) => {
                  const short = leaf.shortage !== '0.0000';
                  return (
                    <TableRow key={leaf.itemId}>
                      <TableCell>{leaf.name}</TableCell>
                      <TableCell className="font-mono text-xs whitespace-nowrap">{leaf.sku}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatQty(leaf.qty)}</TableCell>
                      <TableCell>{leaf.unitShortName}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatQty(leaf.available)}</TableCell>
                      <TableCell
                        className={cn(
                          'text-right tabular-nums',
                          short ? 'font-medium text-destructive dark:text-red-400' : 'text-muted-foreground',
                        )}
                      >
                        {short ? formatQty(leaf.shortage) : '—'}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </div>
      </TabState>
    </section>
  );
}

function TreeRows({ nodes }: { nodes: readonly ExplosionNode[] }) {
  return (
    <>
      {nodes.map((node) => (
        <Fragment key={`${node.level}-${node.bomLineId}`}>
          <TableRow data-level={node.level}>
            <TableCell>
              <span
                className="flex items-start gap-1.5"
                style={{ paddingLeft: `${(node.level - 1) * 1.25}rem` }}
                aria-label={`${m.explosion.level} ${node.level}: ${node.name}`}
              >
                {node.level > 1 ? (
                  <CornerDownRightIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                ) : null}
                <span className={cn(node.children.length > 0 && 'font-medium')}>
                  {node.name}
                  {node.cycle ? (
                    <span className="ml-1 text-xs text-destructive dark:text-red-400">({m.explosion.cycle})</span>
                  ) : null}
                </span>
              </span>
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{node.sku}</TableCell>
            <TableCell className="text-right tabular-nums">{formatQty(node.qty)}</TableCell>
            <TableCell>{node.unitShortName}</TableCell>
            <TableCell className="text-right tabular-nums">{formatQty(node.available)}</TableCell>
          </TableRow>
          <TreeRows nodes={node.children} />
        </Fragment>
      ))}
    </>
  );
}

// ---- 'Де використовується' -------------------------------------------------------------------------------------

export function WhereUsedPanel({ itemId, itemName }: { itemId: number; itemName: string }) {
  const query = useQuery<WhereUsedRow[]>({ queryKey: whereUsedQueryKey(itemId), gcTime: 0 });
  const rows = query.data ?? [];
  const w = m.whereUsed;
  return (
    <section className="grid min-w-0 gap-3" aria-label={w.title(itemName)}>
      <TabState query={query} loading={w.loading} error={w.loadError} empty={w.empty} isEmpty={rows.length === 0}>
        <div className="min-w-0 rounded-lg border">
          <Table className="min-w-[44rem]" aria-label={w.title(itemName)}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{w.item}</TableHead>
                <TableHead>{w.bom}</TableHead>
                <TableHead>{w.level}</TableHead>
                <TableHead className="text-right">{w.perUnit}</TableHead>
                <TableHead>{w.path}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={`${row.bomId}-${row.level}-${index}`}>
                  <TableCell>
                    <Link href={`/bom?itemId=${row.itemId}`} className="font-medium underline-offset-2 hover:underline">
                      {row.name}
                    </Link>
                    <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
                  </TableCell>
                  <TableCell>
                    <span className="block">
                      {row.bomName}
                      {row.isDefault ? ` · ${m.item.default}` : ''}
                    </span>
                    <BomStatusBadge status={row.bomStatus} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {row.level === 1 ? w.direct : w.through(row.level)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatQty(row.perUnitQty)}</TableCell>
                  <TableCell className="text-sm text-muted-foreground">{row.path.join(' → ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </TabState>
    </section>
  );
}

// ---- 'Історія' -------------------------------------------------------------------------------------------------

type Snapshot = { status?: BomStatus; isDefault?: boolean; name?: string; lines?: unknown[]; copiedFromBomId?: number };
const asSnapshot = (value: unknown): Snapshot | null =>
  value && typeof value === 'object' ? (value as Snapshot) : null;

/** What changed in one audit record, in a few words. */
export function describeChange(entry: Pick<BomHistoryEntry, 'before' | 'after'>): string[] {
  const before = asSnapshot(entry.before);
  const after = asSnapshot(entry.after);
  const h = m.history;
  const parts: string[] = [];
  if (after?.copiedFromBomId) parts.push(h.copied);
  if (before && after) {
    if (before.name && after.name && before.name !== after.name) parts.push(h.renamed(before.name, after.name));
    if (before.status && after.status && before.status !== after.status) {
      parts.push(h.status(bomStatusLabels[before.status], bomStatusLabels[after.status]));
    }
    if (before.isDefault !== after.isDefault) parts.push(after.isDefault ? h.madeDefault : h.unsetDefault);
  }
  const linesAfter = after?.lines?.length;
  if (linesAfter !== undefined) parts.push(h.lines(before?.lines?.length ?? linesAfter, linesAfter));
  return parts;
}

export function HistoryPanel({ bomId }: { bomId: number }) {
  const query = useQuery<BomHistoryEntry[]>({ queryKey: bomHistoryQueryKey(bomId), gcTime: 0 });
  const rows = query.data ?? [];
  const h = m.history;
  return (
    <section className="grid gap-2" aria-label={m.bom.tabs.history}>
      <TabState query={query} loading={h.loading} error={h.loadError} empty={h.empty} isEmpty={rows.length === 0}>
        <ol className="grid gap-2">
          {rows.map((entry) => (
            <li key={entry.id} className="rounded-md border px-3 py-2 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{h.actions[entry.action] ?? entry.action}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{formatTimestampUk(entry.at)}</span>
              </div>
              <p className="text-xs text-muted-foreground">{entry.userName ?? entry.actor ?? h.system}</p>
              {describeChange(entry).length ? <p className="mt-1">{describeChange(entry).join('; ')}</p> : null}
            </li>
          ))}
        </ol>
      </TabState>
    </section>
  );
}
