// The serial numbers of one serial-tracked line of any document (sales.md §3, §4; warehouse.md §6, §7; production.md
// §4 output): scan or type a serial and press Enter (a scanner types and presses Enter itself; a list or a range
// `A0001-A0004` adds every serial in it), or — where the line takes units out — choose among the item's serials on
// hand in the document's warehouse, or let 'Заповнити автоматично' take the oldest ones, as many as are missing.
// 'вибрано N з M' says how far the line is; a repeat or one too many is refused on the spot. The server checks them
// again when it saves or posts.
import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, PlusIcon, ScanLineIcon, WandSparklesIcon, XIcon } from 'lucide-react';
import { parseSerialList, type AvailableSerial } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { SearchCombobox, type SearchQuery } from '@/web/components/search-combobox.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { availableSerialsQueryKey, serialsApi } from './serial-numbers.api.ts';
import { serialPickerMessages as m } from './serial-numbers.messages.ts';

/**
 * What a line may choose from: the item's serials on hand in a warehouse (a shipment, a transfer), or a given list in
 * the order auto-fill takes it (a manufacturing order's allocated serials). None: new serials are typed or scanned.
 */
export type SerialChoices = { itemId: number; warehouseId: number } | { serials: readonly string[] };

/** How many whole units a quantity ('3', '3.0000') asks for: its whole part (a serial line's quantity is whole). */
export function serialUnits(qty: string): number {
  const whole = /^\s*(\d+)/.exec(qty);
  return whole ? Number(whole[1]) : 0;
}

/** A page of the list to choose from: enough to still offer some after the ones already chosen are left out. */
const PAGE = 50;
const MAX_ASK = 1000;

export interface SerialPickerProps {
  sku: string;
  /** The units the line needs (a decimal string). */
  qty: string;
  /** The serials chosen so far, as the document holds them. */
  value: readonly string[];
  editable: boolean;
  onChange: (serials: string[]) => void;
  choices?: SerialChoices | null;
  /** A save of the serials is under way (the shipment reserves them at once). */
  pending?: boolean;
  /** The server's refusal of the last change. */
  error?: string;
}

export function SerialPicker({ sku, qty, value, editable, onChange, choices, pending, error }: SerialPickerProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [filling, setFilling] = useState(false);
  const count = value.length;
  const needed = serialUnits(qty);
  const complete = cmp(dec(count), dec(qty)) >= 0;
  const qtyText = formatQty(qty);
  const chosen = new Set(value);
  const busy = Boolean(pending) || filling;
  const shownError = problem ?? error ?? null;

  /** Adds serials unless one is already chosen or they are more than the line needs. */
  function addSerials(serials: readonly string[]): boolean {
    const repeated = [...new Set(serials.filter((s, i) => chosen.has(s) || serials.indexOf(s) !== i))];
    if (repeated.length) {
      setProblem(m.repeated(repeated));
      return false;
    }
    if (count + serials.length > needed) {
      setProblem(m.tooMany(qtyText));
      return false;
    }
    setProblem(null);
    onChange([...value, ...serials]);
    return true;
  }

  function addTyped() {
    const parsed = parseSerialList(text.split(/\s+/).join(','));
    if (parsed.errors.length) {
      setProblem(parsed.errors.join('; '));
      return;
    }
    if (!parsed.values.length) return;
    if (addSerials(parsed.values)) setText('');
    input.current?.focus();
  }

  /** The oldest serials not chosen yet, at most `missing` of them. */
  async function oldest(missing: number): Promise<string[]> {
    if (!choices) return [];
    if ('serials' in choices) return choices.serials.filter((s) => !chosen.has(s)).slice(0, missing);
    const query = { ...choices, limit: Math.min(missing + count, MAX_ASK) };
    const rows = await queryClient.fetchQuery({
      queryKey: availableSerialsQueryKey(query),
      queryFn: () => serialsApi.available(query),
      staleTime: 0,
    });
    return rows
      .map((r) => r.serial)
      .filter((s) => !chosen.has(s))
      .slice(0, missing);
  }

  async function fill() {
    const missing = needed - count;
    if (missing <= 0) return;
    setFilling(true);
    setProblem(null);
    try {
      const found = await oldest(missing);
      if (found.length) onChange([...value, ...found]);
      if (found.length < missing) setProblem(m.short(found.length, missing));
    } catch (failure) {
      setProblem(serverMessageOf(failure) ?? m.fillFailed);
    } finally {
      setFilling(false);
    }
  }

  function optionsQuery(search: string): SearchQuery<AvailableSerial> {
    const hide = (rows: unknown) => (rows as AvailableSerial[]).filter((r) => !chosen.has(r.serial));
    if (choices && 'serials' in choices) {
      const wanted = search.trim().toUpperCase();
      return {
        queryKey: ['serial-picker', sku, search, choices.serials.join(',')],
        queryFn: () =>
          choices.serials
            .filter((s) => s.includes(wanted))
            .map((serial, index) => ({ id: index, serial, createdAt: '' })),
        select: hide,
        staleTime: 0,
      };
    }
    const query = { ...(choices as { itemId: number; warehouseId: number }), search, limit: PAGE + count };
    return {
      queryKey: availableSerialsQueryKey(query),
      queryFn: () => serialsApi.available(query),
      select: hide,
      staleTime: 0,
    };
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{sku}</span>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
            complete
              ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
              : 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
          )}
          aria-label={`${m.label(sku)}: ${m.count(count, qtyText)}`}
        >
          {m.count(count, qtyText)}
        </span>
      </div>
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={m.label(sku)}>
          {value.map((serial) => (
            <li
              key={serial}
              className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-1 pl-2 font-mono text-xs"
            >
              {serial}
              {editable ? (
                <button
                  type="button"
                  className="rounded-sm p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={m.remove(serial)}
                  disabled={busy}
                  onClick={() => {
                    setProblem(null);
                    onChange(value.filter((s) => s !== serial));
                  }}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable && !complete ? (
        <div className="grid gap-2">
          <div className="flex gap-2">
            <Label htmlFor={id} className="sr-only">
              {m.label(sku)}
            </Label>
            <div className="relative min-w-0 flex-1">
              <ScanLineIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                ref={input}
                id={id}
                className="pl-9 font-mono"
                autoComplete="off"
                placeholder={m.scan}
                value={text}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={shownError ? `${id}-error` : undefined}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    if (!busy) addTyped();
                  }
                }}
              />
            </div>
            <Button type="button" variant="outline" disabled={busy || !text.trim()} onClick={addTyped}>
              {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
              <span className="sr-only sm:not-sr-only">{m.add}</span>
            </Button>
          </div>
          {choices ? (
            <div className="flex flex-wrap gap-2">
              <div className="min-w-48 flex-1">
                <SearchCombobox<AvailableSerial>
                  shown={null}
                  placeholder={m.choose}
                  disabled={busy}
                  query={optionsQuery}
                  keyOf={(option) => option.serial}
                  renderOption={(option) => <span className="font-mono">{option.serial}</span>}
                  onPick={(option) => addSerials([option.serial])}
                  enterSearchesFirst
                  searchLabel={m.chooseSearch}
                  listLabel={m.chooseList(sku)}
                  aria-label={m.chooseLabel(sku)}
                  emptyText={m.chooseEmpty}
                  errorText={m.chooseError}
                />
              </div>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void fill()}>
                {filling ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <WandSparklesIcon aria-hidden="true" />
                )}
                {filling ? m.filling : m.fill}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {editable && complete ? <p className="text-xs text-muted-foreground">{m.full}</p> : null}
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive dark:text-red-400">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
