// The city and branch pickers (reference-data.md §13a, sales.md §3): popover comboboxes searching the Nova Poshta
// directory cache of the server (the nova-poshta module's `settlements` and `warehouses` endpoints) — never the
// service itself. The trigger shows the chosen name; the popover has a search box driving a listbox by keyboard.
import type { QueryKey } from '@tanstack/react-query';
import type { NpWarehouseType } from '@/modules/nova-poshta/nova-poshta.contract.ts';
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { npSettlementsQueryKey, npWarehousesQueryKey, type NpSettlement, type NpWarehouse } from './nova-poshta.api.ts';
import { npWebMessages } from './nova-poshta.messages.ts';

const m = npWebMessages.picker;

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
  valueLabel,
  valueKey,
  queryKeyOf,
  keyOf,
  labelOf,
  detailOf,
  onChange,
  ...rest
}: ComboboxProps<T>) {
  return (
    <SearchCombobox<T>
      {...rest}
      shown={valueLabel}
      query={(search) => ({ queryKey: queryKeyOf(search) })}
      keyOf={keyOf}
      isSelected={(option) => keyOf(option) === valueKey}
      stacked
      renderOption={(option) => {
        const detail = detailOf?.(option);
        return (
          <>
            <span className="truncate">{labelOf(option)}</span>
            {detail ? <span className="truncate text-xs text-muted-foreground">{detail}</span> : null}
          </>
        );
      }}
      onPick={onChange}
      searchLabel={m.search}
      loadingText={m.loading}
      errorText={m.error}
      emptyText={(search) => (search ? m.nothing : m.emptyDirectory)}
    />
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
