// The /bom dialogs: 'Імпорт специфікацій' (a CSV, XLSX or XML file → one new BOM per parent, all or nothing, each
// wrong row listed) and 'Копіювати з іншого виробу' (pick an item with a BOM and one of its BOMs → a draft copy).
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyIcon, Loader2Icon } from 'lucide-react';
import { bomStatusLabels, type Bom, type BomSummary } from '@/modules/bom/bom.contract.ts';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { FileImportDialog } from '@/web/components/file-import-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { BomItemPicker } from './bom-item-picker.tsx';
import { bomApi, itemBomsQueryFn, itemBomsQueryKey, refreshBoms } from './bom.api.ts';
import { bomWebMessages } from './bom.messages.ts';

export function BomImportDialog({
  onClose,
  onOpenItem,
}: {
  onClose: () => void;
  onOpenItem: (itemId: number) => void;
}) {
  const m = bomWebMessages.import;
  const id = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'draft' | 'active'>('active');

  return (
    <FileImportDialog
      texts={{ ...m, cancel: m.close }}
      accept=".csv,.xlsx,.xml,text/csv,application/xml,text/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      upload={(file) => bomApi.importFile(file, status)}
      onUploaded={() => void refreshBoms(queryClient)}
      summary={(result) => m.created(result.boms.length)}
      details={(result) => (
        <ul className="grid gap-2">
          {result.boms.map((bom) => (
            <li key={bom.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
              <span>
                <span className="font-mono font-medium">{bom.sku}</span> · {bom.name} · {m.lines(bom.lineCount)}
              </span>
              <Button type="button" variant="outline" size="sm" onClick={() => onOpenItem(bom.itemId)}>
                {m.open}
              </Button>
            </li>
          ))}
        </ul>
      )}
      onClose={onClose}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>{m.status}</Label>
        <Select value={status} onValueChange={(value) => setStatus(value as 'draft' | 'active')}>
          <SelectTrigger id={`${id}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="active">{bomStatusLabels.active}</SelectItem>
            <SelectItem value="draft">{bomStatusLabels.draft}</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </FileImportDialog>
  );
}

export function BomCopyDialog({
  target,
  onClose,
  onCopied,
}: {
  target: { id: number; name: string };
  onClose: () => void;
  onCopied: (bom: Bom) => void;
}) {
  const m = bomWebMessages.copy;
  const id = useId();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<{ id: number; label: string } | null>(null);
  const [bomId, setBomId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const boms = useQuery({
    queryKey: itemBomsQueryKey(source?.id ?? 0),
    queryFn: itemBomsQueryFn,
    enabled: source !== null,
  });
  const options: BomSummary[] = (boms.data?.items ?? []).filter((b) => b.status !== 'archived');
  const chosen = bomId ?? options.find((b) => b.isDefault)?.id ?? options[0]?.id ?? null;

  const copy = useMutation({
    mutationFn: (fromId: number) => bomApi.copy(fromId, target.id),
    onSuccess: (bom) => {
      toast({ title: bomWebMessages.toasts.copied, description: bom.name });
      void refreshBoms(queryClient);
      onCopied(bom);
    },
    onError: (failure) => setError(serverMessageOf(failure) ?? bomWebMessages.toasts.failed),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError(m.chooseSource);
      return;
    }
    setError(null);
    copy.mutate(chosen);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !copy.isPending && onClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-lg sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description(target.name)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          {error ? <FormFailure>{error}</FormFailure> : null}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-source`}>{m.source}</Label>
            <BomItemPicker
              id={`${id}-source`}
              kind="made"
              hasBom="true"
              exceptId={target.id}
              value={source?.id ?? null}
              valueLabel={source?.label ?? null}
              placeholder={m.sourcePlaceholder}
              onChange={(row) => {
                setSource({ id: row.id, label: `${row.name} (${row.sku})` });
                setBomId(null);
              }}
            />
          </div>
          {source ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-bom`}>{m.bom}</Label>
              {boms.isPending ? (
                <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              ) : options.length ? (
                <Select value={chosen ? String(chosen) : undefined} onValueChange={(v) => setBomId(Number(v))}>
                  <SelectTrigger id={`${id}-bom`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {options.map((b) => (
                      <SelectItem key={b.id} value={String(b.id)}>
                        {b.name} · {bomStatusLabels[b.status]}
                        {b.isDefault ? ` · ${bomWebMessages.item.default}` : ''}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : (
                <p className="text-sm text-muted-foreground">{m.noBoms}</p>
              )}
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={copy.isPending} onClick={onClose}>
              {bomWebMessages.confirm.cancel}
            </Button>
            <Button type="submit" disabled={copy.isPending}>
              {copy.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <CopyIcon aria-hidden="true" />
              )}
              {m.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
