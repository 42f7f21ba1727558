// Quick ways to fill a saved draft: a scan box (barcode, SKU or the supplier's SKU: +1 on the item's line, or a new
// line at the last price) and an import of lines from a CSV/XLSX file (SKU, qty, price — all rows or none). Both
// change the stored draft, so they wait until the form's own changes are saved.
import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FileUpIcon, Loader2Icon, ScanLineIcon } from 'lucide-react';
import type { Receipt } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { receiptsApi } from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.quickAdd;

export function ReceiptQuickAdd({
  receipt,
  dirty,
  onChanged,
}: {
  /** Absent while the draft is not saved yet. */
  receipt: Receipt | undefined;
  dirty: boolean;
  onChanged: (receipt: Receipt) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);
  const blocked = !receipt || dirty;

  function fail(error: unknown, fallback: string) {
    const rows = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
    setProblems(rows.length ? rows : [serverMessageOf(error) ?? fallback]);
  }

  const scan = useMutation({
    mutationFn: async (text: string) => {
      const line = await receiptsApi.scan(receipt!.id, text);
      return { line, fresh: await receiptsApi.get(receipt!.id) };
    },
    onMutate: () => setProblems([]),
    onSuccess: ({ line, fresh }) => {
      setCode('');
      toast({ title: m.scanned(line.name), description: m.qtyNow(line.qty.replace(/\.?0+$/, '').replace('.', ',')) });
      onChanged(fresh);
    },
    onError: (error) => fail(error, m.scanFailed),
  });
  const upload = useMutation({
    mutationFn: (file: File) => receiptsApi.importLines(receipt!.id, file),
    onMutate: () => setProblems([]),
    onSuccess: (fresh) => {
      toast({ title: m.imported, description: fresh.number });
      onChanged(fresh);
    },
    onError: (error) => fail(error, m.importFailed),
  });
  const busy = scan.isPending || upload.isPending;

  function submitCode() {
    if (code.trim() && !blocked && !busy) scan.mutate(code.trim());
  }

  return (
    <section className="grid gap-2 rounded-lg border border-dashed p-3" aria-label={m.title}>
      <div className="flex flex-wrap items-end gap-2">
        {/* Inside the receipt's own form: no nested form — Enter in the box adds, it does not save the receipt. */}
        {/* At least 16rem wide: on a phone the import button wraps below rather than squeezing the box. */}
        <div className="flex min-w-0 grow basis-64 items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor={`${id}-code`} className="text-xs font-normal text-muted-foreground">
              {m.scanLabel}
            </Label>
            <Input
              id={`${id}-code`}
              autoComplete="off"
              placeholder={m.scanPlaceholder}
              value={code}
              disabled={blocked || busy}
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                submitCode();
              }}
            />
          </div>
          <Button type="button" variant="outline" disabled={blocked || busy || !code.trim()} onClick={submitCode}>
            {scan.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ScanLineIcon aria-hidden="true" />
            )}
            {m.scan}
          </Button>
        </div>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          tabIndex={-1}
          aria-label={m.importLabel}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
        <Button type="button" variant="outline" disabled={blocked || busy} onClick={() => fileRef.current?.click()}>
          {upload.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <FileUpIcon aria-hidden="true" />
          )}
          {m.import}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{!receipt ? m.saveFirstNew : dirty ? m.saveFirst : m.hint}</p>
      {problems.length ? (
        <ul role="alert" className="grid gap-0.5 text-sm text-destructive dark:text-red-400">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
