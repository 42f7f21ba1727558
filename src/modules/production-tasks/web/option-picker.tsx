// A searchable picker over one of the board's option lists (made items, workers): a popover combobox whose search box
// drives a listbox with the arrow keys — the same behaviour as the reference pickers, fed by the board's own
// endpoints so that it offers only made items and names workers in full.
import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { TaskOption } from '@/modules/production-tasks/production-tasks.contract.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { optionsQueryKey, type optionLists } from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';

const SEARCH_DELAY_MS = 250;

type Option = { id: number | null; label: string; hint: string | null };

export function OptionPicker({
  id,
  list,
  value,
  valueLabel,
  onChange,
  clearLabel,
  placeholder,
  prefix,
  disabled,
  className,
  ...aria
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
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const lookup = useQuery<TaskOption[]>({ queryKey: optionsQueryKey(list, search), enabled: open });
  const options: Option[] = [
    ...(clearLabel !== undefined && search === '' ? [{ id: null, label: clearLabel, hint: null }] : []),
    ...(lookup.data ?? []),
  ];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setSearchText('');
      setSearch('');
      setActive(0);
    }
  }

  function choose(option: Option) {
    onChange(option.id, option.id === null ? null : option.label);
    changeOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(activeIndex >= last ? 0 : activeIndex + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(activeIndex <= 0 ? Math.max(last, 0) : activeIndex - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    }
  }

  const shown = value === null ? (clearLabel ?? null) : (valueLabel ?? `#${value}`);

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          disabled={disabled}
          {...aria}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
            className,
          )}
        >
          <span className="truncate">
            {prefix ? <span className="text-muted-foreground">{prefix}: </span> : null}
            <span className={cn(shown === null && 'text-muted-foreground')}>{shown ?? placeholder}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 grid w-(--radix-popover-trigger-width) min-w-64 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none"
        >
          <Input
            type="text"
            role="combobox"
            aria-label={messages.pickerSearch}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            placeholder={messages.pickerSearch}
            className="h-9"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setActive(0);
              const text = event.target.value.trim();
              debounce(() => setSearch(text));
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={aria['aria-label'] ?? placeholder}
            aria-busy={lookup.isFetching ? true : undefined}
            className="max-h-64 overflow-y-auto"
          >
            {options.map((option, index) => (
              <li
                key={option.id ?? 'none'}
                id={optionId(index)}
                role="option"
                aria-selected={option.id === value}
                data-active={index === activeIndex ? true : undefined}
                className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
                onPointerMove={() => setActive(index)}
                onClick={() => choose(option)}
              >
                <span className={cn('truncate', option.id === null && 'text-muted-foreground')}>{option.label}</span>
                {option.hint ? (
                  <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">{option.hint}</span>
                ) : null}
                {option.id === value ? <CheckIcon className="absolute right-2 size-4" aria-hidden="true" /> : null}
              </li>
            ))}
          </ul>
          {lookup.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {messages.pickerLoading}
            </p>
          ) : lookup.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(lookup.error) ?? messages.pickerError}
            </p>
          ) : lookup.data?.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{messages.pickerEmpty}</p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
