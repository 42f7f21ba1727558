// The unit a line's count is typed in (reference-data.md §1 'Conversion'): the stock unit by default, or another unit
// of its type — the choice of units is asked for only when the select is opened (a full audit has hundreds of
// lines), and the typed count in the stock unit is shown under the count ('= 2 750 г'). On a phone the grid's count
// column is past the screen's edge and a count is typed (or scanned) in the stock unit: the select shows from `sm` up.
import { useState } from 'react';
import type { AuditLine } from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { convertedQtyHint, useLineUnits } from '@/web/components/document-unit-select.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { auditItemUnitsKey } from './inventory-audits.api.ts';
import { auditsWebMessages } from './inventory-audits.messages.ts';

const g = auditsWebMessages.grid;

/** The line's unit select; `value` null is the stock unit. */
export function AuditUnitSelect({
  line,
  value,
  onChange,
}: {
  line: AuditLine;
  value: number | null;
  onChange: (unitId: number | null) => void;
}) {
  const [opened, setOpened] = useState(value !== null);
  const units = useLineUnits(auditItemUnitsKey, opened ? line.itemId : null);
  const stockId = units.data?.stockUnit?.id ?? null;
  // Until the units are read, the line's own unit names the choice.
  const known = value === null ? line.unitShortName : line.enteredUnitShortName;
  const choices = units.data?.units ?? [];
  return (
    <Select
      value={value === null ? 'stock' : String(value)}
      onOpenChange={(open) => open && setOpened(true)}
      onValueChange={(next) => onChange(next === 'stock' || Number(next) === stockId ? null : Number(next))}
    >
      <SelectTrigger aria-label={g.unitOf(line.sku)} className="hidden h-9 w-20 sm:flex">
        <SelectValue placeholder={known ?? '—'}>{currentName(choices, value) ?? known ?? '—'}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {choices.length ? (
          choices.map((u) => (
            <SelectItem key={u.id} value={u.id === stockId ? 'stock' : String(u.id)}>
              {u.shortName}
            </SelectItem>
          ))
        ) : (
          <SelectItem value={value === null ? 'stock' : String(value)}>{known ?? '—'}</SelectItem>
        )}
      </SelectContent>
    </Select>
  );
}

const currentName = (choices: ReadonlyArray<{ id: number; shortName: string }>, value: number | null) =>
  value === null ? null : (choices.find((u) => u.id === value)?.shortName ?? null);

/** The typed count in the stock unit while another unit is chosen ('= 2 750 г'), else nothing. */
export function AuditUnitHint({ line, unitId, text }: { line: AuditLine; unitId: number | null; text: string }) {
  const units = useLineUnits(auditItemUnitsKey, unitId === null ? null : line.itemId);
  const hint = unitId === null ? null : convertedQtyHint(units.data, unitId, text);
  return hint ? <span className="text-xs text-muted-foreground tabular-nums">{hint}</span> : null;
}
