// What a scan found (warehouse.md §9), shown large: an item with its price and stock, a serial with its sale and
// warranty, a document, the line a document scan changed, or why nothing was found.
import type { ReactNode } from 'react';
import {
  ActivityIcon,
  CheckCircle2Icon,
  ExternalLinkIcon,
  FileTextIcon,
  HashIcon,
  TagIcon,
  XCircleIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import {
  itemStockStatusLabels,
  scannerDocumentLabels,
  type DocumentScanAnswer,
  type LookupResult,
  type ScannedDocument,
  type ScannedItem,
  type ScannedSerial,
} from '@/modules/scanner/scanner.contract.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { cn } from '@/web/lib/utils.ts';
import { scannerWebMessages as messages } from './scanner.messages.ts';

export type Outcome =
  | { kind: 'found'; code: string; results: LookupResult[] }
  | { kind: 'not-found'; code: string }
  | { kind: 'counted'; code: string; answer: DocumentScanAnswer }
  | { kind: 'error'; code: string; message: string };

export const qty = (value: string) => formatDecimalUk(value, 0);

export function OutcomeView({
  outcome,
  onLabels,
  onNavigate,
}: {
  outcome: Outcome;
  onLabels: (item: ScannedItem) => void;
  onNavigate?: () => void;
}) {
  if (outcome.kind === 'not-found' || outcome.kind === 'error') {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
        <XCircleIcon className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-lg font-semibold">{outcome.kind === 'not-found' ? messages.notFound : outcome.message}</p>
          <p className="font-mono text-sm break-all text-muted-foreground">{outcome.code}</p>
        </div>
      </div>
    );
  }
  if (outcome.kind === 'counted') {
    const { answer } = outcome;
    return (
      <div className="flex items-start gap-3 rounded-lg border border-emerald-600/40 bg-emerald-600/5 p-4">
        <CheckCircle2Icon className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{messages.counted}</p>
          <p className="text-xl font-semibold">{answer.name}</p>
          <p className="text-sm text-muted-foreground">
            {messages.sku}: {answer.sku}
          </p>
          <p className="mt-1 text-lg">
            {messages.qty}: <span className="font-semibold tabular-nums">{qty(answer.qty)}</span>
          </p>
          {answer.serial ? (
            <p className="text-sm">
              {messages.serialAdded}: <span className="font-mono">{answer.serial}</span>
            </p>
          ) : null}
          {answer.serialTracking && answer.serialCount !== undefined ? (
            <p className="text-sm">
              {messages.serials}:{' '}
              <span className="font-semibold tabular-nums">
                {answer.serialCount} {messages.of} {qty(answer.qty)}
              </span>
            </p>
          ) : null}
          {answer.remainingQty !== undefined ? (
            <p className="text-sm text-muted-foreground">
              {messages.remaining}: <span className="tabular-nums">{qty(answer.remainingQty)}</span>
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {outcome.results.map((result) =>
        result.type === 'item' ? (
          <ItemCard
            key={`item-${result.itemId}`}
            item={result}
            onLabels={() => onLabels(result)}
            onNavigate={onNavigate}
          />
        ) : result.type === 'serial' ? (
          <SerialCard key={`serial-${result.serialId}`} serial={result} onNavigate={onNavigate} />
        ) : (
          <DocumentCard key={`doc-${result.documentType}-${result.id}`} document={result} onNavigate={onNavigate} />
        ),
      )}
    </div>
  );
}

const statusLooks: Record<ScannedItem['status'], string> = {
  'in-stock': 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
  'low-stock': 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  'out-of-stock': 'bg-red-500/15 text-red-700 dark:text-red-400',
  'not-stocked': 'bg-muted text-muted-foreground',
};

/** The stock status in the colours of the stock pages (warehouse.md §0). */
function StatusBadge({ status }: { status: ScannedItem['status'] }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        statusLooks[status],
      )}
    >
      {itemStockStatusLabels[status]}
    </span>
  );
}

function CardLink({ href, onNavigate, children }: { href: string; onNavigate?: () => void; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href} onClick={onNavigate}>
        {children}
      </Link>
    </Button>
  );
}

