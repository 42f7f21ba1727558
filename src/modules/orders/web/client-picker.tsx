// The client combobox of the order form (sales.md §1 Page: 'a client combobox, with inline creation'): the
// reference picker's search of /clients (GET /api/lookups/clients), and as its last option 'Створити клієнта «…»'
// with what was typed — only for a user who may change /clients; anyone else is told that they cannot create
// clients when the search finds nobody. The toolkit's search combobox.
import type { Ref } from 'react';
import { PlusIcon } from 'lucide-react';
import { lookupQueryKey, type LookupItem } from '@/resources/_engine/web/resource-api.ts';
import { SearchCombobox } from '@/web/components/search-combobox.tsx';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.clientPicker;
export const CLIENTS_ROUTE = '/clients';

type Option = { kind: 'client'; id: number; label: string } | { kind: 'create'; label: string; typed: string };

export function ClientPicker({
  value,
  valueLabel,
  placeholder,
  canCreate,
  onChange,
  onCreate,
  ...rest
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
  const shown = value === null ? null : (valueLabel ?? `#${value}`);
  return (
    <SearchCombobox<Option>
      {...rest}
      shown={shown}
      placeholder={placeholder}
      // The same key as every other picker of /clients, so one invalidation serves all.
      query={(search) => ({
        queryKey: lookupQueryKey(CLIENTS_ROUTE, search),
        select: (items) => (items as LookupItem[]).map((item): Option => ({ kind: 'client', ...item })),
      })}
      after={(typed) => (canCreate ? [{ kind: 'create', label: m.create(typed), typed }] : [])}
      keyOf={(option) => (option.kind === 'client' ? option.id : 'create')}
      isSelected={(option) => option.kind === 'client' && option.id === value}
      renderOption={(option) =>
        option.kind === 'create' ? (
          <>
            <PlusIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="truncate font-medium">{option.label}</span>
          </>
        ) : (
          <span className="truncate">{option.label}</span>
        )
      }
      optionClassName={(option, index) => (option.kind === 'create' && index > 0 ? 'mt-1 border-t' : undefined)}
      onPick={(option) => (option.kind === 'create' ? onCreate(option.typed) : onChange(option.id, option.label))}
      searchLabel={m.search}
      listLabel={m.search}
      loadingText={m.searching}
      errorText={m.error}
      emptyText={m.nothing}
      note={(found) =>
        !canCreate && found?.length === 0 ? (
          <p className="px-2 py-1.5 text-xs text-muted-foreground">{m.noRight}</p>
        ) : null
      }
    />
  );
}
