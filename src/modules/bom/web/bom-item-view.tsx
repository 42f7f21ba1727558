// The right pane of /bom (production.md §1 Page): the selected item, its BOMs as versions (one default star, the
// status of each), the actions (new, new version, copy from another item, edit, make default, activate, archive,
// delete — to users with canAccess only, destructive ones confirmed), the total material cost and the tabs
// 'Склад', 'Розгортка', 'Де використовується', 'Історія'.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  ArrowLeftIcon,
  CheckCircle2Icon,
  CopyIcon,
  CopyPlusIcon,
  Loader2Icon,
  PencilIcon,
  PlusIcon,
  StarIcon,
  Trash2Icon,
} from 'lucide-react';
import { itemKindLabels, type Bom, type BomItemKind, type BomSummary } from '@/modules/bom/bom.contract.ts';
import { ListStates } from '@/web/components/data-list.tsx';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { BomCopyDialog } from './bom-dialogs.tsx';
import { BomEditor } from './bom-editor.tsx';
import { BomLinesTable, BomStatusBadge, ExplosionPanel, HistoryPanel, WhereUsedPanel } from './bom-tabs.tsx';
import {
  bomApi,
  bomItemQueryKey,
  bomItemsQueryFn,
  bomQueryKey,
  itemBomsQueryFn,
  itemBomsQueryKey,
  refreshBoms,
} from './bom.api.ts';
import { bomWebMessages } from './bom.messages.ts';

const m = bomWebMessages;
type Mode = 'view' | 'edit' | 'create';
type Confirm = 'delete' | 'archive' | null;

const isMade = (kind: string) => kind === 'product' || kind === 'semi_finished';

