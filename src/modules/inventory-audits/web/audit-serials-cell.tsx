// The count of a serial-tracked line (warehouse.md §8): the serials found, scanned or typed one by one (Enter adds;
// a list or a range like A0001-A0004 is taken too), each removable; the count is their number. With the system
// figures shown, the serials on the books but not found and those found but not on the books are named.
import { useState } from 'react';
import { XIcon } from 'lucide-react';
import type { AuditLine } from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { auditsWebMessages } from './inventory-audits.messages.ts';

const s = auditsWebMessages.serials;

export function AuditSerialsCell({
  line,
  editable,
  showSystem,
  pending,
  onSave,
}: {
  line: AuditLine;
  editable: boolean;
  showSystem: boolean;
  pending: boolean;
  /** Saves the whole list of the line's serials (the server normalises and counts them). */
  onSave: (serials: string[]) => void;
}) {
  const [text, setText] = useState('');
  return (
    <div className="grid justify-items-end gap-1 text-left">
      {editable ? (
        <Input
          autoComplete="off"
          aria-label={s.inputOf(line.sku)}
          title={s.hint}
          placeholder={s.placeholder}
          className="h-9 w-44"
          value={text}
          disabled={pending}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!text.trim()) return;
            onSave([...line.serials, text.trim()]);
            setText('');
          }}
        />
      ) : null}
      {line.serials.length ? (
        <ul aria-label={s.foundOf(line.sku)} className="flex max-w-64 flex-wrap justify-end gap-1">
          {line.serials.map((serial) => (
            <li
              key={serial}
              className="inline-flex items-center gap-1 rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
            >
              {serial}
              {editable ? (
                <button
                  type="button"
                  aria-label={s.remove(serial)}
                  disabled={pending}
                  className="text-muted-foreground hover:text-foreground"
                  onClick={() => onSave(line.serials.filter((x) => x !== serial))}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {showSystem && line.missingSerials.length ? (
        <p className="max-w-64 text-right text-xs text-destructive dark:text-red-400">
          {s.missing(line.missingSerials)}
        </p>
      ) : null}
      {showSystem && line.extraSerials.length ? (
        <p className="max-w-64 text-right text-xs text-emerald-700 dark:text-emerald-400">
          {s.extra(line.extraSerials)}
        </p>
      ) : null}
    </div>
  );
}
