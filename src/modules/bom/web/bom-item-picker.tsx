// A searchable picker of an item for a BOM line or a copy source, fed by GET /api/bom/items (any stocked kind by
// default, never a service; the parent itself left out). The toolkit's search combobox, answering whole rows, so the line learns the component's SKU, stock unit and unit type at once.
import type { Ref } from 'react';
import type { BomItemKindFilter, BomItemRow } from '@/modules/bom/bom.contract.ts';
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { bomItemsQueryFn, bomItemsQueryKey } from './bom.api.ts';
import { bomWebMessages } from './bom.messages.ts';

const m = bomWebMessages.picker;

export function BomItemPicker({
  value,
  valueLabel,
  onChange,
  kind = 'stocked',
  hasBom,
  exceptId,
  placeholder,
  ...rest
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
  return (
    <SearchCombobox<BomItemRow>
      {...rest}
      shown={value === null ? null : (valueLabel ?? `#${value}`)}
      placeholder={placeholder}
      wide
      query={(search) => ({
        queryKey: bomItemsQueryKey({ kind, search, limit: 20, hasBom, exceptId, sort: 'sku' }),
        queryFn: bomItemsQueryFn,
        select: (page) => (page as Awaited<ReturnType<typeof bomItemsQueryFn>>).items,
      })}
      keyOf={(row) => row.id}
      isSelected={(row) => row.id === value}
      stacked
      renderOption={(row) => (
        <>
          <span className="truncate">{row.name}</span>
          <span className="truncate font-mono text-xs text-muted-foreground">
            {row.sku}
            {row.unitShortName ? ` · ${row.unitShortName}` : ''}
          </span>
        </>
      )}
      onPick={onChange}
      searchLabel={m.search}
      loadingText={m.loading}
      errorText={m.error}
      emptyText={m.empty}
    />
  );
}
