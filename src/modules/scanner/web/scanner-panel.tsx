// The scanner itself (warehouse.md §9), shared by the /scanner page and the lookup dialog: an always-focused input for
// keyboard-wedge scanners, the camera, the modes ('Пошук', 'Інвентаризація', 'Відвантаження', 'Прихід'), a large
// result card (scanner-results.tsx), a beep and a buzz, and the last 20 scans.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CameraIcon, CameraOffIcon, CheckCircle2Icon, Loader2Icon, ScanBarcodeIcon, XCircleIcon } from 'lucide-react';
import { LabelsDialog, type LabelItem } from '@/modules/labels/web/index.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { cn } from '@/web/lib/utils.ts';
import { scanFeedback } from './feedback.ts';
import {
  openDocumentsQueryFn,
  openDocumentsQueryKey,
  scannerApi,
  type DocumentMode,
  type OpenDocument,
  type ScanMode,
} from './scanner.api.ts';
import { scannerWebMessages as messages } from './scanner.messages.ts';
import { OutcomeView, qty, type Outcome } from './scanner-results.tsx';
import { useCameraScanner } from './use-camera-scanner.ts';

const HISTORY_SIZE = 20;

interface HistoryEntry {
  id: number;
  code: string;
  at: Date;
  ok: boolean;
  text: string;
}

const time = (at: Date) => at.toLocaleTimeString('uk-UA', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function summaryOf(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'found': {
      const first = outcome.results[0]!;
      const text =
        first.type === 'item'
          ? `${first.name} (${first.sku})`
          : first.type === 'serial'
            ? `${first.serial} — ${first.name} (${first.statusLabel})`
            : first.number;
      return outcome.results.length > 1 ? `${text} +${outcome.results.length - 1}` : text;
    }
    case 'counted': {
      const text = `${outcome.answer.name} — ${messages.qty.toLowerCase()} ${qty(outcome.answer.qty)}`;
      return outcome.answer.serial ? `${text} · ${outcome.answer.serial}` : text;
    }
    case 'not-found':
      return messages.notFound;
    case 'error':
      return outcome.message;
  }
}

export interface ScannerPanelProps {
  /** The page offers the document modes; the dialog only looks codes up. */
  withModes: boolean;
  /** Called when a link of a card is followed (the dialog closes then). */
  onNavigate?: () => void;
}