export function BomItemView({
  itemId,
  canChange,
  onBack,
  onOpenItem,
}: {
  itemId: number;
  canChange: boolean;
  onBack: () => void;
  onOpenItem: (itemId: number) => void;
}) {
  const queryClient = useQueryClient();
  const itemQuery = useQuery({ queryKey: bomItemQueryKey(itemId), queryFn: bomItemsQueryFn });
  const bomsQuery = useQuery({ queryKey: itemBomsQueryKey(itemId), queryFn: itemBomsQueryFn });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [copying, setCopying] = useState(false);
  const [tab, setTab] = useState('lines');

  const item = itemQuery.data?.items[0];
  const boms = bomsQuery.data?.items ?? [];
  const selected: BomSummary | undefined =
    boms.find((b) => b.id === chosenId) ?? boms.find((b) => b.isDefault) ?? boms[0];
  const bomQuery = useQuery<Bom>({ queryKey: bomQueryKey(selected?.id ?? 0), enabled: selected !== undefined });
  const bom = bomQuery.data && bomQuery.data.id === selected?.id ? bomQuery.data : undefined;

  const action = useMutation({
    mutationFn: async (kind: 'makeDefault' | 'activate' | 'archive' | 'unarchive' | 'delete' | 'newVersion') => {
      if (!selected) throw new Error('no BOM');
      switch (kind) {
        case 'makeDefault':
          return { kind, bom: await bomApi.makeDefault(selected.id) };
        case 'activate':
          return { kind, bom: await bomApi.update(selected.id, { version: selected.version, status: 'active' }) };
        case 'archive':
          return { kind, bom: await bomApi.update(selected.id, { version: selected.version, status: 'archived' }) };
        case 'unarchive':
          return { kind, bom: await bomApi.update(selected.id, { version: selected.version, status: 'draft' }) };
        case 'newVersion':
          return { kind, bom: await bomApi.copy(selected.id) };
        case 'delete':
          await bomApi.remove(selected.id);
          return { kind, bom: null };
      }
    },
    onSuccess: ({ kind, bom: changed }) => {
      const t = m.toasts;
      const title = {
        makeDefault: t.madeDefault,
        activate: t.activated,
        archive: t.archived,
        unarchive: t.restored,
        delete: t.deleted,
        newVersion: t.copied,
      }[kind];
      toast({ title, description: changed?.name ?? selected?.name });
      setConfirm(null);
      if (changed) {
        queryClient.setQueryData(bomQueryKey(changed.id), changed);
        setChosenId(changed.id);
      } else setChosenId(null);
      void refreshBoms(queryClient);
    },
    onError: (error) => {
      setConfirm(null);
      toast({ variant: 'destructive', title: m.toasts.failed, description: serverMessageOf(error) });
    },
  });

  if (itemQuery.isPending || itemQuery.isError || !item) {
    return (
      <div className="rounded-xl border bg-card">
        <ListStates
          query={itemQuery}
          loadingText={m.item.loading}
          loadErrorText={m.item.loadError}
          retryText={m.items.retry}
        >
          <p className="px-4 py-16 text-center text-sm text-muted-foreground">{m.item.notFound}</p>
        </ListStates>
      </div>
    );
  }

  const made = isMade(item.kind);
  const kindLabel = itemKindLabels[item.kind as BomItemKind] ?? item.kind;

  return (
    <div className="grid min-w-0 content-start gap-4">
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <Button variant="ghost" size="sm" className="-ml-2 w-fit lg:hidden" onClick={onBack}>
              <ArrowLeftIcon aria-hidden="true" />
              {m.item.back}
            </Button>
            <h2 className="text-xl font-semibold break-words">{item.name}</h2>
            <p className="text-sm text-muted-foreground">
              <span className="font-mono">{item.sku}</span> · {kindLabel}
              {item.unitShortName ? ` · ${item.unitShortName}` : ''}
            </p>
          </div>
          {canChange && made && mode === 'view' ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setMode('create')}>
                <PlusIcon aria-hidden="true" />
                {m.item.newBom}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setCopying(true)}>
                <CopyIcon aria-hidden="true" />
                {m.item.copyFrom}
              </Button>
            </div>
          ) : null}
        </div>

        {made ? (
          <ListStates
            query={bomsQuery}
            loadingText={m.bom.loading}
            loadErrorText={m.bom.loadError}
            retryText={m.items.retry}
          >
            {boms.length ? (
              <div role="group" aria-label={m.item.boms} className="flex flex-wrap gap-2">
                {boms.map((b) => (
                  <button
                    key={b.id}
                    type="button"
                    aria-pressed={b.id === selected?.id}
                    aria-label={`${b.name}${b.isDefault ? ` (${m.item.default})` : ''}`}
                    onClick={() => {
                      setChosenId(b.id);
                      setMode('view');
                    }}
                    className={cn(
                      'grid min-w-36 gap-1 rounded-lg border px-3 py-2 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      b.id === selected?.id ? 'border-primary bg-accent' : 'hover:bg-accent/60',
                      b.status === 'archived' && 'opacity-70',
                    )}
                  >
                    <span className="flex items-center gap-1.5 font-medium">
                      {b.isDefault ? (
                        <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-label={m.item.defaultStar} />
                      ) : null}
                      {b.name}
                    </span>
                    <span className="flex flex-wrap items-center gap-2">
                      <BomStatusBadge status={b.status} />
                      <span className="text-xs text-muted-foreground tabular-nums">{formatMoney(b.materialCost)}</span>
                    </span>
                  </button>
                ))}
              </div>
            ) : mode === 'view' ? (
              <div className="rounded-lg border border-dashed px-4 py-6 text-center">
                <p className="font-medium">{m.item.none}</p>
                <p className="text-sm text-muted-foreground">{canChange ? m.item.noneHint : m.item.noneReadOnly}</p>
              </div>
            ) : null}
          </ListStates>
        ) : (
          <p className="text-sm text-muted-foreground">{m.item.notMade}</p>
        )}
      </div>

      {mode !== 'view' ? (
        <div className="rounded-xl border bg-card p-4 shadow-sm">
          {mode === 'edit' && !bom ? (
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <BomEditor
              key={mode === 'edit' ? `edit-${bom?.id}-${bom?.version}` : 'create'}
              itemId={itemId}
              bom={mode === 'edit' ? (bom ?? null) : null}
              onCancel={() => setMode('view')}
              onSaved={(saved) => {
                queryClient.setQueryData(bomQueryKey(saved.id), saved);
                setChosenId(saved.id);
                setMode('view');
              }}
            />
          )}
        </div>
      ) : (
        <div className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm">
          {selected ? (
            <BomHeader
              bom={bom}
              summary={selected}
              canChange={canChange}
              pending={action.isPending}
              onEdit={() => setMode('edit')}
              onAction={(kind) => (kind === 'delete' || kind === 'archive' ? setConfirm(kind) : action.mutate(kind))}
            />
          ) : null}
          {/* A bought item has no BOM of its own: only where it is used. */}
          <Tabs value={made ? tab : 'whereUsed'} onValueChange={setTab} className="min-w-0">
            <TabsList className="w-full justify-start sm:w-fit">
              {made ? <TabsTrigger value="lines">{m.bom.tabs.lines}</TabsTrigger> : null}
              {made ? <TabsTrigger value="explosion">{m.bom.tabs.explosion}</TabsTrigger> : null}
              <TabsTrigger value="whereUsed">{m.bom.tabs.whereUsed}</TabsTrigger>
              {made ? <TabsTrigger value="history">{m.bom.tabs.history}</TabsTrigger> : null}
            </TabsList>
            <TabsContent value="lines" className="min-w-0">
              {selected ? (
                <ListStates
                  query={bomQuery}
                  loadingText={m.bom.loading}
                  loadErrorText={m.bom.loadError}
                  retryText={m.items.retry}
                >
                  {bom ? <BomLinesTable bom={bom} onOpenItem={onOpenItem} /> : null}
                </ListStates>
              ) : (
                <NoBom />
              )}
            </TabsContent>
            <TabsContent value="explosion" className="min-w-0">
              {selected ? <ExplosionPanel key={selected.id} bomId={selected.id} /> : <NoBom />}
            </TabsContent>
            <TabsContent value="whereUsed" className="min-w-0">
              <WhereUsedPanel itemId={itemId} itemName={item.name} />
            </TabsContent>
            <TabsContent value="history" className="min-w-0">
              {selected ? <HistoryPanel key={selected.id} bomId={selected.id} /> : <NoBom />}
            </TabsContent>
          </Tabs>
        </div>
      )}

      {confirm && selected ? (
        <ConfirmDialog
          title={confirm === 'delete' ? m.confirm.deleteTitle : m.confirm.archiveTitle}
          description={
            confirm === 'delete' ? m.confirm.deleteText(selected.name) : m.confirm.archiveText(selected.name)
          }
          confirmLabel={confirm === 'delete' ? m.confirm.deleteConfirm : m.confirm.archiveConfirm}
          cancelLabel={m.confirm.cancel}
          destructive
          pending={action.isPending}
          onConfirm={() => action.mutate(confirm)}
          onClose={() => setConfirm(null)}
        />
      ) : null}
      {copying ? (
        <BomCopyDialog
          target={{ id: itemId, name: item.name }}
          onClose={() => setCopying(false)}
          onCopied={(copy) => {
            queryClient.setQueryData(bomQueryKey(copy.id), copy);
            setChosenId(copy.id);
            setCopying(false);
          }}
        />
      ) : null}
    </div>
  );
}

