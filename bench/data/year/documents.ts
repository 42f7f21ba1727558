// The stock documents the year posts, each written as its service writes it at posting (status 'posted', line costs,
// totals) and answering the ledger's intents: supplier receipts, adjustments (opening balances, damage, surplus),
// warehouse transfers and order shipments. Random draws happen when a document is written, in posting order.
import { nextNumber, type LedgerIntent } from '@/modules/stock/server/index.ts';
import { stockAdjustmentLines, stockAdjustments } from '@/modules/stock/server/adjustments.table.ts';
import { supplierReceiptLines, supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import {
  warehouseTransferLines,
  warehouseTransfers,
} from '@/modules/warehouse-transfers/server/warehouse-transfers.table.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { lineAmounts } from '@/shared/vat.ts';
import { BRANCH, GOODS, type Pending, type StockDoc, type YearContext } from './context.ts';

export function receipt(
  y: YearContext,
  date: string,
  slot: number,
  lines: Array<{ k: number; qty: number }>,
): StockDoc {
  const { world, cat, parties, r, slots, lastPrice } = y;
  return {
    type: 'supplier_receipt',
    date,
    async write(tx) {
      const supplierId = parties.suppliers[r.skewed(parties.suppliers.length, 1.6)]!;
      const number = await nextNumber(tx, 'supplier_receipt', date);
      let net = dec(0);
      let vat = dec(0);
      let gross = dec(0);
      const priced = lines.map((l) => {
        const unitPrice = y.unitCostOf(l.k);
        const a = lineAmounts(dec(l.qty), dec(unitPrice), '20', false);
        net = add(net, a.net);
        vat = add(vat, a.vat);
        gross = add(gross, a.gross);
        // A VAT payer recovers VAT: the cost is the net price (no extra costs on these receipts).
        return { ...l, unitPrice, a };
      });
      y.supplierDoc += 1;
      const [doc] = await tx
        .insert(supplierReceipts)
        .values({
          number,
          documentDate: date,
          status: 'posted',
          supplierId,
          companyId: world.companyId,
          warehouseId: slots[slot]!,
          documentTypeId: world.invoiceTypeId,
          supplierDocNumber: `РН-${String(y.supplierDoc).padStart(6, '0')}`,
          supplierDocDate: date,
          totalNet: fixed(net, 2),
          totalVat: fixed(vat, 2),
          totalGross: fixed(gross, 2),
          totalUah: fixed(gross, 2),
          postedAt: new Date(`${date}T10:00:00Z`),
          createdAt: new Date(`${date}T09:00:00Z`),
        })
        .returning({ id: supplierReceipts.id });
      const lineRows = await tx
        .insert(supplierReceiptLines)
        .values(
          priced.map((l, i) => ({
            receiptId: doc!.id,
            lineNo: i + 1,
            itemId: cat.id[l.k]!,
            qty: fixed(dec(l.qty), 4),
            unitPrice: l.unitPrice,
            vatRate: '20',
            lineNet: fixed(l.a.net, 2),
            lineVat: fixed(l.a.vat, 2),
            lineGross: fixed(l.a.gross, 2),
            unitCost: l.unitPrice,
          })),
        )
        .returning({ id: supplierReceiptLines.id });
      for (const l of priced) {
        const itemId = cat.id[l.k]!;
        lastPrice.set(`${itemId}:${supplierId}`, { itemId, supplierId, price: l.unitPrice, date });
      }
      return {
        id: doc!.id,
        number,
        intents: priced.map((l, i) => ({
          kind: 'in' as const,
          itemId: cat.id[l.k]!,
          warehouseId: slots[slot]!,
          qty: String(l.qty),
          unitCost: l.unitPrice,
          lineId: lineRows[i]!.id,
        })),
      };
    },
  };
}

export function adjustment(
  y: YearContext,
  date: string,
  slot: number,
  reason: 'opening' | 'damage' | 'surplus_found' | 'correction',
  lines: Array<{ k: number; delta: number }>,
): StockDoc {
  const { cat, slots } = y;
  return {
    type: 'adjustment',
    date,
    async write(tx) {
      const number = await nextNumber(tx, 'adjustment', date);
      const comment =
        reason === 'opening'
          ? 'Введення залишків на початок року'
          : reason === 'damage'
            ? 'Списання пошкодженого товару'
            : reason === 'surplus_found'
              ? 'Надлишок, виявлений під час перерахунку'
              : 'Коригування за результатами перевірки';
      const [doc] = await tx
        .insert(stockAdjustments)
        .values({
          number,
          documentDate: date,
          status: 'posted',
          warehouseId: slots[slot]!,
          reason,
          comment,
          postedAt: new Date(`${date}T16:00:00Z`),
          createdAt: new Date(`${date}T15:00:00Z`),
        })
        .returning({ id: stockAdjustments.id });
      const costs = lines.map((l) => (reason === 'opening' || l.delta > 0 ? y.unitCostOf(l.k) : null));
      const lineRows = await tx
        .insert(stockAdjustmentLines)
        .values(
          lines.map((l, i) => ({
            adjustmentId: doc!.id,
            lineNo: i + 1,
            itemId: cat.id[l.k]!,
            deltaQty: fixed(dec(l.delta), 4),
            unitCost: costs[i],
          })),
        )
        .returning({ id: stockAdjustmentLines.id });
      // The same intents as adjustmentIntents(): − out at the average, opening + at its own cost, other + at average.
      const intents = lines.map((l, i): LedgerIntent => {
        const base = { itemId: cat.id[l.k]!, warehouseId: slots[slot]!, lineId: lineRows[i]!.id };
        if (l.delta < 0) return { ...base, kind: 'out', qty: String(-l.delta) };
        if (reason === 'opening') return { ...base, kind: 'in', qty: String(l.delta), unitCost: costs[i]! };
        return { ...base, kind: 'in_at_average', qty: String(l.delta), unitCost: costs[i]! };
      });
      return { id: doc!.id, number, intents };
    },
  };
}

export function transfer(
  y: YearContext,
  date: string,
  from: number,
  to: number,
  lines: Array<{ k: number; qty: number }>,
): StockDoc {
  const { cat, slots } = y;
  return {
    type: 'transfer',
    date,
    async write(tx) {
      const number = await nextNumber(tx, 'transfer', date);
      const [doc] = await tx
        .insert(warehouseTransfers)
        .values({
          number,
          documentDate: date,
          status: 'posted',
          fromWarehouseId: slots[from]!,
          toWarehouseId: slots[to]!,
          reason:
            to === BRANCH
              ? 'Поповнення складу філії'
              : to === GOODS
                ? 'Передача на склад готової продукції'
                : 'Внутрішнє переміщення',
          postedAt: new Date(`${date}T13:00:00Z`),
          createdAt: new Date(`${date}T12:00:00Z`),
        })
        .returning({ id: warehouseTransfers.id });
      const lineRows = await tx
        .insert(warehouseTransferLines)
        .values(
          lines.map((l, i) => ({
            transferId: doc!.id,
            lineNo: i + 1,
            itemId: cat.id[l.k]!,
            qty: fixed(dec(l.qty), 4),
          })),
        )
        .returning({ id: warehouseTransferLines.id });
      return {
        id: doc!.id,
        number,
        intents: lines.map((l, i) => ({
          kind: 'transfer' as const,
          itemId: cat.id[l.k]!,
          fromWarehouseId: slots[from]!,
          toWarehouseId: slots[to]!,
          qty: String(l.qty),
          lineId: lineRows[i]!.id,
        })),
      };
    },
  };
}

export function shipment(y: YearContext, date: string, p: Pending, number: string): StockDoc {
  const { cat, slots } = y;
  let lineIds: number[] = [];
  let gross = dec(0);
  for (const l of p.lines) gross = add(gross, dec(l.gross));
  return {
    type: 'shipment',
    date,
    bulk: {
      header: {
        number,
        shipmentDate: date,
        status: 'posted',
        orderId: p.orderId,
        warehouseId: slots[p.warehouseSlot]!,
        recipientName: p.clientName.slice(0, 100),
        declaredValue: fixed(gross, 2),
        description: 'Обладнання та комплектуючі',
        deliveryStatus: 'none',
        postedAt: new Date(`${date}T14:00:00Z`),
        createdAt: new Date(`${date}T11:00:00Z`),
      },
      lines: p.lines.map((l) => ({
        orderLineId: l.lineId,
        itemId: cat.id[l.k]!,
        qty: fixed(dec(l.qty), 4),
        unitPrice: l.price,
        discountPercent: l.discount,
        vatRate: l.vat,
        lineNet: l.net,
        lineVat: l.vatAmt,
        lineGross: l.gross,
      })),
      written(id, ids) {
        lineIds = ids;
        // Services have no stock: the service posts only the stocked lines.
        const intents: LedgerIntent[] = [];
        p.lines.forEach((l, i) => {
          if (cat.kind[l.k] === 'service') return;
          intents.push({
            kind: 'out',
            itemId: cat.id[l.k]!,
            warehouseId: slots[p.warehouseSlot]!,
            qty: String(l.qty),
            lineId: lineIds[i]!,
          });
        });
        return { id, number, intents };
      },
    },
    lineCosts(posted) {
      // COGS on the lines, as postShipment stores it (written for the whole group in one statement).
      const stocked = p.lines.map((l, i) => [l, lineIds[i]!] as const).filter(([l]) => cat.kind[l.k] !== 'service');
      return stocked.map(([, id], i) => [id, posted[i]!.unitCost]);
    },
  };
}
