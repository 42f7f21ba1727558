// The period of a report or analytics page: quick presets up to today (this week, month, quarter or year) and a
// group of toggle buttons (presets, the grouping by day, week or month). Used with PeriodFilter from list-page.tsx.
import { Button } from '@/web/components/ui/button.tsx';
import { todayIso } from '@/web/lib/document-format.ts';

export type PeriodPreset = 'week' | 'month' | 'quarter' | 'year';

/** The preset's first day up to today: this ISO week (from Monday), month, quarter or year. */
export function presetPeriod(preset: PeriodPreset, today: string = todayIso()): { from: string; to: string } {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  if (preset === 'year') return { from: `${year}-01-01`, to: today };
  if (preset === 'week') {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return { from: day.toISOString().slice(0, 10), to: today };
  }
  const first = preset === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : month;
  return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
}

/** Toggle buttons of which one is pressed (none while the value is null). */
export function ToggleGroup<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V | null;
  onChange: (value: V) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={option.value === value ? 'default' : 'outline'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