function NoBom() {
  return <p className="py-6 text-center text-sm text-muted-foreground">{m.item.noneReadOnly}</p>;
}

function BomHeader({
  bom,
  summary,
  canChange,
  pending,
  onEdit,
  onAction,
}: {
  bom: Bom | undefined;
  summary: BomSummary;
  canChange: boolean;
  pending: boolean;
  onEdit: () => void;
  onAction: (kind: 'makeDefault' | 'activate' | 'archive' | 'unarchive' | 'delete' | 'newVersion') => void;
}) {
  const b = m.bom;
  const archived = summary.status === 'archived';
  const noPrice = bom?.noPriceCount ?? summary.noPriceCount;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            {summary.isDefault ? (
              <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-label={m.item.defaultStar} />
            ) : null}
            {summary.name}
            <BomStatusBadge status={summary.status} />
          </h3>
          {summary.notes ? <p className="text-sm text-muted-foreground">{summary.notes}</p> : null}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{b.materialCost}</dt>
          <dd className="text-right text-base font-semibold tabular-nums">
            {formatMoney(bom?.materialCost ?? summary.materialCost)}
          </dd>
          {bom && bom.outputQty !== '1.0000' ? (
            <>
              <dt className="text-muted-foreground">
                {b.linesCost(formatQty(bom.outputQty), bom.itemUnitShortName ?? '')}
              </dt>
              <dd className="text-right tabular-nums">{formatMoney(bom.linesCost)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {noPrice > 0 ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
          {b.noPriceWarning(noPrice)}
        </p>
      ) : null}
      {summary.isDefault && summary.status !== 'active' ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
          {b.defaultNotActive}
        </p>
      ) : null}
      {canChange ? (
        <div role="group" aria-label={b.actions} className="flex flex-wrap gap-2">
          {!archived ? (
            <Button size="sm" variant="outline" disabled={pending} onClick={onEdit}>
              <PencilIcon aria-hidden="true" />
              {b.edit}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" disabled={pending} onClick={() => onAction('newVersion')}>
            <CopyPlusIcon aria-hidden="true" />
            {b.newVersion}
          </Button>
          {!summary.isDefault && !archived ? (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => onAction('makeDefault')}>
              <StarIcon aria-hidden="true" />
              {b.makeDefault}
            </Button>
          ) : null}
          {summary.status === 'draft' ? (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => onAction('activate')}>
              <CheckCircle2Icon aria-hidden="true" />
              {b.activate}
            </Button>
          ) : null}
          {archived ? (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => onAction('unarchive')}>
              <ArchiveRestoreIcon aria-hidden="true" />
              {b.unarchive}
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => onAction('archive')}>
              <ArchiveIcon aria-hidden="true" />
              {b.archive}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:text-destructive dark:text-red-400"
            disabled={pending}
            onClick={() => onAction('delete')}
          >
            <Trash2Icon aria-hidden="true" />
            {b.remove}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
