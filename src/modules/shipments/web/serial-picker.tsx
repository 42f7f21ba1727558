// The serial numbers of one line (sales.md §3, §4): scan or type a serial and press Enter (a scanner types and
// presses Enter itself); each one is reserved for this draft at once, so a serial already taken or not in this
// warehouse is refused on the spot. Shows how many are chosen of how many the line needs.
import { useId, useRef, useState } from 'react';
import { Loader2Icon, PlusIcon, ScanLineIcon, XIcon } from 'lucide-react';
import type { ShipmentLine } from '@/modules/shipments/shipments.contract.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { shipmentsWebMessages } from './shipments.messages.ts';

const m = shipmentsWebMessages.drawer;

export function SerialPicker({
  line,
  editable,
  pending,
  error,
  onAdd,
  onRemove,
}: {
  line: ShipmentLine;
  editable: boolean;
  pending: boolean;
  error: string | undefined;
  /** Adds typed or scanned serials (the server resolves the text). */
  onAdd: (serials: string[]) => void;
  onRemove: (serialId: number) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const count = line.serials.length;
  const complete = cmp(dec(count), dec(line.qty)) === 0;

  function add() {
    // A list pasted at once (comma, semicolon, space or newline) adds every serial in it.
    const serials = text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (!serials.length) return;
    onAdd(serials);
    setText('');
    input.current?.focus();
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{m.serials}</span>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
            complete
              ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
              : 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
          )}
          aria-label={`${m.serials}: ${m.serialsCount(count, formatQty(line.qty))}`}
        >
          {m.serialsCount(count, formatQty(line.qty))}
        </span>
      </div>
      {line.serials.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${m.serials} ${line.sku}`}>
          {line.serials.map((serial) => (
            <li
              key={serial.id}
              className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-1 pl-2 font-mono text-xs"
            >
              {serial.serial}
              {editable ? (
                <button
                  type="button"
                  className="rounded-sm p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={m.serialRemove(serial.serial)}
                  disabled={pending}
                  onClick={() => onRemove(serial.id)}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable && !complete ? (
        <div className="grid gap-1">
          <Label htmlFor={id} className="sr-only">
            {m.serialInput}
          </Label>
          <div className="flex gap-2">
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
                placeholder={m.serialInput}
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
            <Button type="button" variant="outline" disabled={pending || !text.trim()} onClick={add}>
              {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
              <span className="sr-only sm:not-sr-only">{m.serialAdd}</span>
            </Button>
          </div>
        </div>
      ) : null}
      {editable && complete ? <p className="text-xs text-muted-foreground">{m.serialsFull}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
