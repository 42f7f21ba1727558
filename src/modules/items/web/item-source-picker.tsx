// The item of a document line, found among the components (the default) or among the products: a two-button switch
// of where to search, then the one item picker over that list (it finds by name, SKU, barcode, MPN and supplier SKU
// and shows the price and the free stock). Used by the lines of supplier orders, receipts and warehouse transfers.
import type { Ref } from 'react';
import { CpuIcon, PackageIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import { cn } from '@/web/lib/utils.ts';
import { ItemPicker } from './item-picker.tsx';

export type ItemSource = 'components' | 'products';

const messages = {
  itemSource: 'Шукати серед',
  components: 'Компоненти',
  products: 'Товари',
  componentPlaceholder: 'Оберіть компонент або матеріал',
  productPlaceholder: 'Оберіть товар',
};

const sources = [
  {
    value: 'components',
    label: messages.components,
    placeholder: messages.componentPlaceholder,
    Icon: CpuIcon,
  },
  {
    value: 'products',
    label: messages.products,
    placeholder: messages.productPlaceholder,
    Icon: PackageIcon,
  },
] as const;

export function ItemSourcePicker({
  id,
  source,
  onSource,
  value,
  valueLabel,
  onChange,
  onBlur,
  pickerRef,
  error,
  warehouseId = null,
  price = 'purchase',
}: {
  id: string;
  source: ItemSource;
  onSource: (source: ItemSource) => void;
  value: number | null;
  valueLabel: string | null;
  onChange: (id: number | null, label: string | null) => void;
  onBlur?: () => void;
  pickerRef?: Ref<HTMLButtonElement>;
  /** The line's item is wrong: the picker is marked invalid; its message is at `${id}-message`. */
  error: boolean;
  /** The document's warehouse: its free stock beside each option (over all warehouses without one). */
  warehouseId?: number | null;
  /** Which price an option shows: a purchase's (receipts, supplier orders, transfers) or the sale price. */
  price?: 'sale' | 'purchase';
}) {
  const current = sources.find((s) => s.value === source) ?? sources[0];
  return (
    <div className="flex min-w-0 gap-1.5">
      <div role="group" aria-label={messages.itemSource} className="flex shrink-0 rounded-md border p-0.5">
        {sources.map(({ value: option, label, Icon }) => (
          <Button
            key={option}
            type="button"
            variant="ghost"
            size="icon"
            className={cn('size-8', source === option && 'bg-accent text-accent-foreground')}
            aria-label={label}
            aria-pressed={source === option}
            title={label}
            onClick={() => onSource(option)}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
      </div>
      <ItemPicker
        ref={pickerRef}
        id={id}
        source={current.value}
        warehouseId={warehouseId}
        price={price}
        value={value}
        valueLabel={valueLabel}
        placeholder={current.placeholder}
        className="min-w-0 flex-1"
        onPick={(item) => onChange(item.id, item.name)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        aria-required
      />
    </div>
  );
}
