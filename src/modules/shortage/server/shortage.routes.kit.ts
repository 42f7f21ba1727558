// What the /api/shortage test files share: a fresh sales fixture per file with two suppliers, and the steps that build
// items, stock, BOMs, supplier links and approved orders, and read the rows. Used only by tests.
import { afterAll, beforeAll, expect } from 'vitest';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import type { ShortageRow, ShortageSources } from '../shortage.contract.ts';
import { invalidateShortage } from './index.ts';

/** Registers the file's fixture (made before its tests, closed after) and answers the helpers bound to it. */
export function shortageSuite() {
  let f: SalesFixture;
  let supplierId: number;
  let otherSupplierId: number;
  let documentTypeId: number;
  let n = 0;
  const today = kyivToday();

  type Injected = Awaited<ReturnType<SalesFixture['api']>>;
  const ok = async (res: Injected, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };

  beforeAll(async () => {
    f = await createSalesFixture();
    const supplier = async (name: string, k: number) =>
      (
        await ok(
          await f.api('POST', '/api/suppliers', {
            legalForm: 'legal_entity',
            name,
            fullName: `ТОВ «${name}»`,
            taxId: sampleEdrpou(k),
          }),
          201,
        )
      ).id as number;
    supplierId = await supplier('Радіодеталі', 5101);
    otherSupplierId = await supplier('Елкомп', 5102);
    documentTypeId = (await f.api('GET', '/api/supplier-document-types')).json()[0].id;
  });
  afterAll(() => f.t.close());

  /** Posts a supplier receipt of `qty` of the item into the fixture's warehouse. */
  async function receive(itemId: number, qty: string, unitPrice = '0.50') {
    const draft = await ok(
      await f.api('POST', '/api/supplier-receipts', {
        supplierId,
        warehouseId: f.warehouseId,
        documentTypeId,
        supplierDocNumber: `ВН-SH-${++n}`,
        supplierDocDate: today,
        documentDate: today,
        lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
      }),
      201,
    );
    await ok(await f.api('POST', `/api/supplier-receipts/${draft.id}/post`));
  }

  async function component(opts: { stock?: string; leadTimeDays?: number; kind?: 'component' | 'material' } = {}) {
    const k = ++n;
    const id = (
      await ok(
        await f.api('POST', '/api/components', {
          sku: `SH-R-${k}`,
          name: `Резистор ${k} кОм`,
          kind: opts.kind ?? 'component',
          unitId: f.unitId,
          ...(opts.leadTimeDays !== undefined ? { leadTimeDays: opts.leadTimeDays } : {}),
        }),
        201,
      )
    ).id as number;
    if (opts.stock) await receive(id, opts.stock);
    return id;
  }

  async function madeItem(kind: 'product' | 'semi_finished' = 'product', stock?: string) {
    const k = ++n;
    const id = (
      await ok(
        await f.api('POST', '/api/products', {
          sku: `SH-P-${k}`,
          name: kind === 'product' ? `Блок керування ${k}` : `Плата ${k}`,
          kind,
          unitId: f.unitId,
          retailPrice: '100.00',
        }),
        201,
      )
    ).id as number;
    if (stock) await receive(id, stock, '20.00');
    return id;
  }

  /** An active default BOM of `itemId` (written into its tables: the BOM editor is another module). */
  async function bom(
    itemId: number,
    lines: Array<{ itemId: number; qty: string; scrap?: string }>,
    outputQty = '1',
    header: { isDefault?: boolean; status?: 'draft' | 'active' | 'archived' } = {},
  ) {
    const [row] = await f.t.db
      .insert(boms)
      .values({ itemId, name: 'Основна', outputQty, isDefault: true, status: 'active', ...header })
      .returning({ id: boms.id });
    await f.t.db.insert(bomLines).values(
      lines.map((l, i) => ({
        bomId: row!.id,
        lineNo: i + 1,
        componentItemId: l.itemId,
        qty: l.qty,
        scrapPercent: l.scrap ?? '0',
      })),
    );
    return row!.id;
  }

  async function suppliers(
    itemId: number,
    rows: Array<{
      supplierId: number;
      isPreferred?: boolean;
      leadTimeDays?: number;
      packQty?: string;
      lastPrice?: string;
    }>,
  ) {
    await ok(
      await f.api('PUT', `/api/components/${itemId}/suppliers`, {
        suppliers: rows.map((r) => ({ isPreferred: false, ...r })),
      }),
    );
  }

  /** A confirmed order approved for production. */
  async function approvedOrder(itemId: number, qty: string, dueDate: string | null = addDays(today, 30)) {
    const id = await f.order([{ itemId, qty, unitPrice: '100.00' }], { confirm: true, dueDate });
    await ok(await f.api('POST', `/api/orders/${id}/production-approval`, { approved: true }));
    return id;
  }

  async function rows(query = ''): Promise<ShortageRow[]> {
    invalidateShortage();
    const res = await f.api('GET', `/api/shortage${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const rowOf = async (itemId: number) => (await rows(`itemId=${itemId}`))[0];
  const sources = async (itemId: number): Promise<ShortageSources> =>
    ok(await f.api('GET', `/api/shortage/${itemId}/sources`));

  const ctx = () => ({ userId: f.adminId });

  /** The fixture and the suppliers, once beforeAll has made them. */
  const state = () => ({ f, supplierId, otherSupplierId });
  /** A number no other call of this file has had (names, SKUs). */
  const next = () => ++n;
  return {
    ok,
    today,
    receive,
    component,
    madeItem,
    bom,
    suppliers,
    approvedOrder,
    rows,
    rowOf,
    sources,
    ctx,
    state,
    next,
  };
}
