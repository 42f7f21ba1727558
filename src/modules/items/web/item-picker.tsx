// The one item picker of every document line (GET /api/items/options): it finds an item by name, SKU, barcode, MPN or
// a supplier's SKU — a scanned code and Enter take the exact match — and each option shows the SKU, the price (the
// sale price on a sales line, the last purchase price on a purchase or stock line) and the free stock in the
// document's warehouse (over all warehouses when it has none). The toolkit's search combobox.
import type { Ref } from 'react';
import type { ItemOption, ItemOptionsQuery } from '@/modules/items/items.contract.ts';
import { currencyUk } from '@/shared/decimal-format.ts';
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { endpointKey } from '@/web/lib/api.ts';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { itemPickerMessages as m } from './item-picker.messages.ts';

export type ItemPickerSource = NonNullable<ItemOptionsQuery['source']>;

/** The key of one search: every picker of the same source and warehouse shares its answers. */
export const itemOptionsQueryKey = (search: string, source: ItemPickerSource, warehouseId: number | null) =>
  endpointKey(itemsEndpoints.options, { query: { search, source, warehouseId } });

/** What an option says under its name: SKU · price · free stock. */
export function itemOptionDetails(option: ItemOption, price: 'sale' | 'purchase'): string {
  const money =
    price === 'sale'
      ? option.retailPrice && `${formatMoney(option.retailPrice)} ${currencyUk('UAH')}`
      : option.purchasePrice && `${formatMoney(option.purchasePrice)} ${currencyUk(option.purchaseCurrency ?? 'UAH')}`;
  const free = option.available === null ? null : m.free(formatQty(option.available), option.unitShortName ?? '');
  return [option.sku, money || null, free].filter(Boolean).join(' · ');
}

export interface ItemPickerProps {
  id?: string;
  ref?: Ref<HTMLButtonElement>;
  /** The chosen item's name as known (null: nothing chosen yet). */
  valueLabel: string | null;
  value?: number | null;
  source?: ItemPickerSource;
  /** Free stock in this warehouse; null — over all warehouses. */
  warehouseId?: number | null;
  /** Which price an option shows. */
  price?: 'sale' | 'purchase';
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  onPick: (item: ItemOption) => void;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export function ItemPicker({
  valueLabel,
  value,
  source = 'all',
  warehouseId = null,
  price = 'sale',
  placeholder = m.placeholder,
  onPick,
  ...rest
}: ItemPickerProps) {
  return (
    <SearchCombobox<ItemOption>
      {...rest}
      shown={valueLabel}
      placeholder={placeholder}
      wide
      query={(search) => ({ queryKey: itemOptionsQueryKey(search, source, warehouseId) })}
      keyOf={(option) => option.id}
      isSelected={value === undefined ? undefined : (option) => option.id === value}
      stacked
      renderOption={(option) => (
        <>
          <span className="truncate">{option.name}</span>
          <span className="text-xs break-words text-muted-foreground">{itemOptionDetails(option, price)}</span>
        </>
      )}
      onPick={onPick}
      enterSearchesFirst
      searchLabel={m.search[source]}
      loadingText={m.searching}
      errorText={m.searchError}
      emptyText={m.nothing}
      listLabel={rest['aria-label'] ?? placeholder}
    />
  );
}
