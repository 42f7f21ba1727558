// A searchable picker of an item for a BOM line or a copy source, fed by GET /api/bom/items (any stocked kind by
// default, never a service; the parent itself left out). A popover combobox like the shared ReferencePicker, but
// answering whole rows, so the line learns the component's SKU, stock unit and unit type at once.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { BomItemKindFilter, BomItemRow } from '@/modules/bom/bom.contract.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { bomItemsQueryFn, bomItemsQueryKey } from './bom.api.ts';
import { bomWebMessages } from './bom.messages.ts';

const m = bomWebMessages.picker;
const SEARCH_DELAY_MS = 250;

export function BomItemPicker({
  id,
  value,
  valueLabel,
  onChange,
  kind = 'stocked',
  hasBom,
  exceptId,
  placeholder,
  className,
  ref,
  ...aria
}: {
  id?: string;
  value: number | null;
  valueLabel: string | null;
  onChange: (row: BomItemRow) => void;
  kind?: BomItemKindFilter;
  hasBom?: 'true';
  exceptId?: number;
  placeholder: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
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
  const lookup = useQuery({
    queryKey: bomItemsQueryKey({ kind, search, limit: 20, hasBom, exceptId, sort: 'sku' }),
    queryFn: bomItemsQueryFn,
    enabled: open,
  });
  const options = lookup.data?.items ?? [];
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

  function choose(row: BomItemRow) {
    onChange(row);
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
      event.preventDefault(); // never submit the surrounding form from the search box
      const option = options[activeIndex];
      if (option) choose(option);
    }
  }

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
          {...aria}
          className={cn(
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive',
            className,
          )}
        >
          <span className={cn('truncate', value === null && 'text-muted-foreground')}>
            {value === null ? placeholder : (valueLabel ?? `#${value}`)}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 grid w-(--radix-popover-trigger-width) max-w-[calc(100vw-1rem)] min-w-72 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none"
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
            placeholder={m.search}
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
            {options.map((row, index) => (
              <li
                key={row.id}
                id={optionId(index)}
                role="option"
                aria-selected={row.id === value}
                data-active={index === activeIndex ? true : undefined}
                className="relative grid cursor-default gap-0.5 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
                onPointerMove={() => setActive(index)}
                onClick={() => choose(row)}
              >
                <span className="truncate">{row.name}</span>
                <span className="truncate font-mono text-xs text-muted-foreground">
                  {row.sku}
                  {row.unitShortName ? ` · ${row.unitShortName}` : ''}
                </span>
                {row.id === value ? <CheckIcon className="absolute top-2 right-2 size-4" aria-hidden="true" /> : null}
              </li>
            ))}
          </ul>
          {lookup.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {m.loading}
            </p>
          ) : lookup.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(lookup.error) ?? m.error}
            </p>
          ) : options.length === 0 ? (
            <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {m.empty}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
