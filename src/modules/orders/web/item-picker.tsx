// The item search of an order line: by name, SKU or a scanned barcode (a keyboard-wedge scanner types the code and
// Enter — an exact barcode or SKU comes first, so Enter takes it). Options show the SKU, the price and what is
// available in the order's warehouse. A popover combobox like the reference picker, fed by GET /api/orders/items.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronsUpDownIcon, Loader2Icon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { OrderItemOption } from '@/modules/orders/orders.contract.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { formatMoney, formatQty } from './order-format.ts';
import { itemsQueryKey } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.form;
const SEARCH_DELAY_MS = 200;

export function ItemPicker({
  id,
  valueLabel,
  warehouseId,
  disabled,
  onPick,
  ref,
  ...aria
}: {
  id?: string;
  valueLabel: string | null;
  warehouseId: number | null;
  disabled?: boolean;
  onPick: (item: OrderItemOption) => void;
  ref?: Ref<HTMLButtonElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);
  const query = useQuery<OrderItemOption[]>({
    queryKey: itemsQueryKey(search, warehouseId),
    enabled: open,
  });
  const options = query.data ?? [];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setText('');
      setSearch('');
      setActive(0);
    }
  }
  function choose(item: OrderItemOption) {
    onPick(item);
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
      event.preventDefault(); // never submit the form from the search box
      // A scanner types faster than the debounce: search the typed code now when the list is not for it yet.
      if (text.trim() !== search) {
        setSearch(text.trim());
        return;
      }
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
          disabled={disabled}
          {...aria}
          className="flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
        >
          <span className={cn('truncate', !valueLabel && 'text-muted-foreground')}>
            {valueLabel ?? m.itemPlaceholder}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 grid w-(--radix-popover-trigger-width) min-w-72 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none"
        >
          <Input
            type="text"
            role="combobox"
            aria-label={m.itemSearch}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            placeholder={m.itemPlaceholder}
            className="h-9"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              debounce(() => setSearch(event.target.value.trim()));
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={m.item}
            aria-busy={query.isFetching ? true : undefined}
            className="max-h-72 overflow-y-auto"
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                data-active={index === activeIndex ? true : undefined}
                className="grid cursor-default gap-0.5 rounded-sm px-2 py-1.5 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
                onPointerMove={() => setActive(index)}
                onClick={() => choose(option)}
              >
                <span className="truncate">{option.name}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {[
                    option.sku,
                    option.retailPrice ? `${formatMoney(option.retailPrice)} ${ordersWebMessages.uah}` : null,
                    option.available !== null ? m.available(formatQty(option.available)) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
          {query.isPending && open ? (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {m.itemSearching}
            </p>
          ) : query.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-destructive dark:text-red-400">
              {serverMessageOf(query.error) ?? m.itemSearchError}
            </p>
          ) : options.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{m.itemNothing}</p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
