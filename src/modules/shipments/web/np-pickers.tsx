// The city and branch pickers (reference-data.md §13a, sales.md §3): popover comboboxes searching the Nova Poshta
// directory cache of the server (the nova-poshta module's `settlements` and `warehouses` endpoints) — never the
// service itself. The trigger shows the chosen name; the popover has a search box driving a listbox by keyboard.
import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { NpWarehouseType } from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { npSettlementsQueryKey, npWarehousesQueryKey, type NpSettlement, type NpWarehouse } from './nova-poshta.api.ts';
import { npWebMessages } from './nova-poshta.messages.ts';

const m = npWebMessages.picker;
const SEARCH_DELAY_MS = 250;

interface ComboboxProps<T> {
  id?: string;
  /** The chosen option's label as known (null: nothing chosen). */
  valueLabel: string | null;
  valueKey: string | null;
  placeholder: string;
  disabled?: boolean;
  /** Why the picker is disabled (shown instead of the placeholder). */
  disabledHint?: string;
  queryKeyOf: (search: string) => QueryKey;
  keyOf: (option: T) => string;
  labelOf: (option: T) => string;
  detailOf?: (option: T) => string | null;
  onChange: (option: T) => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function NpCombobox<T>({
  id,
  valueLabel,
  valueKey,
  placeholder,
  disabled,
  disabledHint,
  queryKeyOf,
  keyOf,
  labelOf,
  detailOf,
  onChange,
  ...aria
}: ComboboxProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);
  const query = useQuery<T[]>({ queryKey: queryKeyOf(search), enabled: open });
  const options = query.data ?? [];
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
  function choose(option: T) {
    onChange(option);
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
          className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
        >
          <span className={cn('truncate', !valueLabel && 'text-muted-foreground')}>
            {valueLabel ?? (disabled && disabledHint ? disabledHint : placeholder)}
          </span>
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
            placeholder={m.search}
            className="h-9"
            value={searchText}
            onChange={(event) => {
              const text = event.target.value;
              setSearchText(text);
              setActive(0);
              debounce(() => setSearch(text.trim()));
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={aria['aria-label'] ?? placeholder}
            className="max-h-64 overflow-y-auto"
          >
            {options.map((option, index) => {
              const key = keyOf(option);
              const detail = detailOf?.(option);
              return (
                <li
                  key={key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={key === valueKey}
                  data-active={index === activeIndex ? true : undefined}
                  className="relative grid cursor-default rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  <span className="truncate">{labelOf(option)}</span>
                  {detail ? <span className="truncate text-xs text-muted-foreground">{detail}</span> : null}
                  {key === valueKey ? <CheckIcon className="absolute top-2 right-2 size-4" aria-hidden="true" /> : null}
                </li>
              );
            })}
          </ul>
          {query.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {m.loading}
            </p>
          ) : query.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(query.error) ?? m.error}
            </p>
          ) : options.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{search ? m.nothing : m.emptyDirectory}</p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** A settlement of the cache: 'Київ (Київська)'. */
export const settlementLabel = (s: Pick<NpSettlement, 'name' | 'area'>) => (s.area ? `${s.name} (${s.area})` : s.name);

export function NpCityPicker({
  id,
  cityRef,
  cityName,
  onChange,
  disabled,
  ...aria
}: {
  id?: string;
  cityRef: string | null;
  cityName: string | null;
  onChange: (settlement: NpSettlement) => void;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <NpCombobox<NpSettlement>
      id={id}
      valueKey={cityRef}
      valueLabel={cityName}
      placeholder={m.cityPlaceholder}
      disabled={disabled}
      queryKeyOf={(search) => npSettlementsQueryKey(search)}
      keyOf={(s) => s.ref}
      labelOf={(s) => s.name}
      detailOf={(s) => [s.type, s.area ? `${s.area} обл.` : null].filter(Boolean).join(', ') || null}
      onChange={onChange}
      aria-label={aria['aria-label'] ?? m.city}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    />
  );
}

/** A branch as a line: '№ 5 — Відділення №5: вул. …'. */
export const warehouseLabel = (w: Pick<NpWarehouse, 'number' | 'description'>) => w.description;

export function NpBranchPicker({
  id,
  cityRef,
  type,
  warehouseRef,
  warehouseLabel: label,
  onChange,
  disabled,
  ...aria
}: {
  id?: string;
  cityRef: string | null;
  type?: NpWarehouseType;
  warehouseRef: string | null;
  warehouseLabel: string | null;
  onChange: (warehouse: NpWarehouse) => void;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <NpCombobox<NpWarehouse>
      id={id}
      valueKey={warehouseRef}
      valueLabel={label}
      placeholder={m.branchPlaceholder}
      disabled={disabled || !cityRef}
      disabledHint={!cityRef ? m.cityFirst : undefined}
      queryKeyOf={(search) => npWarehousesQueryKey(cityRef ?? '', search, type ?? '')}
      keyOf={(w) => w.ref}
      labelOf={(w) => w.description}
      detailOf={(w) => w.shortAddress}
      onChange={onChange}
      aria-label={aria['aria-label'] ?? m.branch}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    />
  );
}
