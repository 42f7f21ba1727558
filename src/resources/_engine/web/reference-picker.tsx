// A searchable picker of a referenced record, fed by its lookup (GET /api/lookups/<route>?search=&limit=20).
// A Select cannot hold a search box (its typeahead takes the keys), so this is a popover combobox: the
// trigger shows the chosen label, the popover has a search input driving a listbox with the arrow keys.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { lookupBase, lookupQueryKey, type LookupItem } from './resource-api.ts';
import { resourcePageMessages } from './resource.messages.ts';

const messages = resourcePageMessages.picker;
const SEARCH_DELAY_MS = 250;

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

type Option = { id: number | null; label: string };

export function ReferencePicker({
  id,
  route,
  value,
  valueLabel,
  onChange,
  clearLabel,
  placeholder = messages.placeholder,
  prefix,
  disabled,
  className,
  ref,
  onBlur,
  ...aria
}: ReferencePickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  // Only asked for when opened: a page with several pickers makes no requests until one is used.
  const lookup = useQuery<LookupItem[]>({ queryKey: lookupQueryKey(route, search), enabled: open });
  const options: Option[] = [
    ...(clearLabel !== undefined && search === '' ? [{ id: null, label: clearLabel }] : []),
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

  function changeSearch(text: string) {
    setSearchText(text);
    setActive(0);
    debounce(() => setSearch(text.trim()));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(activeIndex >= last ? 0 : activeIndex + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(activeIndex <= 0 ? Math.max(last, 0) : activeIndex - 1);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(Math.max(last, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault(); // never submit the surrounding form from the search box
      const option = options[activeIndex];
      if (option) choose(option);
    }
  }

  const shown = value === null ? (clearLabel ?? null) : (valueLabel ?? `#${value}`);

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>
        <button
          ref={ref}
          id={id}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          disabled={disabled}
          onBlur={onBlur}
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
            aria-label={messages.search}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            placeholder={messages.search}
            className="h-9"
            value={searchText}
            onChange={(event) => changeSearch(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={aria['aria-label'] ?? placeholder}
            aria-busy={lookup.isFetching ? true : undefined}
            className="max-h-64 overflow-y-auto"
          >
            {options.map((option, index) => {
              const selected = option.id === value;
              return (
                <li
                  key={option.id ?? 'none'}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  data-active={index === activeIndex ? true : undefined}
                  className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  <span className={cn('truncate', option.id === null && 'text-muted-foreground')}>{option.label}</span>
                  {selected ? <CheckIcon className="absolute right-2 size-4" aria-hidden="true" /> : null}
                </li>
              );
            })}
          </ul>
          {lookup.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {messages.loading}
            </p>
          ) : lookup.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(lookup.error) ?? messages.error}
            </p>
          ) : lookup.data?.length === 0 ? (
            <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {messages.empty}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
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
