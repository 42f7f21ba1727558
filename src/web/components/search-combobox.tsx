// The one searchable picker of the house (DESIGN.md: 'one item picker, one counterparty picker'). A Select cannot hold
// a search box (its typeahead takes the keys), so this is a popover combobox: the trigger shows the chosen value, the
// popover has a search box driving a listbox with the arrow keys (Ctrl+Home / Ctrl+End to the ends) and Enter.
// What it searches and how an option reads are the caller's: the reference, item, client, board-option and Nova
// Poshta pickers are this component with a query and an option renderer.
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const defaults = uiMessages.picker;
const SEARCH_DELAY_MS = 250;

/** The query of one search: its key (and function, when the default one does not serve), answering the options. */
export type SearchQuery<T> = Omit<UseQueryOptions<unknown, Error, T[], QueryKey>, 'enabled'>;

export interface SearchComboboxProps<T> {
  id?: string;
  ref?: Ref<HTMLButtonElement>;
  /** What the trigger shows (null: nothing chosen — the placeholder, muted). */
  shown: string | null;
  placeholder: string;
  /** Shown before the value on the trigger (a filter says what it filters: 'Відділ: Усі'). */
  prefix?: string;
  /** Shown instead of the placeholder while disabled ('Спершу оберіть місто'). */
  disabledHint?: string;
  disabled?: boolean;
  className?: string;
  /** The popover's least width: a two-line option wants more room. */
  wide?: boolean;
  /** The options found for a search (asked for only while the popover is open). */
  query: (search: string) => SearchQuery<T>;
  /** Options before the found ones (a 'Усі' that clears), for the debounced search. */
  before?: (search: string) => T[];
  /** Options after the found ones ('Створити клієнта «…»'), for the text as typed. */
  after?: (typed: string) => T[];
  keyOf: (option: T) => string | number;
  /** The chosen option is marked (a check); without it the active option is the selected one. */
  isSelected?: (option: T) => boolean;
  renderOption: (option: T) => ReactNode;
  /** Two lines an option (name over details) instead of one row. */
  stacked?: boolean;
  optionClassName?: (option: T, index: number) => string | undefined;
  onPick: (option: T) => void;
  /** Enter while the typed text is not yet searched searches it first (a keyboard-wedge scanner types fast). */
  enterSearchesFirst?: boolean;
  searchLabel?: string;
  /** The listbox's name (the trigger's aria-label, else the placeholder). */
  listLabel?: string;
  loadingText?: string;
  errorText?: string;
  /** What an empty answer says (for the search asked). */
  emptyText?: string | ((search: string) => string);
  /** Said under the states, for the answer asked (e.g. why nothing can be created). */
  note?: (found: T[] | undefined) => ReactNode;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export function SearchCombobox<T>({
  id,
  ref,
  shown,
  placeholder,
  prefix,
  disabledHint,
  disabled,
  className,
  wide,
  query: queryOf,
  before,
  after,
  keyOf,
  isSelected,
  renderOption,
  stacked,
  optionClassName,
  onPick,
  enterSearchesFirst,
  searchLabel = defaults.search,
  listLabel,
  loadingText = defaults.loading,
  errorText = defaults.error,
  emptyText = defaults.empty,
  note,
  onBlur,
  ...aria
}: SearchComboboxProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const searchBox = useSearchBox('', setSearch, SEARCH_DELAY_MS);
  // Only asked for when opened: a page with several pickers makes no requests until one is used.
  const query = useQuery<unknown, Error, T[]>({ ...queryOf(search), enabled: open });
  const typed = searchBox.text.trim();
  const options = [...(before?.(search) ?? []), ...(query.data ?? []), ...(after?.(typed) ?? [])];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      // A search typed just before closing would otherwise arrive after its pause and greet the next opening.
      searchBox.clear();
      setSearch('');
      setActive(0);
    }
  }

  function choose(option: T) {
    changeOpen(false);
    onPick(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = Math.max(options.length - 1, 0);
    const moves: Record<string, number | undefined> = {
      ArrowDown: activeIndex >= last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex <= 0 ? last : activeIndex - 1,
      Home: event.ctrlKey ? 0 : undefined,
      End: event.ctrlKey ? last : undefined,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === 'Enter') {
      event.preventDefault(); // never submit the surrounding form from the search box
      if (enterSearchesFirst && typed !== search) {
        setSearch(typed);
        return;
      }
      const option = options[activeIndex];
      if (option !== undefined) choose(option);
    }
  }

  const empty = typeof emptyText === 'function' ? emptyText(search) : emptyText;
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
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
            className,
          )}
        >
          <span className="truncate">
            {prefix ? <span className="text-muted-foreground">{prefix}: </span> : null}
            <span className={cn(shown === null && 'text-muted-foreground')}>
              {shown ?? (disabled && disabledHint ? disabledHint : placeholder)}
            </span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            'z-50 grid w-(--radix-popover-trigger-width) max-w-[calc(100vw-1rem)] gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none',
            wide ? 'min-w-72' : 'min-w-64',
          )}
        >
          <Input
            type="text"
            role="combobox"
            aria-label={searchLabel}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            placeholder={searchLabel}
            className="h-9"
            value={searchBox.text}
            onChange={(event) => {
              searchBox.change(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel ?? aria['aria-label'] ?? placeholder}
            aria-busy={query.isFetching ? true : undefined}
            className="max-h-64 overflow-y-auto"
          >
            {options.map((option, index) => {
              const selected = isSelected?.(option);
              return (
                <li
                  key={keyOf(option)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected ?? index === activeIndex}
                  data-active={index === activeIndex ? true : undefined}
                  className={cn(
                    'relative cursor-default rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground',
                    stacked ? 'grid gap-0.5' : 'flex items-center gap-2',
                    optionClassName?.(option, index),
                  )}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  {renderOption(option)}
                  {selected ? <CheckIcon className="absolute top-2 right-2 size-4" aria-hidden="true" /> : null}
                </li>
              );
            })}
          </ul>
          {query.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {loadingText}
            </p>
          ) : query.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(query.error) ?? errorText}
            </p>
          ) : query.data?.length === 0 ? (
            <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {empty}
            </p>
          ) : null}
          {note?.(query.data)}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
