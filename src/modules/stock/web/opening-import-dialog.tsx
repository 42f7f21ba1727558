// 'Введення залишків' (warehouse.md §1 Opening balances): upload a CSV or XLSX stock list; the server creates one
// draft `opening` adjustment per warehouse (all or nothing) and the dialog shows them, or every row's error.
import { useQueryClient } from '@tanstack/react-query';
import { FileImportDialog } from '@/web/components/file-import-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { adjustmentsApi, isStockQuery, type StockRoute } from './adjustments.api.ts';
import { formatQty } from './stock-format.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.opening;

export function OpeningImportDialog({
  route,
  onClose,
  onOpenDrafts,
}: {
  route: StockRoute;
  onClose: () => void;
  onOpenDrafts: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <FileImportDialog
      texts={{ ...m, cancel: m.close }}
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      upload={(file) => adjustmentsApi.importFile(route, file)}
      onUploaded={() => void queryClient.invalidateQueries({ predicate: isStockQuery })}
      summary={(drafts) => m.created(drafts.length)}
      details={(drafts) => (
        <ul className="grid gap-2">
          {drafts.map((draft) => (
            <li key={draft.id} className="rounded-md border px-3 py-2 text-sm">
              <span className="font-mono font-medium">{draft.number}</span> · {draft.warehouseName} ·{' '}
              {m.lines(draft.lines.length)}
              <span className="block text-xs text-muted-foreground">
                {draft.lines
                  .slice(0, 5)
                  .map((line) => `${line.sku} × ${formatQty(line.deltaQty)}`)
                  .join(', ')}
                {draft.lines.length > 5 ? ' …' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      resultActions={
        <Button type="button" onClick={onOpenDrafts}>
          {m.openDrafts}
        </Button>
      }
      onClose={onClose}
    />
  );
}
