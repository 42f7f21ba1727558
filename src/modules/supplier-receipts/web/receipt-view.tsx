// A receipt that cannot be changed here: posted (with each line's unit cost and the way to cancel it), cancelled (with
// the reason), or a draft seen by someone who may not change it.
import { useEffect, useRef, useState } from 'react';
import { BanIcon } from 'lucide-react';
import {
  extraCostsMethodLabels,
  type Receipt,
  receiptMessages,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { lookupBase } from '@/resources/_engine/web/resource-api.ts';
import {
  CancelDocumentDialog,
  DocumentFacts,
  DocumentSection,
  PrintButton,
  trailFacts,
  useLookupLabel,
  type DocumentFact,
} from '@/web/components/document-view.tsx';
import { lineQtyText } from '@/web/components/document-unit-select.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { DialogFooter } from '@/web/components/ui/dialog.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { BASE_CURRENCY } from './receipt-form.ts';
import { receiptPrintUrl, receiptsApi } from './supplier-receipts.api.ts';
import { receiptsWebMessages } from './supplier-receipts.messages.ts';

const m = receiptsWebMessages.dialog;

export function ReceiptView({
  receipt,
  canChange,
  footerClassName,
  onChanged,
  onClose,
}: {
  receipt: Receipt;
  canChange: boolean;
  footerClassName: string;
  onChanged: (receipt: Receipt) => void;
  onClose: () => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  // A posting or a cancellation removes the button that was focused: focus moves to 'Закрити', not to the page.
  useEffect(() => closeRef.current?.focus(), [receipt.status]);
  const companyLabel = useLookupLabel(lookupBase('/companies'), receipt.companyId);
  const foreign = receipt.currencyCode !== BASE_CURRENCY;
  const posted = receipt.status === 'posted';

  const facts: DocumentFact[] = [
    [m.supplier, receipt.supplierName],
    [
      m.supplierDocNumber,
      `${receipt.documentTypeName} ${receiptsWebMessages.supplierDocument(
        receipt.supplierDocNumber,
        formatDateUk(receipt.supplierDocDate),
      )}`,
    ],
    [m.documentDate, formatDateUk(receipt.documentDate)],
    [m.warehouse, receipt.warehouseName],
  ];
  if (receipt.supplierOrderNumber) facts.push([m.supplierOrder, receipt.supplierOrderNumber]);
  if (receipt.companyId !== null) facts.push([m.company, companyLabel ?? `#${receipt.companyId}`]);
  facts.push([m.currency, receipt.currencyCode]);
  if (foreign) facts.push([m.fxRate(receipt.currencyCode), formatQty(receipt.fxRate)]);
  facts.push([m.pricesIncludeVat, receipt.pricesIncludeVat ? m.yes : m.no]);
  facts.push([
    m.extraCosts,
    `${formatMoney(receipt.extraCosts)} (${extraCostsMethodLabels[receipt.extraCostsMethod].toLowerCase()})`,
  ]);
  facts.push(...trailFacts(receipt, m));

  return (
    <>
      <div className="grid min-w-0 gap-6">
        {receipt.status === 'draft' ? <p className="text-sm text-muted-foreground">{m.readOnlyHint}</p> : null}
        {receipt.status === 'cancelled' && receipt.cancelReason ? (
          <p className="rounded-md border border-dashed px-3 py-2 text-sm">
            <span className="font-medium">{m.cancelReason}: </span>
            {receipt.cancelReason}
          </p>
        ) : null}
        <DocumentFacts facts={facts} className="sm:grid-cols-2 lg:grid-cols-3" />
        <ReadOnlyLines receipt={receipt} />
        <ReceiptTotalsView receipt={receipt} />
      </div>
      <DialogFooter className={cn(footerClassName, posted && canChange && 'grid grid-cols-2 sm:flex')}>
        <Button ref={closeRef} type="button" variant="outline" onClick={onClose}>
          {m.close}
        </Button>
        <PrintButton url={receiptPrintUrl(receipt.id)} label={m.print} />
        {posted && canChange ? (
          <Button type="button" variant="destructive" onClick={() => setCancelling(true)}>
            <BanIcon aria-hidden="true" />
            {m.cancelReceipt}
          </Button>
        ) : null}
      </DialogFooter>
      {cancelling ? (
        <CancelDocumentDialog
          texts={receiptsWebMessages.confirmCancel}
          description={receiptsWebMessages.confirmCancel.description(receipt.number, receipt.warehouseName)}
          requiredMessage={receiptMessages.reason}
          toasts={receiptsWebMessages.toast}
          cancel={(reason) => receiptsApi.cancel(receipt.id, reason)}
          onCancelled={(cancelled) => {
            setCancelling(false);
            onChanged(cancelled);
          }}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </>
  );
}

/** A table from 640 px on; a card per line below that. */
function ReadOnlyLines({ receipt }: { receipt: Receipt }) {
  const showCost = receipt.lines.some((line) => line.unitCost !== null);
  const currency = receipt.currencyCode;
  return (
    <DocumentSection title={m.lines}>
      <div className="hidden min-w-0 rounded-lg border sm:block">
        <Table aria-label={m.lines} className="min-w-[44rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-10">№</TableHead>
              <TableHead>{m.item}</TableHead>
              <TableHead className="text-right">{m.qty}</TableHead>
              <TableHead className="text-right whitespace-normal">
                {m.priceHeader(currency, receipt.pricesIncludeVat)}
              </TableHead>
              <TableHead className="text-right">{m.vatRate}</TableHead>
              <TableHead className="text-right">{m.lineNet}</TableHead>
              <TableHead className="text-right">{m.lineVat}</TableHead>
              <TableHead className="text-right">{m.lineGross}</TableHead>
              {showCost ? <TableHead className="w-28 text-right whitespace-normal">{m.unitCost}</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {receipt.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="tabular-nums">{line.lineNo}</TableCell>
                <TableCell className="min-w-48">
                  <span className="block">{line.itemName}</span>
                  <span className="block text-xs text-muted-foreground">
                    {m.sku(line.sku)}
                    {line.supplierItemName ? ` · ${line.supplierItemName}` : ''}
                  </span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{lineQtyText(line)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.unitPrice)}</TableCell>
                <TableCell className="text-right tabular-nums">{line.vatRate}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.lineNet)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.lineVat)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{formatMoney(line.lineGross)}</TableCell>
                {showCost ? (
                  <TableCell className="text-right tabular-nums">
                    {line.unitCost === null ? m.noValue : formatMoney(line.unitCost)}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ol className="grid gap-2 sm:hidden">
        {receipt.lines.map((line) => {
          const cells: [string, string][] = [
            [m.qty, lineQtyText(line)],
            [m.unitPrice, `${formatMoney(line.unitPrice)} ${currency}`],
            [m.vatRate, line.vatRate],
            [m.lineNet, formatMoney(line.lineNet)],
            [m.lineVat, formatMoney(line.lineVat)],
            [m.lineGross, formatMoney(line.lineGross)],
          ];
          if (showCost) cells.push([m.unitCost, line.unitCost === null ? m.noValue : formatMoney(line.unitCost)]);
          return (
            <li key={line.id} className="grid gap-2 rounded-lg border p-3">
              <p className="text-sm">
                <span className="font-semibold">{line.lineNo}. </span>
                {line.itemName}
                <span className="block text-xs text-muted-foreground">
                  {m.sku(line.sku)}
                  {line.supplierItemName ? ` · ${line.supplierItemName}` : ''}
                </span>
              </p>
              <dl className="grid gap-1 text-sm">
                {cells.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="text-right tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ol>
    </DocumentSection>
  );
}

/** Net, VAT and gross in the document's currency, the gross in UAH when the currency is another, extra costs. */
export function TotalsList({
  currency,
  net,
  vat,
  gross,
  uah,
  fxRate,
  extraCosts,
  className,
}: {
  currency: string;
  net: string;
  vat: string;
  gross: string;
  uah: string | null;
  fxRate: string | null;
  extraCosts: string | null;
  className?: string;
}) {
  const rows: [string, string, boolean][] = [
    [m.totalNet(currency), formatMoney(net), false],
    [m.totalVat(currency), formatMoney(vat), false],
    [m.totalGross(currency), formatMoney(gross), true],
  ];
  if (currency !== BASE_CURRENCY) {
    rows.push([m.totalUah(fxRate ? formatQty(fxRate) : m.noValue), uah ? formatMoney(uah) : m.noValue, true]);
  }
  if (extraCosts !== null) rows.push([m.extraCostsTotal, formatMoney(extraCosts), false]);
  return (
    <section aria-label={m.totals} className={cn('grid justify-items-end', className)}>
      <dl className="grid w-full max-w-sm gap-1.5 text-sm">
        {rows.map(([label, value, strong]) => (
          <div key={label} className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={cn('tabular-nums', strong && 'font-semibold')}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ReceiptTotalsView({ receipt }: { receipt: Receipt }) {
  return (
    <TotalsList
      currency={receipt.currencyCode}
      net={receipt.totalNet}
      vat={receipt.totalVat}
      gross={receipt.totalGross}
      uah={receipt.totalUah}
      fxRate={receipt.fxRate}
      extraCosts={receipt.extraCosts}
    />
  );
}
