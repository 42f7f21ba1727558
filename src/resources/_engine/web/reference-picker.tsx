// A searchable picker of a referenced record, fed by its lookup (GET /api/lookups/<route>?search=&limit=20): the
// toolkit's search combobox over the lookup.
import { useState, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { cn } from '@/web/lib/utils.ts';
import { lookupBase, lookupQueryKey, type LookupItem } from './resource-api.ts';
import { resourcePageMessages } from './resource.messages.ts';

const messages = resourcePageMessages.picker;

export interface ReferencePickerProps {
  id?: string;
  /** The referenced route ('/departments'). */
  route: string;
  value: number | null;
  /** The label of `value` as already known (the row's `<field>Label`, or the last pick). */
  valueLabel: string | null;
  onChange: (value: number | null, label: string | null) => void;
  /** When given, the first option clears the value and is shown under this name ('Усі', 'Не вказано'). */
  clearLabel?: string;
  placeholder?: string;
  /** Shown before the value on the trigger (a filter says what it filters: 'Відділ: Усі'). */
  prefix?: string;
  disabled?: boolean;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A lookup row: the record's name and, for items, its SKU beside it (`lookupHint`). */
type Option = { id: number | null; label: string; hint?: string | null };

export function ReferencePicker({
  route,
  value,
  valueLabel,
  onChange,
  clearLabel,
  placeholder = messages.placeholder,
  ...rest
}: ReferencePickerProps) {
  return (
    <SearchCombobox<Option>
      {...rest}
      shown={value === null ? (clearLabel ?? null) : (valueLabel ?? `#${value}`)}
      placeholder={placeholder}
      // The same key as every other picker of the route, so one invalidation serves all.
      query={(search) => ({ queryKey: lookupQueryKey(route, search) })}
      before={(search) => (clearLabel !== undefined && search === '' ? [{ id: null, label: clearLabel }] : [])}
      keyOf={(option) => option.id ?? 'none'}
      isSelected={(option) => option.id === value}
      renderOption={(option) => (
        <>
          <span className={cn('truncate', option.id === null && 'text-muted-foreground')}>{option.label}</span>
          {option.hint ? (
            // Seen, not read out: the option's name stays the record's name, as everywhere it is named.
            <span className="ml-auto shrink-0 pl-2 font-mono text-xs text-muted-foreground" aria-hidden="true">
              {option.hint}
            </span>
          ) : null}
        </>
      )}
      onPick={(option) => onChange(option.id, option.id === null ? null : option.label)}
    />
  );
}

/**
 * A list filter by a referenced record ('Постачальник: Усі'): the picker with the filter's name before the value and
 * 'Усі' first. It keeps the label of the record picked; a value that came another way (a link, a reload, a reset)
 * shows the label the lookup gives for its id, so the page holds no label state of its own.
 */
export function ReferenceFilter({
  route,
  label,
  value,
  allLabel,
  className = 'w-full sm:w-64',
  onChange,
}: {
  route: string;
  /** What the filter filters ('Постачальник'); also the picker's accessible name. */
  label: string;
  value: number | null;
  /** The first option, which clears the filter ('Усі'). */
  allLabel: string;
  className?: string;
  onChange: (value: number | null) => void;
}) {
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const pickedNow = value !== null && picked?.id === value;
  const byId = useQuery<LookupItem[]>({
    queryKey: [lookupBase(route), { ids: String(value) }],
    enabled: value !== null && !pickedNow,
  });
  const valueLabel = pickedNow ? picked.label : (byId.data?.find((item) => item.id === value)?.label ?? null);
  return (
    <ReferencePicker
      className={className}
      route={route}
      value={value}
      valueLabel={valueLabel}
      clearLabel={allLabel}
      prefix={label}
      aria-label={label}
      onChange={(id, text) => {
        setPicked(id !== null && text !== null ? { id, label: text } : null);
        onChange(id);
      }}
    />
  );
}
