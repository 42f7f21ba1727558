// The item search of an order line: by name, SKU or a scanned barcode (a keyboard-wedge scanner types the code and
// Enter — an exact barcode or SKU comes first, so Enter takes it). Options show the SKU, the price and what is
// available in the order's warehouse. The toolkit's search combobox, fed by GET /api/orders/items.
import type { Ref } from 'react';
import type { OrderItemOption } from '@/modules/orders/orders.contract.ts';
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { formatMoney, formatQty } from './order-format.ts';
import { itemsQueryKey } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.form;

export function ItemPicker({
  valueLabel,
  warehouseId,
  onPick,
  ...rest
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
  return (
    <SearchCombobox<OrderItemOption>
      {...rest}
      shown={valueLabel}
      placeholder={m.itemPlaceholder}
      wide
      query={(search) => ({ queryKey: itemsQueryKey(search, warehouseId) })}
      keyOf={(option) => option.id}
      stacked
      renderOption={(option) => (
        <>
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
        </>
      )}
      onPick={onPick}
      enterSearchesFirst
      searchLabel={m.itemSearch}
      loadingText={m.itemSearching}
      errorText={m.itemSearchError}
      emptyText={m.itemNothing}
      listLabel={m.item}
    />
  );
}
