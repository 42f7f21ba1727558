// 'Імпорт з BAS' on /products: CommerceML files (import.xml with groups and goods, offers.xml with prices) are
// checked by a dry run, shown row by row, and committed only when every file is clean — import.xml first.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DatabaseZapIcon, Loader2Icon } from 'lucide-react';
import type { CommerceMlResult } from '@/modules/items/items.contract.ts';
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { resourceBase } from '@/resources/_engine/web/resource-api.ts';
import { productCategoriesResource } from '@/resources/categories/categories.resource.ts';
import { productsResource } from '@/resources/items/items.resource.ts';
import type { ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, endpointUrl, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { itemsEndpoints } from '../items.endpoints.ts';

export const cmlWebMessages = {
  open: 'Імпорт з BAS',
  title: 'Імпорт з BAS / 1С (CommerceML)',
  description:
    'Файли обміну import.xml (групи й товари) та offers.xml (ціни). Повторний імпорт оновлює товари за їхніми Ид у BAS, а не дублює їх. Кількість з файлу не переноситься — залишки вносяться документом.',
  choose: 'Файли XML',
  checking: 'Перевіряю файли...',
  importing: 'Імпортую...',
  submit: 'Імпортувати',
  cancel: 'Скасувати',
  fixFirst: 'Виправте помилки у файлі й завантажте його знову: імпорт відбувається лише цілком.',
  counts: (c: CommerceMlResult['counts']) => `Нові: ${c.new}, оновлення: ${c.update}, помилки: ${c.error}`,
  entity: { group: 'Група', product: 'Товар', offer: 'Ціни' },
  status: { new: 'Новий', update: 'Оновлення', error: 'Помилка' },
  columns: { entity: 'Що', name: 'Назва', status: 'Статус', messages: 'Повідомлення' },
  done: 'Імпорт з BAS завершено',
  failed: 'Не вдалося імпортувати файл',
  shown: (n: number, total: number) => `Показано ${n} з ${total} рядків`,
} as const;

const SHOWN_ROWS = 200;

interface Checked {
  file: File;
  /** import.xml (goods) goes before offers.xml (prices), which refer to the goods. */
  isCatalog: boolean;
  result: CommerceMlResult | null;
  error: string | null;
}

/** A file's text (FileReader: every browser, and the test DOM, has it). */
export function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

/**
 * One file as the raw XML body. The endpoint has no body schema (the import reads the file itself), so the call is
 * sent by the one fetch helper with the endpoint's method and URL.
 */
const send = (file: File, dryRun: boolean) =>
  apiRequest<ResponseOf<typeof itemsEndpoints.commerceMl>>(
    itemsEndpoints.commerceMl.method,
    endpointUrl(itemsEndpoints.commerceMl, { query: { dryRun: dryRun ? '1' : undefined, fileName: file.name } }),
    new Blob([file], { type: 'application/xml' }),
  );

function CommerceMlDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<Checked[]>([]);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  async function choose(files: FileList | null) {
    if (!files?.length) return;
    setBusy('checking');
    const list: Checked[] = [];
    for (const file of [...files]) {
      const isCatalog = (await readText(file)).includes('<Каталог');
      list.push({ file, isCatalog, result: null, error: null });
    }
    list.sort((a, b) => Number(b.isCatalog) - Number(a.isCatalog));
    for (const entry of list) {
      try {
        entry.result = await send(entry.file, true);
      } catch (error) {
        entry.error = serverMessageOf(error) ?? cmlWebMessages.failed;
      }
    }
    setChecked(list);
    setBusy(null);
  }

  // Each file is committed whole or not at all. Prices in offers.xml may name goods that import.xml of the same
  // batch only creates, so their "not found" is not final until import.xml is in; they are checked again then.
  const catalogInBatch = checked.some((c) => c.isCatalog);
  const blocking = checked.some((c) => {
    if (c.error !== null) return true;
    const errors = c.result?.rows.filter((r) => r.status === 'error') ?? [];
    return errors.some((r) => !(catalogInBatch && !c.isCatalog && r.entity === 'offer'));
  });

  async function commit() {
    setBusy('importing');
    try {
      const totals = { new: 0, update: 0 };
      for (const entry of checked) {
        const result = await send(entry.file, false);
        if (!result.committed) {
          setChecked((current) => current.map((c) => (c.file === entry.file ? { ...c, result } : c)));
          toast({ variant: 'destructive', title: cmlWebMessages.failed, description: entry.file.name });
          return;
        }
        totals.new += result.counts.new;
        totals.update += result.counts.update;
      }
      // The goods and their groups are the declared resources' lists (decision 0006).
      await queryClient.invalidateQueries({ queryKey: [resourceBase(productsResource)] });
      await queryClient.invalidateQueries({ queryKey: [resourceBase(productCategoriesResource)] });
      toast({ title: cmlWebMessages.done, description: cmlWebMessages.counts({ ...totals, error: 0 }) });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: cmlWebMessages.failed, description: serverMessageOf(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && busy === null && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{cmlWebMessages.title}</DialogTitle>
          <DialogDescription>{cmlWebMessages.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="commerceml-files">{cmlWebMessages.choose}</Label>
          <input
            id="commerceml-files"
            type="file"
            accept=".xml,application/xml,text/xml"
            multiple
            disabled={busy !== null}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
            onChange={(event) => void choose(event.target.files)}
          />
        </div>
        {busy === 'checking' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            {cmlWebMessages.checking}
          </p>
        ) : null}
        <div className="grid max-h-[50vh] gap-4 overflow-y-auto">
          {checked.map((entry) => (
            <section key={entry.file.name} className="grid gap-2" aria-label={entry.file.name}>
              <h3 className="text-sm font-medium">
                {entry.file.name}
                {entry.result ? (
                  <span className="ml-2 font-normal text-muted-foreground">
                    {cmlWebMessages.counts(entry.result.counts)}
                  </span>
                ) : null}
              </h3>
              {entry.error ? <p className="text-sm text-destructive dark:text-red-400">{entry.error}</p> : null}
              {entry.result ? <ResultTable result={entry.result} /> : null}
            </section>
          ))}
        </div>
        {checked.length && blocking ? <p className="text-sm">{cmlWebMessages.fixFirst}</p> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy !== null}>
            {cmlWebMessages.cancel}
          </Button>
          <Button type="button" disabled={busy !== null || !checked.length || blocking} onClick={() => void commit()}>
            {busy === 'importing' ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {busy === 'importing' ? cmlWebMessages.importing : cmlWebMessages.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ResultTable({ result }: { result: CommerceMlResult }) {
  // Errors first: they are what the user has to act on.
  const rows = [...result.rows].sort((a, b) => Number(b.status === 'error') - Number(a.status === 'error'));
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <>
      <Table aria-label={cmlWebMessages.title}>
        <TableHeader>
          <TableRow>
            <TableHead>{cmlWebMessages.columns.entity}</TableHead>
            <TableHead>{cmlWebMessages.columns.name}</TableHead>
            <TableHead>{cmlWebMessages.columns.status}</TableHead>
            <TableHead>{cmlWebMessages.columns.messages}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={`${row.entity}-${row.externalId}`}>
              <TableCell>{cmlWebMessages.entity[row.entity]}</TableCell>
              <TableCell className="max-w-64 truncate">{row.name}</TableCell>
              <TableCell className={cn(row.status === 'error' && 'text-destructive dark:text-red-400')}>
                {cmlWebMessages.status[row.status]}
              </TableCell>
              <TableCell className="text-sm">{row.messages.join('; ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > SHOWN_ROWS ? (
        <p className="text-xs text-muted-foreground">{cmlWebMessages.shown(SHOWN_ROWS, rows.length)}</p>
      ) : null}
    </>
  );
}

export function CommerceMlButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <DatabaseZapIcon aria-hidden="true" />
        {cmlWebMessages.open}
      </Button>
      {open ? <CommerceMlDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
