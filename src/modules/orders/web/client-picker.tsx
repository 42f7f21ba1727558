// The client combobox of the order form (sales.md §1 Page: 'a client combobox, with inline creation'): the
// reference picker's search of /clients (GET /api/lookups/clients), and as its last option 'Створити клієнта «…»'
// with what was typed — only for a user who may change /clients; anyone else is told that they cannot create
// clients when the search finds nobody. A popover combobox like the reference picker, driven by the arrow keys.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon, PlusIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lookupQueryKey, type LookupItem } from '@/resources/_engine/web/resource-api.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.clientPicker;
const SEARCH_DELAY_MS = 250;
export const CLIENTS_ROUTE = '/clients';

type Option = { kind: 'client'; id: number; label: string } | { kind: 'create'; label: string };

export function ClientPicker({
  id,
  value,
  valueLabel,
  placeholder,
  disabled,
  canCreate,
  onChange,
  onCreate,
  onBlur,
  ref,
  ...aria
}: {
  id?: string;
  value: number | null;
  valueLabel: string | null;
  placeholder: string;
  disabled?: boolean;
  /** The user may change /clients: the list ends with 'Створити клієнта «…»'. */
  canCreate: boolean;
  onChange: (value: number, label: string) => void;
  /** 'Створити клієнта' was chosen with this typed name (trimmed, may be ''). */
  onCreate: (name: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  // Asked for only when opened; the same key as every other picker of /clients, so one invalidation serves all.
  const lookup = useQuery<LookupItem[]>({ queryKey: lookupQueryKey(CLIENTS_ROUTE, search), enabled: open });
  const typed = text.trim();
  const options: Option[] = [
    ...(lookup.data ?? []).map((item): Option => ({ kind: 'client', id: item.id, label: item.label })),
    ...(canCreate ? [{ kind: 'create', label: m.create(typed) } as const] : []),
  ];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const nothingFound = lookup.data?.length === 0;

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setText('');
      setSearch('');
      setActive(0);
    }
  }

  function choose(option: Option) {
    changeOpen(false);
    if (option.kind === 'create') onCreate(typed);
    else onChange(option.id, option.label);
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
      event.preventDefault(); // never submit the order form from the search box
      const option = options[activeIndex];
      if (option) choose(option);
    }
  }

  const shown = value === null ? null : (valueLabel ?? `#${value}`);

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
          className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
        >
          <span className={cn('truncate', shown === null && 'text-muted-foreground')}>{shown ?? placeholder}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 grid w-(--radix-popover-trigger-width) max-w-[calc(100vw-1rem)] min-w-64 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none"
        >
          <Input
            type="text"
            role="combobox"
            aria-label={m.search}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            placeholder={placeholder}
            className="h-9"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              const next = event.target.value.trim();
              debounce(() => setSearch(next));
            }}
            onKeyDown={onKeyDown}
          />
          {lookup.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {m.searching}
            </p>
          ) : lookup.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(lookup.error) ?? m.error}
            </p>
          ) : nothingFound ? (
            <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {m.nothing}
            </p>
          ) : null}
          {!canCreate && nothingFound ? <p className="px-2 py-1.5 text-xs text-muted-foreground">{m.noRight}</p> : null}
          <ul
            id={listId}
            role="listbox"
            aria-label={m.search}
            aria-busy={lookup.isFetching ? true : undefined}
            className="max-h-64 overflow-y-auto"
          >
            {options.map((option, index) => {
              const selected = option.kind === 'client' && option.id === value;
              return (
                <li
                  key={option.kind === 'client' ? option.id : 'create'}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  data-active={index === activeIndex ? true : undefined}
                  className={cn(
                    'relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground',
                    option.kind === 'create' && index > 0 && 'mt-1 border-t',
                  )}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  {option.kind === 'create' ? (
                    <PlusIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  ) : null}
                  <span className={cn('truncate', option.kind === 'create' && 'font-medium')}>{option.label}</span>
                  {selected ? <CheckIcon className="absolute right-2 size-4" aria-hidden="true" /> : null}
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
