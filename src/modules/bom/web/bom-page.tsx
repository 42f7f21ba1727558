// 'Специфікації' (production.md §1): items on the left with a 'має специфікацію' marker, the selected item's BOMs
// on the right (versions, default, lines, explosion, where-used, history). `?itemId=` opens an item directly; below
// 1024 px the list and the item take the screen in turn.
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ListTreeIcon, UploadIcon } from 'lucide-react';
import { usePermission } from '@/web/lib/use-permission.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { cn } from '@/web/lib/utils.ts';
import { BomImportDialog } from './bom-dialogs.tsx';
import { BomItemView } from './bom-item-view.tsx';
import { BomItemsPane } from './bom-items-pane.tsx';
import { BOM_ROUTE } from './bom.api.ts';
import { bomWebMessages as m } from './bom.messages.ts';

const itemIdOf = (search: string) => {
  const value = Number(new URLSearchParams(search).get('itemId'));
  return Number.isInteger(value) && value > 0 ? value : null;
};

export function BomPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const itemId = itemIdOf(search);
  const { canAccess } = usePermission(BOM_ROUTE);
  const [importing, setImporting] = useState(false);

  const open = (id: number | null) => navigate(id ? `${BOM_ROUTE}?itemId=${id}` : BOM_ROUTE);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{m.title}</h1>
          <p className="text-sm text-muted-foreground">{m.subtitle}</p>
        </div>
        {canAccess ? (
          <Button variant="outline" onClick={() => setImporting(true)}>
            <UploadIcon aria-hidden="true" />
            {m.importButton}
          </Button>
        ) : null}
      </div>

      <div className="grid min-w-0 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)]">
        <BomItemsPane
          selectedId={itemId}
          onSelect={(id) => open(id)}
          className={cn(itemId !== null && 'hidden lg:grid')}
        />
        {itemId !== null ? (
          <BomItemView
            key={itemId}
            itemId={itemId}
            canChange={canAccess}
            onBack={() => open(null)}
            onOpenItem={(id) => open(id)}
          />
        ) : (
          <div className="hidden content-start justify-items-center gap-2 self-start rounded-xl border border-dashed p-10 text-center lg:grid">
            <ListTreeIcon className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{m.pick.title}</p>
            <p className="max-w-md text-sm text-muted-foreground">{m.pick.hint}</p>
          </div>
        )}
      </div>

      {importing ? (
        <BomImportDialog
          onClose={() => setImporting(false)}
          onOpenItem={(id) => {
            setImporting(false);
            open(id);
          }}
        />
      ) : null}
    </div>
  );
}
