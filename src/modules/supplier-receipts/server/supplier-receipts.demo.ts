// Demo opening stock of «Техноприлад», entered the way the business enters it: supplier receipts posted through the
// ledger (two suppliers, components at their purchase prices, one in USD, delivery costs; accessories for resale into the
// finished-goods warehouse), plus one draft still to check — so the demo's stock and average costs are the ledger's own.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { supplierDocumentTypes } from '@/resources/supplier-document-types/supplier-document-types.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { postReceipt } from './supplier-receipts.posting.ts';
import { createReceipt } from './supplier-receipts.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

/** Kopecks as a price string, exactly ('1250' → '12.50'). */
const uah = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

/** A purchase price for a demo component: cheap passives, dearer chips and mechanics (UAH, net of VAT). */
function priceOf(sku: string, i: number): string {
  if (sku.startsWith('R-')) return uah(18);
  if (sku.startsWith('C-')) return uah(35 + (i % 5) * 12);
  if (sku.startsWith('IC-STM32')) return uah(9640);
  if (sku.startsWith('IC-')) return uah(1400 + (i % 7) * 650);
  if (sku.startsWith('Q-') || sku.startsWith('D-')) return uah(120 + (i % 4) * 90);
  if (sku.startsWith('MAT-')) return uah(18000 + (i % 3) * 14000);
  return uah(800 + (i % 6) * 1100);
}

export const supplierReceiptsDemoSeeder: DemoSeeder = {
  name: 'supplier-receipts',
  async run({ tx, log }) {
    const suppliers = await tx
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(eq(counterparties.isSupplier, true))
      .orderBy(asc(counterparties.id))
      .limit(3);
    const [materials] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'КМП'));
    const [finished] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'ГП'));
    const [invoice] = await tx
      .select({ id: supplierDocumentTypes.id })
      .from(supplierDocumentTypes)
      .where(eq(supplierDocumentTypes.name, 'Видаткова накладна'));
    const components = await tx
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(inArray(items.kind, ['component', 'material']))
      .orderBy(asc(items.id));
    const accessories = await tx
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(inArray(items.sku, ['АКС-КАБ-15', 'АКС-DIN-35', 'АКС-NTC-10']))
      .orderBy(asc(items.id));
    if (suppliers.length < 3 || !materials || !finished || !invoice || components.length < 60) return;

    const pick = (from: number, step: number, count: number) =>
      Array.from({ length: count }, (_, k) => components[(from + k * step) % components.length]!);
    const header = (supplierId: number, doc: string, date: string) => ({
      supplierId,
      warehouseId: materials.id,
      documentTypeId: invoice.id,
      supplierDocNumber: doc,
      supplierDocDate: date,
      documentDate: date,
      currencyCode: 'UAH',
      fxRate: '1',
      pricesIncludeVat: false,
      extraCosts: '0',
      extraCostsMethod: 'by_value' as const,
    });
    const lines = (chosen: typeof components, qty: (i: number) => string) =>
      chosen.map((c, i) => ({
        itemId: c.id,
        qty: qty(i),
        unitPrice: priceOf(c.sku, i),
        vatRate: '20' as const,
        supplierItemName: null,
      }));

    const first = await createReceipt(tx, ctx, {
      ...header(suppliers[0]!.id, 'РН-001245', '2026-10-06'),
      extraCosts: '350',
      lines: lines(pick(0, 3, 40), (i) => (i % 4 === 0 ? '2000' : '500')),
    });
    await postReceipt(tx, ctx, first.id, undefined);
    const second = await createReceipt(tx, ctx, {
      ...header(suppliers[1]!.id, 'ВН-7781', '2026-10-20'),
      extraCosts: '120',
      extraCostsMethod: 'by_qty',
      lines: lines(pick(1, 5, 30), (i) => String(50 + (i % 5) * 25)),
    });
    await postReceipt(tx, ctx, second.id, undefined);
    const usd = await createReceipt(tx, ctx, {
      ...header(suppliers[2]!.id, 'INV-2026-0412', '2026-11-03'),
      currencyCode: 'USD',
      fxRate: '41.350000',
      lines: pick(2, 7, 12).map((c, i) => ({
        itemId: c.id,
        qty: '100',
        unitPrice: uah(40 + i * 35),
        vatRate: '0' as const,
        supplierItemName: null,
      })),
    });
    await postReceipt(tx, ctx, usd.id, undefined);
    // Accessories bought for resale go straight to the finished-goods warehouse the orders ship from.
    if (accessories.length > 0) {
      const resale = await createReceipt(tx, ctx, {
        ...header(suppliers[1]!.id, 'ВН-7812', '2026-11-05'),
        warehouseId: finished.id,
        lines: accessories.map((a, i) => ({
          itemId: a.id,
          qty: '100',
          unitPrice: uah(2400 + i * 1500),
          vatRate: '20' as const,
          supplierItemName: null,
        })),
      });
      await postReceipt(tx, ctx, resale.id, undefined);
    }
    // Delivered yesterday, not yet checked against the goods: a draft.
    await createReceipt(tx, ctx, {
      ...header(suppliers[0]!.id, 'РН-001302', '2026-11-20'),
      lines: lines(pick(4, 9, 8), () => '200'),
    });
    log(
      'Прихід від постачальників: 4 проведені документи (один у доларах, один — аксесуари для перепродажу) і одна чернетка',
    );
  },
};
