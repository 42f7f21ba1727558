// 'Технологічні карти' (production.md §2): a server-paged, sortable, filtered list of the cards — name, item,
// base/modification badge, number of operations, minutes for one unit, status — and the card editor in a dialog.
// Deep links: `?itemId=` filters by the item, `?open=<id>` opens a card.
import {
  techCardKindLabels,
  techCardStatuses,
  techCardStatusLabels,
  type TechCardSummary,
} from '@/modules/tech-cards/tech-cards.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { ChoiceFilter, ListFilterBar, PagedListCard } from '@/web/components/list-page.tsx';
import {
  DefaultStar,
  itemColumn,
  nameColumn,
  recordTable,
  RecordListHeader,
  StatusFilter,
  useRecordListPage,
} from '@/web/components/record-list.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { TechCardDialog, TechCardStatusBadge } from './tech-card-dialog.tsx';
import { techCardListQueryFn, techCardListQueryKey, type TechCardListFilter } from './tech-cards.api.ts';
import { techCardsWebMessages as messages } from './tech-cards.messages.ts';

export const TECH_CARDS_ROUTE = '/tech-cards';
export const TECH_CARDS_PAGE_SIZE = 20;
const ALL = 'all';

const initialFilter: TechCardListFilter = {
  page: 1,
  limit: TECH_CARDS_PAGE_SIZE,
  search: '',
  sort: 'name',
  status: ALL,
  kind: ALL,
  itemId: null,
  departmentId: null,
};

const kindOptions = [
  { value: 'base', label: techCardKindLabels.base },
  { value: 'modification', label: techCardKindLabels.modification },
];

export function TechCardsPage() {
  const {
    dialog,
    list,
    query: listQuery,
    canAccess,
    initialItem,
  } = useRecordListPage(TECH_CARDS_ROUTE, initialFilter, { key: techCardListQueryKey, queryFn: techCardListQueryFn });
  const { filter, changeFilter } = list;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newCard}
        canCreate={canAccess}
        onCreate={dialog.create}
      />

      <ListFilterBar id="tech-cards" list={list} texts={messages}>
        <StatusFilter
          statuses={techCardStatuses}
          labels={techCardStatusLabels}
          texts={messages}
          value={filter.status}
          onChange={(status) => changeFilter({ status })}
        />
        <ChoiceFilter
          label={messages.kindLabel}
          allLabel={messages.kindAll}
          allValue={ALL}
          options={kindOptions}
          value={filter.kind}
          onChange={(kind) => changeFilter({ kind: kind as TechCardListFilter['kind'] })}
        />
        <ReferenceFilter
          route="/products"
          label={messages.itemFilter}
          value={filter.itemId}
          allLabel={messages.all}
          onChange={(itemId) => changeFilter({ itemId })}
        />
        <ReferenceFilter
          route="/departments"
          label={messages.departmentFilter}
          value={filter.departmentId}
          allLabel={messages.all}
          onChange={(departmentId) => changeFilter({ departmentId })}
        />
      </ListFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalCards(0)}
        canCreate={canAccess}
        table={recordTable({ id: 'tech-cards', columns: techCardColumns, onOpen: dialog.open, minWidthRem: 52 })}
      />

      {dialog.target ? (
        <TechCardDialog
          key={dialog.dialogKey}
          cardId={dialog.openId}
          canChange={canAccess}
          initialItem={initialItem}
          onOpenCard={dialog.open}
          onClose={dialog.close}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the name opens the card, like the row. */
function techCardColumns(onOpen: (card: TechCardSummary) => void): DataColumn<TechCardSummary>[] {
  const c = messages.columns;
  return [
    nameColumn({
      header: c.name,
      name: (card) => card.name,
      openLabel: messages.openCard,
      onOpen,
      mark: (card) => (card.isDefault ? <DefaultStar label={messages.defaultMark} /> : null),
      className: 'max-w-72',
    }),
    itemColumn({ header: c.item, sku: (card) => card.itemSku, name: (card) => card.itemName }),
    { id: 'kind', header: c.kind, cell: (card) => <KindBadge card={card} /> },
    { id: 'operations', header: c.operations, numeric: true, cell: (card) => card.operationCount },
    { id: 'minutes', header: c.minutes, numeric: true, cell: (card) => formatQty(card.totalMinutes) },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (card) => <TechCardStatusBadge status={card.status} />,
    },
  ];
}

/** 'Базова' or 'Модифікація', with the base card's name under a modification. */
function KindBadge({ card }: { card: TechCardSummary }) {
  const modification = card.baseTechCardId !== null;
  return (
    <>
      <span
        className={cn(
          'inline-flex rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          modification ? 'border-sky-500/40 text-sky-800 dark:text-sky-300' : 'text-foreground',
        )}
      >
        {modification ? techCardKindLabels.modification : techCardKindLabels.base}
      </span>
      {modification && card.baseName ? (
        <span className="mt-1 block text-xs text-muted-foreground">{messages.modificationOf(card.baseName)}</span>
      ) : null}
    </>
  );
}
