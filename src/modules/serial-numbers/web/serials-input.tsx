// The serial numbers of one serial-tracked line (sales.md §4): scan or type a serial and press Enter (a scanner types
// and presses Enter itself); a list or a range (`A0001-A0004`) adds every serial in it. Shows how many are added of
// how many the line needs; a repeat or one too many is refused on the spot. The server checks them at posting.
import { useId, useRef, useState } from 'react';
import { PlusIcon, ScanLineIcon, XIcon } from 'lucide-react';
import { parseSerialList } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { cn } from '@/web/lib/utils.ts';
import { formatQty } from '@/web/lib/document-format.ts';

// One serial input for every document that names serials (receipts, transfers); its words live here with it.
const m = {
  label: (sku: string) => `Серійні номери ${sku}`,
  placeholder: 'Сканувати або ввести номер',
  add: 'Додати',
  remove: (serial: string) => `Прибрати ${serial}`,
  count: (count: number, qty: string) => `${count} з ${qty}`,
  full: 'Усі номери додано',
  repeated: (values: readonly string[]) => `Уже додано: ${values.join(', ')}`,
  tooMany: (qty: string) => `Потрібно лише ${qty} — приберіть зайві номери`,
} as const;

export function SerialsInput({
  sku,
  qty,
  value,
  editable,
  onChange,
}: {
  sku: string;
  qty: string;
  value: readonly string[];
  editable: boolean;
  onChange: (serials: string[]) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const count = value.length;
  const complete = cmp(dec(count), dec(qty)) >= 0;
  const qtyText = formatQty(qty);

  function add() {
    const parsed = parseSerialList(text.split(/\s+/).join(','));
    if (parsed.errors.length) {
      setError(parsed.errors.join('; '));
      return;
    }
    if (!parsed.values.length) return;
    const have = new Set(value);
    const repeated = [...new Set(parsed.values.filter((s, i) => have.has(s) || parsed.values.indexOf(s) !== i))];
    if (repeated.length) {
      setError(m.repeated(repeated));
      return;
    }
    if (cmp(dec(count + parsed.values.length), dec(qty)) > 0) {
      setError(m.tooMany(qtyText));
      return;
    }
    setError(null);
    onChange([...value, ...parsed.values]);
    setText('');
    input.current?.focus();
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm">
          <span className="font-medium">{sku}</span>
        </span>
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
                  onClick={() => {
                    setError(null);
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
              placeholder={m.placeholder}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </div>
          <Button type="button" variant="outline" disabled={!text.trim()} onClick={add}>
            <PlusIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{m.add}</span>
          </Button>
        </div>
      ) : null}
      {editable && complete ? <p className="text-xs text-muted-foreground">{m.full}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
