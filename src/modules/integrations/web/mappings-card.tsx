// 'Зіставлення позицій' on /integrations (reports-admin.md §15 'Name mappings'): the external systems' item codes and
// our items, the unmapped ones first; a row is mapped with the item picker in place and deleted after a confirmation.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { ItemPicker } from '@/modules/items/web/index.ts';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { ChoiceFilter, ListFilterBar, ListHeader, PagedListCard, usePagedList } from '@/web/components/list-page.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { Mapping } from '../integrations.contract.ts';
import { webhookSystemLabels, webhookSystems, type WebhookSystem } from '../integrations.messages.ts';
import {
  integrationsApi,
  isMappingListQuery,
  mappingListQueryFn,
  mappingListQueryKey,
  type MappingListFilter,
} from './integrations.api.ts';
import { integrationsWebMessages } from './integrations-web.messages.ts';

const m = integrationsWebMessages.mappings;
const ALL = 'all';

const initialFilter: MappingListFilter = {
  page: 1,
  limit: 20,
  search: '',
  sort: '',
  system: ALL,
  unmapped: 'false',
};

export function MappingsCard({ canChange }: { canChange: boolean }) {
  const { list, query } = usePagedList(initialFilter, { key: mappingListQueryKey, queryFn: mappingListQueryFn });
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Mapping | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ predicate: isMappingListQuery });
  const map = useMutation({
    mutationFn: ({ id, itemId }: { id: number; itemId: number }) => integrationsApi.updateMapping(id, { itemId }),
    onSuccess: () => {
      toast({ title: m.mapped });
      refresh();
    },
    onError: (error) => toast({ title: serverMessageOf(error) ?? m.failed, variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => integrationsApi.deleteMapping(id),
    onSuccess: () => {
      toast({ title: m.removed });
      setRemoving(null);
      refresh();
    },
    onError: (error) => toast({ title: serverMessageOf(error) ?? m.failed, variant: 'destructive' }),
  });

  const columns: DataColumn<Mapping>[] = [
    { id: 'code', header: m.columns.code, primary: true, className: 'font-medium', cell: (r) => r.externalCode },
    { id: 'system', header: m.columns.system, cell: (r) => webhookSystemLabels[r.system] },
    { id: 'name', header: m.columns.name, className: 'max-w-64 whitespace-normal', cell: (r) => r.externalName ?? '—' },
    {
      id: 'item',
      header: m.columns.item,
      className: 'min-w-64 whitespace-normal',
      cell: (r) =>
        canChange ? (
          <ItemPicker
            valueLabel={r.itemId ? `${r.itemSku} · ${r.itemName}` : null}
            value={r.itemId ?? undefined}
            placeholder={m.map}
            aria-label={m.pick(r.externalCode)}
            onPick={(item) => map.mutate({ id: r.id, itemId: item.id })}
          />
        ) : r.itemId ? (
          `${r.itemSku} · ${r.itemName}`
        ) : (
          <Badge variant="outline">{m.unmapped}</Badge>
        ),
    },
  ];

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="integration-mappings">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <span id="integration-mappings" className="sr-only">
        {m.title}
      </span>
      <ListFilterBar id="integration-mappings-filter" list={list} texts={m}>
        <ChoiceFilter
          label={m.systemLabel}
          allLabel={m.systemAll}
          allValue={ALL}
          options={webhookSystems.map((s) => ({ value: s, label: webhookSystemLabels[s] }))}
          value={list.filter.system}
          onChange={(system) => list.changeFilter({ system: system as WebhookSystem | typeof ALL })}
        />
        <ChoiceFilter
          label={m.unmappedOnly}
          allLabel={m.all}
          allValue="false"
          options={[{ value: 'true', label: m.unmappedOnly }]}
          value={list.filter.unmapped}
          onChange={(unmapped) => list.changeFilter({ unmapped: unmapped as 'true' | 'false' })}
        />
      </ListFilterBar>
      <PagedListCard
        list={list}
        query={query}
        texts={m}
        emptySummary={m.total(0)}
        canCreate={false}
        table={{
          id: 'integration-mappings',
          columns,
          rowKey: (r) => r.id,
          rowLabel: (r) => r.externalCode,
          minWidthRem: 48,
          actions: canChange
            ? (r) => [
                {
                  label: m.remove(r.externalCode),
                  icon: <Trash2Icon aria-hidden="true" />,
                  destructive: true,
                  onSelect: () => setRemoving(r),
                },
              ]
            : undefined,
        }}
      />
      {removing ? (
        <ConfirmDialog
          title={m.removeTitle}
          description={m.removeBody(removing.externalCode)}
          confirmLabel={m.removeConfirm}
          cancelLabel={integrationsWebMessages.webhooks.cancel}
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