export function ScannerPanel({ withModes, onNavigate }: ScannerPanelProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<ScanMode>('lookup');
  // A document mode changes the document: offered only to those with canAccess on its page (the server checks too).
  const canCount = usePermission('/inventory-audits').canAccess;
  const canShip = usePermission('/shipments').canAccess;
  const canReceive = usePermission('/supplier-receipts').canAccess;
  const modes: ScanMode[] = [
    'lookup',
    ...(canCount ? (['audit'] as const) : []),
    ...(canShip ? (['shipment'] as const) : []),
    ...(canReceive ? (['receipt'] as const) : []),
  ];
  // The right may arrive (or go) with the menu after the page opened.
  if (!modes.includes(mode)) setMode('lookup');
  const [documentIds, setDocumentIds] = useState<Record<DocumentMode, number | null>>({
    audit: null,
    shipment: null,
    receipt: null,
  });
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [labelItems, setLabelItems] = useState<LabelItem[] | null>(null);
  const nextId = useRef(1);
  // The latest mode and document, for scans arriving from the camera's callback.
  const target = useRef({ mode, documentIds });
  useEffect(() => {
    target.current = { mode, documentIds };
  }, [mode, documentIds]);

  const focusInput = useCallback(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const record = useCallback((next: Outcome) => {
    const ok = next.kind === 'found' || next.kind === 'counted';
    scanFeedback(ok);
    setOutcome(next);
    setHistory((current) =>
      [{ id: nextId.current++, code: next.code, at: new Date(), ok, text: summaryOf(next) }, ...current].slice(
        0,
        HISTORY_SIZE,
      ),
    );
  }, []);

  const scan = useCallback(
    async (raw: string) => {
      const scanned = raw.trim();
      if (!scanned) return;
      const { mode: current, documentIds: ids } = target.current;
      if (current !== 'lookup' && ids[current] === null) {
        record({ kind: 'error', code: scanned, message: messages.pickDocumentFirst });
        return;
      }
      setPending((n) => n + 1);
      try {
        if (current === 'lookup') {
          const results = await scannerApi.lookup(scanned);
          record(results.length ? { kind: 'found', code: scanned, results } : { kind: 'not-found', code: scanned });
        } else {
          const answer = await scannerApi.scanInto(current, ids[current]!, scanned);
          record({ kind: 'counted', code: scanned, answer });
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          record({ kind: 'error', code: scanned, message: error.serverMessage ?? messages.notFound });
        } else {
          const fallback = current === 'lookup' ? messages.lookupFailed : messages.scanFailed;
          record({ kind: 'error', code: scanned, message: serverMessageOf(error) ?? fallback });
        }
      } finally {
        setPending((n) => n - 1);
      }
    },
    [record],
  );

  const camera = useCameraScanner(
    useCallback(
      (found: string) => {
        void scan(found);
      },
      [scan],
    ),
  );

  useEffect(() => {
    focusInput();
  }, [focusInput, mode]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code;
    setCode('');
    void scan(value);
    focusInput();
  }

  /** Keeps the input focused for the scanner, unless the user moved to another control on purpose. */
  function keepFocus() {
    window.setTimeout(() => {
      const active = document.activeElement;
      if (labelItems === null && (active === null || active === document.body)) focusInput();
    }, 0);
  }

  const documentMode = mode === 'lookup' ? null : mode;

  const body = (
    <>
      {documentMode ? (
        <DocumentPicker
          mode={documentMode}
          value={documentIds[documentMode]}
          onChange={(id) => {
            setDocumentIds((current) => ({ ...current, [documentMode]: id }));
            window.setTimeout(focusInput, 0); // after the select hands the focus back to its trigger
          }}
        />
      ) : null}

      <form onSubmit={submit} className="grid gap-2" role="search">
        <Label htmlFor={inputId}>{messages.codeLabel}</Label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <ScanBarcodeIcon
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              ref={inputRef}
              id={inputId}
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              className="h-12 pl-10 font-mono text-lg"
              placeholder={messages.codePlaceholder}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onBlur={keepFocus}
            />
          </div>
          <Button type="submit" className="h-12" disabled={code.trim() === ''}>
            {messages.find}
          </Button>
          <Button
            type="button"
            variant={camera.state === 'off' ? 'outline' : 'secondary'}
            className="h-12"
            aria-pressed={camera.state !== 'off'}
            aria-label={camera.state === 'off' ? messages.camera : messages.cameraStop}
            onClick={() => (camera.state === 'off' ? void camera.start() : camera.stop())}
          >
            {camera.state === 'off' ? <CameraIcon aria-hidden="true" /> : <CameraOffIcon aria-hidden="true" />}
            <span className="hidden sm:inline">{camera.state === 'off' ? messages.camera : messages.cameraStop}</span>
          </Button>
        </div>
      </form>

      {camera.error ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {camera.error}
        </p>
      ) : null}
      <div className={cn('grid gap-1', camera.state === 'off' && 'hidden')}>
        <video
          ref={camera.videoRef}
          className="aspect-video w-full max-w-xl rounded-lg bg-black object-cover"
          muted
          playsInline
          aria-label={messages.cameraHint}
        />
        <p className="text-sm text-muted-foreground" role="status">
          {camera.state === 'starting' ? messages.cameraStarting : messages.cameraHint}
        </p>
      </div>

      <section aria-live="polite" className="grid gap-3">
        {pending > 0 ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            {messages.searching}
          </p>
        ) : null}
        {outcome ? (
          <OutcomeView
            outcome={outcome}
            onLabels={(item) => setLabelItems([{ itemId: item.itemId, name: item.name, sku: item.sku }])}
            onNavigate={onNavigate}
          />
        ) : null}
      </section>

      <section className="grid gap-2">
        <h2 className="text-sm font-medium">{messages.history}</h2>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">{messages.historyEmpty}</p>
        ) : (
          <ol aria-label={messages.history} className="grid divide-y rounded-md border text-sm">
            {history.map((entry) => (
              <li key={entry.id} className="flex min-w-0 items-center gap-2 px-3 py-1.5">
                {entry.ok ? (
                  <CheckCircle2Icon className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                ) : (
                  <XCircleIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
                )}
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{time(entry.at)}</span>
                <span className="shrink-0 font-mono">{entry.code}</span>
                <span className="min-w-0 truncate text-muted-foreground">{entry.text}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <LabelsDialog
        open={labelItems !== null}
        onOpenChange={(open) => {
          if (!open) {
            setLabelItems(null);
            focusInput();
          }
        }}
        items={labelItems ?? []}
      />
    </>
  );

  if (!withModes || modes.length < 2) return <div className="grid min-w-0 gap-4">{body}</div>;
  // The modes are tabs over one panel: the selected tab's aria-controls names it (WAI-ARIA tabs pattern). The panel
  // holds the scan input, so it takes no tab stop of its own (and a click on it leaves the input's focus alone).
  return (
    <Tabs value={mode} onValueChange={(value) => setMode(value as ScanMode)} className="grid min-w-0 gap-4">
      <TabsList aria-label={messages.modeLabel} className="w-full sm:w-fit">
        {modes.map((m) => (
          <TabsTrigger key={m} value={m}>
            {messages.modes[m]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={mode} tabIndex={undefined} className="grid min-w-0 gap-4">
        {body}
      </TabsContent>
    </Tabs>
  );
}

/** How a document reads in the picker: a shipment by its order and client, the others by warehouse or supplier. */
function documentTitle(mode: DocumentMode, d: OpenDocument): string {
  const parts =
    mode === 'shipment' ? [d.number, d.orderNumber, d.clientName] : [d.number, d.warehouseName ?? d.supplierName];
  return parts.filter(Boolean).join(' — ');
}

function DocumentPicker({
  mode,
  value,
  onChange,
}: {
  mode: DocumentMode;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  const query = useQuery({ queryKey: openDocumentsQueryKey(mode), queryFn: openDocumentsQueryFn });
  const documents: OpenDocument[] = query.data?.items ?? [];
  const { label, placeholder, empty } = messages.pickers[mode];
  // A chosen document that is no longer open (posted meanwhile) is dropped.
  const chosen = value !== null && documents.some((d) => d.id === value) ? value : null;

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        {messages.loadingDocuments}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive dark:text-red-400">
        {serverMessageOf(query.error) ?? messages.documentsFailed}
      </p>
    );
  }
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={chosen === null ? '' : String(chosen)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger id={id} className="w-full sm:w-96">
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {documents.map((d) => (
            <SelectItem key={d.id} value={String(d.id)}>
              {documentTitle(mode, d)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
