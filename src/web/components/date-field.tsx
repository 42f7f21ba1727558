// A date entered and shown as дд.мм.рррр in every browser (issue 21: the native date input showed mm/dd/yyyy in an
// English browser). The value is the API's 'YYYY-MM-DD' or ''. Typing needs no separators ('27112026' becomes
// 27.11.2026); the calendar button opens a month grid in Ukrainian, Monday first, driven by the keyboard as well.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, format, isSameDay, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
import { uk } from 'date-fns/locale';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover.tsx';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const messages = uiMessages.date;

/** 'YYYY-MM-DD' → 'дд.мм.рррр' ('' stays ''). */
export function isoToUk(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** 'дд.мм.рррр' (or 'ддммрррр', 'д.м.рррр') → 'YYYY-MM-DD' of a real day within 2000–2999, else null. */
export function ukToIso(text: string): string | null {
  const clean = text.trim();
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(clean) ?? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(clean);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Dots inserted as digits are typed: '2711' → '27.11', '27112026' → '27.11.2026'. A short day or month the user ended
 * with a dot himself ('1.2.2026') is kept as typed.
 */
export function maskDate(text: string): string {
  const parts = text.split('.');
  if (parts.length > 1 && parts.every((p) => /^\d*$/.test(p)) && parts.slice(0, -1).some((p) => p.length < 2)) {
    return text.slice(0, 10);
  }
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

const toLocalDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');

export interface DateFieldProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  /** Called with the typed text when it is not a date (the field keeps it and marks itself invalid). */
  onInvalid?: (text: string) => void;
  /**
   * 'YYYY-MM-DD': the calendar offers no day before `min` or after `max`, as the native date input's picker did. A
   * typed date is not refused for it: the form's own check or the server's says why it does not fit.
   */
  min?: string;
  max?: string;
}

export function DateField({ id, value, onChange, disabled, className, onInvalid, min, max, ...aria }: DateFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [text, setText] = useState(() => isoToUk(value));
  const [shownValue, setShownValue] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  // A new value from outside (a reset, a default) replaces what was typed.
  if (value !== shownValue) {
    setShownValue(value);
    setText(isoToUk(value));
    setInvalid(false);
  }

  function commit(next: string) {
    if (next.trim() === '') {
      setInvalid(false);
      if (value !== '') onChange('');
      return;
    }
    const iso = ukToIso(next);
    if (iso === null) {
      setInvalid(true);
      onInvalid?.(next);
      return;
    }
    setInvalid(false);
    setText(isoToUk(iso));
    if (iso !== value) {
      setShownValue(iso);
      onChange(iso);
    }
  }

  return (
    <div className={cn('relative flex items-center', className)}>
      <Input
        id={inputId}
        inputMode="numeric"
        autoComplete="off"
        placeholder={messages.placeholder}
        maxLength={10}
        value={text}
        disabled={disabled}
        aria-label={aria['aria-label']}
        aria-describedby={aria['aria-describedby']}
        aria-required={aria['aria-required']}
        aria-invalid={aria['aria-invalid'] || invalid ? true : undefined}
        className="pr-9"
        onChange={(event) => {
          const masked = maskDate(event.target.value);
          setText(masked);
          if (masked.length === 10 && ukToIso(masked) !== null) commit(masked);
        }}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      />
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={disabled}
            className="absolute right-0.5 size-8 text-muted-foreground"
            aria-label={messages.openCalendar}
          >
            <CalendarIcon aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          className="w-auto p-2"
          onOpenAutoFocus={(event) => {
            // The day to start from (the chosen one, else today) takes the focus, not the month arrows.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)
              ?.querySelector<HTMLElement>('[role=grid] [tabindex="0"]')
              ?.focus();
          }}
        >
          <MonthGrid
            value={value}
            min={min}
            max={max}
            onPick={(iso) => {
              setOpen(false);
              setText(isoToUk(iso));
              commit(isoToUk(iso));
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}

/**
 * A month of days, Monday first; arrows move by a day or a week, PageUp/PageDown by a month, Enter picks. Days before
 * `min` or after `max` can be walked over but not picked.
 */
export function MonthGrid({
  value,
  onPick,
  min,
  max,
}: {
  value: string;
  onPick: (iso: string) => void;
  min?: string;
  max?: string;
}) {
  const selected = value ? toLocalDate(value) : null;
  const outside = (day: Date) => {
    const iso = toIso(day);
    return (!!min && iso < min) || (!!max && iso > max);
  };
  // The day to start from (the chosen one, else today), moved into the allowed days.
  const [focus, setFocus] = useState<Date>(() => {
    const start = selected ?? new Date();
    if (min && toIso(start) < min) return toLocalDate(min);
    if (max && toIso(start) > max) return toLocalDate(max);
    return start;
  });
  const month = startOfMonth(focus);
  const first = startOfWeek(month, { weekStartsOn: 1 });
  const days = Array.from({ length: 42 }, (_, i) => addDays(first, i));
  const weekdays = Array.from({ length: 7 }, (_, i) => format(addDays(first, i), 'EEEEEE', { locale: uk }));
  const today = new Date();
  const grid = useRef<HTMLTableElement>(null);
  const byKeyboard = useRef(false);
  // After a move by the keyboard the focus follows the day (the month may have changed under it).
  useEffect(() => {
    if (!byKeyboard.current) return;
    byKeyboard.current = false;
    grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [focus]);

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, -1),
      PageDown: () => addMonths(focus, 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      byKeyboard.current = true;
      setFocus(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!outside(focus)) onPick(toIso(focus));
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={messages.previousMonth}
          onClick={() => setFocus(addMonths(focus, -1))}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <p className="text-sm font-medium capitalize" aria-live="polite">
          {format(month, 'LLLL yyyy', { locale: uk })}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={messages.nextMonth}
          onClick={() => setFocus(addMonths(focus, 1))}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
      <table ref={grid} role="grid" aria-label={format(month, 'LLLL yyyy', { locale: uk })} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" className="size-8 text-xs font-normal text-muted-foreground capitalize">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((day) => {
                const isFocus = isSameDay(day, focus);
                const isSelected = selected !== null && isSameDay(day, selected);
                const isOutside = outside(day);
                return (
                  <td key={day.toISOString()} className="p-0 text-center">
                    <button
                      type="button"
                      tabIndex={isFocus ? 0 : -1}
                      aria-selected={isSelected}
                      aria-disabled={isOutside ? true : undefined}
                      aria-label={format(day, 'd MMMM yyyy', { locale: uk })}
                      onClick={() => {
                        if (!isOutside) onPick(toIso(day));
                      }}
                      className={cn(
                        'size-8 rounded-md text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        !isSameMonth(day, month) && 'text-muted-foreground/60',
                        isSameDay(day, today) && 'font-semibold underline underline-offset-4',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary',
                        isOutside && 'cursor-not-allowed text-muted-foreground/40 hover:bg-transparent',
                      )}
                    >
                      {format(day, 'd')}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
