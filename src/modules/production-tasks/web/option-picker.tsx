// A searchable picker over one of the board's option lists (made items, workers): a popover combobox whose search box
// drives a listbox with the arrow keys — the same behaviour as the reference pickers, fed by the board's own
// endpoints so that it offers only made items and names workers in full.
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { cn } from '@/web/lib/utils.ts';
import { optionsQueryKey, type optionLists } from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';

type Option = { id: number | null; label: string; hint: string | null };

export function OptionPicker({
  list,
  value,
  valueLabel,
  onChange,
  clearLabel,
  placeholder,
  ...rest
}: {
  id?: string;
  /** Which of the board's option lists it offers, asked with `?search=`. */
  list: keyof typeof optionLists;
  value: number | null;
  valueLabel: string | null;
  onChange: (value: number | null, label: string | null) => void;
  /** When given, the first option clears the value under this name ('Усі'). */
  clearLabel?: string;
  placeholder?: string;
  prefix?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  return (
    <SearchCombobox<Option>
      {...rest}
      shown={value === null ? (clearLabel ?? null) : (valueLabel ?? `#${value}`)}
      placeholder={placeholder ?? ''}
      query={(search) => ({ queryKey: optionsQueryKey(list, search) })}
      before={(search) =>
        clearLabel !== undefined && search === '' ? [{ id: null, label: clearLabel, hint: null }] : []
      }
      keyOf={(option) => option.id ?? 'none'}
      isSelected={(option) => option.id === value}
      renderOption={(option) => (
        <>
          <span className={cn('truncate', option.id === null && 'text-muted-foreground')}>{option.label}</span>
          {option.hint ? (
            <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">{option.hint}</span>
          ) : null}
        </>
      )}
      onPick={(option) => onChange(option.id, option.id === null ? null : option.label)}
      searchLabel={messages.pickerSearch}
      loadingText={messages.pickerLoading}
      errorText={messages.pickerError}
      emptyText={messages.pickerEmpty}
    />
  );
}