function ItemCard({
  item,
  onLabels,
  onNavigate,
}: {
  item: ScannedItem;
  onLabels: () => void;
  onNavigate?: () => void;
}) {
  const unit = item.unit ? ` ${item.unit}` : '';
  return (
    <article aria-label={item.name} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-xl font-semibold break-words">{item.name}</h2>
          <p className="text-sm text-muted-foreground">
            {messages.sku}: <span className="font-mono">{item.sku}</span>
            {item.barcode ? (
              <>
                {' · '}
                {messages.barcode}: <span className="font-mono">{item.barcode}</span>
              </>
            ) : null}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{messages.kinds[item.kind] ?? item.kind}</Badge>
            <StatusBadge status={item.status} />
            {item.isActive ? null : <Badge variant="destructive">{messages.inactive}</Badge>}
            <span className="text-xs text-muted-foreground">{messages.foundBy[item.matchedBy]}</span>
          </div>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted-foreground">{messages.price}</p>
          {item.priceWithVat ? (
            <>
              <p className="text-2xl font-semibold tabular-nums">{formatDecimalUk(item.priceWithVat)} грн</p>
              <p className="text-xs text-muted-foreground">
                {formatDecimalUk(item.price ?? '0')} грн {messages.priceNet}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{messages.noPrice}</p>
          )}
        </div>
      </div>

      {item.status === 'not-stocked' ? null : (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{messages.stockTitle}</h3>
          {item.stock.length === 0 ? (
            <p className="text-sm text-muted-foreground">{messages.noStock}</p>
          ) : (
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{messages.warehouse}</TableHead>
                    <TableHead className="text-right">{messages.onHand}</TableHead>
                    <TableHead className="text-right">{messages.reserved}</TableHead>
                    <TableHead className="text-right">{messages.available}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {item.stock.map((s) => (
                    <TableRow key={s.warehouseId}>
                      <TableCell>{s.warehouseName}</TableCell>
                      <TableCell className="text-right tabular-nums">{qty(s.onHand) + unit}</TableCell>
                      <TableCell className="text-right tabular-nums">{qty(s.reserved) + unit}</TableCell>
                      <TableCell className="text-right font-semibold tabular-nums">{qty(s.available) + unit}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <CardLink href={item.links.movement} onNavigate={onNavigate}>
          <ActivityIcon aria-hidden="true" />
          {messages.movement}
        </CardLink>
        <Button type="button" variant="outline" size="sm" onClick={onLabels}>
          <TagIcon aria-hidden="true" />
          {messages.labels}
        </Button>
        <CardLink href={item.links.page} onNavigate={onNavigate}>
          <ExternalLinkIcon aria-hidden="true" />
          {messages.openItem}
        </CardLink>
      </div>
    </article>
  );
}

const dateUk = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
};

/** A unit found by its serial number: the item, the status and, once sold, the client, the sale and the warranty. */
function SerialCard({ serial, onNavigate }: { serial: ScannedSerial; onNavigate?: () => void }) {
  const facts: [string, string][] = [[messages.sku, serial.sku]];
  if (serial.warehouseName) facts.push([messages.warehouse, serial.warehouseName]);
  if (serial.clientName) facts.push([messages.client, serial.clientName]);
  if (serial.soldAt) facts.push([messages.soldAt, new Date(serial.soldAt).toLocaleDateString('uk-UA')]);
  if (serial.warrantyUntil) facts.push([messages.warrantyUntil, dateUk(serial.warrantyUntil)]);
  return (
    <article aria-label={serial.serial} className="grid gap-2 rounded-lg border bg-card p-4 shadow-sm">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <HashIcon className="size-4" aria-hidden="true" />
        {messages.serialTitle}
      </p>
      <h2 className="font-mono text-xl font-semibold break-all">{serial.serial}</h2>
      <p className="text-base break-words">{serial.name}</p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{serial.statusLabel}</Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-2">
            <dt className="text-muted-foreground">{label}:</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <CardLink href={serial.url} onNavigate={onNavigate}>
          <ExternalLinkIcon aria-hidden="true" />
          {messages.openSerial}
        </CardLink>
      </div>
    </article>
  );
}

function DocumentCard({ document, onNavigate }: { document: ScannedDocument; onNavigate?: () => void }) {
  const [y, m, d] = document.date.slice(0, 10).split('-');
  return (
    <article aria-label={document.number} className="grid gap-2 rounded-lg border bg-card p-4 shadow-sm">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <FileTextIcon className="size-4" aria-hidden="true" />
        {scannerDocumentLabels[document.documentType]}
      </p>
      <h2 className="font-mono text-xl font-semibold">{document.number}</h2>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">
          {document.statusLabel ?? messages.documentStatuses[document.status] ?? document.status}
        </Badge>
        <span className="text-muted-foreground">{`${d}.${m}.${y}`}</span>
      </div>
      <div>
        <CardLink href={document.url} onNavigate={onNavigate}>
          <ExternalLinkIcon aria-hidden="true" />
          {messages.openDocument}
        </CardLink>
      </div>
    </article>
  );
}
