// Supplier receipts (warehouse.md §6 "Done means"): the average from two receipts, extra costs split by value to
// the kopeck, a USD receipt costed in UAH, a supplier document entered once, and the draft → posted → cancelled life
// with the ledger's invariants holding.
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { documentLineSerials, serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { itemCosts } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import { supplierReceiptsEndpoints } from '../supplier-receipts.endpoints.ts';
import { allocate } from './supplier-receipts.posting.ts';
import { dec, fixed } from '@/shared/decimal.ts';

let t: TestApp;
let cookie: string;
let supplierId: number;
let warehouseId: number;
let documentTypeId: number;
let unitId: number;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'grn-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'grn-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Радіомаг',
      fullName: 'ТОВ «Радіомаг»',
      taxId: sampleEdrpou(4242),
    })
  ).json().id;
  // Our company pays VAT: its costs are net of VAT.
  await api('POST', '/api/companies', {
    name: 'Техноприлад',
    fullName: 'ТОВ «Техноприлад»',
    legalForm: 'ТОВ',
    taxId: sampleEdrpou(4243),
    isVatPayer: true,
    vatNumber: '123456789012',
    legalAddress: 'Київ',
  });
});
afterAll(() => t.close());

let n = 0;
const component = async () =>
  (await api('POST', '/api/components', { sku: `GRN-C-${++n}`, name: `Компонент ${n}`, unitId })).json().id as number;
const receipt = (lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
  supplierId,
  warehouseId,
  documentTypeId,
  supplierDocNumber: `ВН-${++n}`,
  supplierDocDate: '2026-11-10',
  documentDate: '2026-11-12',
  lines,
  ...extra,
});
const avg = async (itemId: number) =>
  (await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId)))[0]?.avgCost;

describe('supplier receipts', () => {
  it('averages two receipts at 10.00 and 12.00 into 11.000000 and shows each line its cost', async () => {
    const item = await component();
    for (const price of ['10', '12']) {
      const draft = await api(
        'POST',
        '/api/supplier-receipts',
        receipt([{ itemId: item, qty: '100', unitPrice: price }]),
      );
      expect(draft.statusCode, draft.body).toBe(201);
      expect(draft.json()).toMatchObject({ status: 'draft', number: expect.stringMatching(/^GRN-2026-\d{5}$/) });
      const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`, { version: 1 });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json().lines[0].unitCost).toBe(`${price}.000000`);
    }
    expect(await avg(item)).toBe('11.000000');
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('splits 100 UAH of delivery by value as 25.00 and 75.00 and puts it into the unit costs', async () => {
    const a = await component();
    const b = await component();
    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt(
        [
          { itemId: a, qty: '10', unitPrice: '100' },
          { itemId: b, qty: '20', unitPrice: '150' },
        ],
        { extraCosts: '100' },
      ),
    );
    expect(draft.json()).toMatchObject({ totalNet: '4000.00', totalVat: '800.00', totalGross: '4800.00' });
    const posted = (await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).json();
    // (1000 + 25) / 10 and (3000 + 75) / 20
    expect(posted.lines.map((l: { unitCost: string }) => l.unitCost)).toEqual(['102.500000', '153.750000']);
    expect(allocate(dec('0.10'), [dec('1'), dec('1'), dec('1')]).map((s) => fixed(s, 2))).toEqual([
      '0.04',
      '0.03',
      '0.03',
    ]);
  });

  it('costs a USD receipt in UAH at its rate and keeps the USD amounts on the document', async () => {
    const item = await component();
    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item, qty: '4', unitPrice: '2.5' }], { currencyCode: 'usd', fxRate: '41,50' }),
    );
    expect(draft.json()).toMatchObject({
      currencyCode: 'USD',
      fxRate: '41.500000',
      totalNet: '10.00',
      totalUah: '498.00',
    });
    const posted = (await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).json();
    expect(posted.lines[0]).toMatchObject({ unitPrice: '2.500000', unitCost: '103.750000' });
    // The supplier's last price, in the document's currency.
    const links = (await api('GET', `/api/components/${item}/suppliers`)).json();
    expect(links).toMatchObject([
      { supplierId, lastPrice: '2.500000', lastPriceCurrency: 'USD', lastPriceDate: '2026-11-12' },
    ]);
  });

  it("prints 'Прибуткова накладна' as a landscape A4 PDF named by the receipt's number", async () => {
    const item = await component();
    const draft = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: item, qty: '3', unitPrice: '7.2' }]))
    ).json();
    await api('POST', `/api/supplier-receipts/${draft.id}/post`);
    const res = await api('GET', `/api/supplier-receipts/${draft.id}/print/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent(`Прибуткова накладна ${draft.number}.pdf`),
    );
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('DejaVuSans');
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect((await api('GET', '/api/supplier-receipts/999999/print/receipt')).statusCode).toBe(404);
  });

  it('refuses the same supplier document twice, in Ukrainian', async () => {
    const item = await component();
    const first = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: item, qty: '1', unitPrice: '1' }]))
    ).json();
    const again = await api('POST', '/api/supplier-receipts', {
      ...receipt([{ itemId: item, qty: '1', unitPrice: '1' }]),
      supplierDocNumber: ` ${first.supplierDocNumber.toLowerCase()} `,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Цей документ постачальника вже внесено (${first.number})`);
  });

  it('edits only a current draft, posts once, cancels by reversal, and audits each step', async () => {
    const item = await component();
    const draft = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: item, qty: '5', unitPrice: '3' }]))
    ).json();
    const edited = await api('PATCH', `/api/supplier-receipts/${draft.id}`, {
      version: draft.version,
      lines: [{ itemId: item, qty: '6', unitPrice: '3,5' }],
    });
    expect(edited.json()).toMatchObject({ version: 2, totalNet: '21.00' });
    const stale = await api('PATCH', `/api/supplier-receipts/${draft.id}`, { version: 1, notes: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    expect((await api('POST', `/api/supplier-receipts/${draft.id}/post`, { version: 1 })).statusCode).toBe(409);
    expect((await api('POST', `/api/supplier-receipts/${draft.id}/post`, { version: 2 })).statusCode).toBe(200);
    const twice = await api('POST', `/api/supplier-receipts/${draft.id}/post`);
    expect(twice.json().error).toBe('Прихід уже проведено');
    expect((await api('DELETE', `/api/supplier-receipts/${draft.id}`)).statusCode).toBe(409);

    expect((await api('POST', `/api/supplier-receipts/${draft.id}/cancel`, { reason: ' ' })).statusCode).toBe(400);
    const cancelled = await api('POST', `/api/supplier-receipts/${draft.id}/cancel`, { reason: 'Помилковий документ' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Помилковий документ' });
    expect((await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, item)))[0]).toMatchObject({
      qty: '0.0000',
      value: '0.00',
    });
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
    // A cancelled document frees its supplier number.
    const again = await api('POST', '/api/supplier-receipts', {
      ...receipt([{ itemId: item, qty: '1', unitPrice: '1' }]),
      supplierDocNumber: draft.supplierDocNumber,
    });
    expect(again.statusCode).toBe(201);
  });

  it('lists with search, filters and the total; refuses a service and an unknown supplier', async () => {
    const list = await api('GET', '/api/supplier-receipts?status=posted&limit=2');
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toMatchObject({ supplierName: 'Радіомаг', status: 'posted', lineCount: expect.any(Number) });
    const found = await api('GET', `/api/supplier-receipts?search=${encodeURIComponent('радіомаг')}`);
    expect(found.json().length).toBeGreaterThan(0);

    const service = (
      await api('POST', '/api/products', { kind: 'service', sku: 'SRV-1', name: 'Послуга', unitId })
    ).json().id;
    const bad = await api('POST', '/api/supplier-receipts', {
      ...receipt([{ itemId: service, qty: '1', unitPrice: '1' }]),
      supplierId: 999999,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      supplierId: 'Оберіть постачальника зі списку',
      'lines.0.itemId': 'Оберіть компонент, матеріал або товар, що має залишки',
    });
    const empty = await api('POST', '/api/supplier-receipts', receipt([]));
    expect(empty.json().fields.lines).toBe('Додайте хоча б один рядок');
  });

  it("shows what a receipt puts in stock as the product's `available`, readable from the dashboard too", async () => {
    const product = (await api('POST', '/api/products', { sku: 'БЖ-AV', name: 'Блок живлення', unitId })).json().id;
    const draft = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: product, qty: '5', unitPrice: '100' }]))
    ).json();
    await api('POST', `/api/supplier-receipts/${draft.id}/post`);
    const [row] = (await api('GET', '/api/products?search=БЖ-AV')).json();
    expect(row).toMatchObject({ sku: 'БЖ-AV', available: '5.0000' });

    const viewer = await createUser(t.db, { password: 'dash-pass' });
    const role = (await api('POST', '/api/roles', { name: 'Лише дашборд' })).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}/permissions`,
      payload: { permissions: [{ route: '/dashboard', canView: true, canAccess: false }] },
      headers: { cookie },
    });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'dash-pass')).cookie;
    const read = await t.app.inject({ method: 'GET', url: '/api/products?limit=4', headers: { cookie: viewerCookie } });
    expect(read.statusCode, read.body).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: { sku: 'X', name: 'X', unitId },
      headers: { cookie: viewerCookie },
    });
    expect(write.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product}`, headers: { cookie: viewerCookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('scans into a draft: +1 on the line, or a new line at the last price; an unknown code is 404', async () => {
    const item = (
      await api('POST', '/api/components', {
        sku: 'SCAN-Res-1',
        name: 'Резистор скан',
        unitId,
        barcode: '4820000000017',
      })
    ).json();
    expect(item.id).toBeGreaterThan(0);
    const other = await component();
    const otherSku = `GRN-C-${n}`;
    const posted = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: other, qty: '2', unitPrice: '7.5' }]))
    ).json();
    await api('POST', `/api/supplier-receipts/${posted.id}/post`);
    const draft = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: item.id, qty: '2', unitPrice: '3' }]))
    ).json();
    const byBarcode = await api('POST', `/api/supplier-receipts/${draft.id}/scan`, { code: '4820000000017' });
    expect(byBarcode.statusCode, byBarcode.body).toBe(200);
    expect(byBarcode.json()).toEqual({
      lineId: draft.lines[0].id,
      itemId: item.id,
      sku: 'SCAN-Res-1',
      name: 'Резистор скан',
      qty: '3.0000',
      serials: [],
    });
    const bySku = await api('POST', `/api/supplier-receipts/${draft.id}/scan`, { code: ' scan-res-1 ' });
    expect(bySku.json().qty).toBe('4.0000');
    // A new line at this supplier's last price of the item.
    const added = await api('POST', `/api/supplier-receipts/${draft.id}/scan`, { code: otherSku });
    expect(added.json()).toMatchObject({ itemId: other, qty: '1.0000' });
    const after = (await api('GET', `/api/supplier-receipts/${draft.id}`)).json();
    expect(after.lines.map((l: { qty: string; unitPrice: string }) => [l.qty, l.unitPrice])).toEqual([
      ['4.0000', '3.000000'],
      ['1.0000', '7.500000'],
    ]);
    expect(after).toMatchObject({ totalNet: '19.50', version: draft.version + 3 });
    // The 20 % warning's data: the supplier's last price of each line's item.
    expect(after.lines[1]).toMatchObject({ lastPrice: '7.500000', lastPriceCurrency: 'UAH' });
    const unknown = await api('POST', `/api/supplier-receipts/${draft.id}/scan`, { code: 'NO-SUCH-CODE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Нічого не знайдено');
    const onPosted = await api('POST', `/api/supplier-receipts/${posted.id}/scan`, { code: otherSku });
    expect(onPosted.statusCode).toBe(409);
  });

  it('imports lines from CSV and XLSX into a draft, all or nothing, naming each wrong row', async () => {
    const a = await component();
    const skuA = `GRN-C-${n}`;
    const b = await component();
    const skuB = `GRN-C-${n}`;
    const draft = (
      await api('POST', '/api/supplier-receipts', receipt([{ itemId: a, qty: '1', unitPrice: '2' }]))
    ).json();
    const send = (body: string | Buffer, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/supplier-receipts/${draft.id}/import-lines`,
        payload: body,
        headers: { cookie, 'content-type': type },
      });
    const bad = await send(`SKU;qty;price\n${skuA};5;1,5\nNOPE-1;2;1\n${skuB};0;1\n`, 'text/csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'rows.3': 'Рядок 3: позицію «NOPE-1» не знайдено',
      'rows.4': 'Рядок 4: кількість має бути числом більше нуля (не більше 4 знаків після коми)',
    });
    expect((await api('GET', `/api/supplier-receipts/${draft.id}`)).json().lines).toHaveLength(1);

    const ok = await send(`SKU;qty;price\n${skuA.toLowerCase()};5;1,5\n${skuB};2;10\n`, 'text/csv');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json().lines.map((l: { itemId: number; qty: string; unitPrice: string }) => [l.itemId, l.qty, l.unitPrice]),
    ).toEqual([
      [a, '1.0000', '2.000000'],
      [a, '5.0000', '1.500000'],
      [b, '2.0000', '10.000000'],
    ]);
    expect(ok.json().totalNet).toBe('29.50');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Рядки');
    sheet.addRow(['Артикул', 'Кількість', 'Ціна']);
    sheet.addRow([skuB, 3, 0.25]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = await send(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(200);
    expect(fromXlsx.json().lines.at(-1)).toMatchObject({ itemId: b, qty: '3.0000', unitPrice: '0.250000' });
  });
});

describe('supplier receipts — serial numbers (sales.md §4)', () => {
  const tracked = async () => {
    const sku = `GRN-SN-${++n}`;
    const res = await api('POST', '/api/products', { sku, name: `Прилад ${n}`, unitId, serialTracking: true });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, sku };
  };
  const serialsOf = async (itemId: number) =>
    (
      await t.db
        .select({ serial: serialNumbers.serial, status: serialNumbers.status, receiptId: serialNumbers.receiptId })
        .from(serialNumbers)
        .where(eq(serialNumbers.itemId, itemId))
        .orderBy(asc(serialNumbers.serial))
    ).map((s) => `${s.serial}:${s.status}${s.receiptId ? ':grn' : ''}`);
  const invariantOk = async () => expect(await checkSerialInvariant(t.db)).toEqual([]);
  const ledgerOk = async () => expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

  it('posts typed serials (exactly qty, new to the item) and refuses wrong ones by name', async () => {
    const item = await tracked();
    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item.id, qty: '3', unitPrice: '500' }]),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const line = draft.json().lines[0];
    expect(line).toMatchObject({ serialTracking: true, serials: [] });
    const post = (serials: string[]) =>
      api('POST', `/api/supplier-receipts/${draft.json().id}/post`, { serials: [{ lineId: line.id, serials }] });
    const short = await post(['R-1']);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(`Товар «${item.sku}»: потрібно 3 серійні номери, вказано 1`);
    const repeated = await post(['R-1', 'r-1', 'R-2']);
    expect(repeated.json().error).toBe(`Товар «${item.sku}»: серійні номери повторюються: R-1`);
    expect(await serialsOf(item.id)).toEqual([]);

    const posted = await post(['r-1-r-3']);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].serials).toEqual(['R-1', 'R-2', 'R-3']);
    expect(await serialsOf(item.id)).toEqual(['R-1:available:grn', 'R-2:available:grn', 'R-3:available:grn']);
    await ledgerOk();
    await invariantOk();

    // The same serial again for this item is refused naming it with its state.
    const again = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item.id, qty: '1', unitPrice: '500' }]),
    );
    const dup = await api('POST', `/api/supplier-receipts/${again.json().id}/post`, {
      serials: [{ lineId: again.json().lines[0].id, serials: ['R-3'] }],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(`Товар «${item.sku}»: ці серійні номери вже існують: R-3 (На складі)`);
    // Serials on an untracked line are a mistake.
    const plain = await component();
    const other = await api('POST', '/api/supplier-receipts', receipt([{ itemId: plain, qty: '1', unitPrice: '5' }]));
    const wrong = await api('POST', `/api/supplier-receipts/${other.json().id}/post`, {
      serials: [{ lineId: other.json().lines[0].id, serials: ['Z'] }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/не веде облік серійних номерів/);
    await invariantOk();
  });

  it("generates the serials of a line given none ('Згенерувати'); cancel voids them, refused once one has left", async () => {
    const item = await tracked();
    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item.id, qty: '2', unitPrice: '700' }]),
    );
    const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    const generated = posted.json().lines[0].serials as string[];
    expect(generated).toEqual([expect.stringMatching(/^2611-\d{5}$/), expect.stringMatching(/^2611-\d{5}$/)]);
    await invariantOk();

    // One of them leaves (written off): the receipt can no longer be cancelled, and says which.
    const [first] = await t.db
      .select({ id: serialNumbers.id, serial: serialNumbers.serial })
      .from(serialNumbers)
      .where(eq(serialNumbers.serial, generated[0]!));
    const writeOff = await api('POST', `/api/serial-numbers/${first!.id}/write-off`, { reason: 'Пошкоджено' });
    expect(writeOff.statusCode, writeOff.body).toBe(200);
    const refused = await api('POST', `/api/supplier-receipts/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Неможливо скасувати: серійні номери з цього приходу вже не на складі: ${first!.serial} (Брак / списано)`,
    );
    await ledgerOk();
    await invariantOk();

    // A receipt whose serials are all on the shelf cancels, and they become void.
    const second = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item.id, qty: '1', unitPrice: '700' }]),
    );
    const secondPosted = await api('POST', `/api/supplier-receipts/${second.json().id}/post`, {
      serials: [{ lineId: second.json().lines[0].id, serials: ['MANUAL-1'] }],
    });
    expect(secondPosted.statusCode, secondPosted.body).toBe(200);
    const cancelled = await api('POST', `/api/supplier-receipts/${second.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().lines[0].serials).toEqual(['MANUAL-1']);
    expect((await serialsOf(item.id)).find((s) => s.startsWith('MANUAL-1'))).toBe('MANUAL-1:void:grn');
    await ledgerOk();
    await invariantOk();
  });

  it('keeps a draft line’s typed and scanned serials (save → reopen) and registers them at posting', async () => {
    const item = await tracked();
    const draft = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: item.id, qty: '2', unitPrice: '900', serials: ['dk-1'] }]),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as number;
    const reopen = async () => (await api('GET', `/api/supplier-receipts/${id}`)).json();
    expect((await reopen()).lines[0].serials).toEqual(['DK-1']);
    // The lines saved again with their serials (a range), then a header change and lines without serials keep them.
    const saved = await api('PATCH', `/api/supplier-receipts/${id}`, {
      version: draft.json().version,
      lines: [{ itemId: item.id, qty: '2', unitPrice: '900', serials: ['DK-1', 'dk-2'] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const notes = await api('PATCH', `/api/supplier-receipts/${id}`, { version: saved.json().version, notes: 'Огляд' });
    const relined = await api('PATCH', `/api/supplier-receipts/${id}`, {
      version: notes.json().version,
      lines: [{ itemId: item.id, qty: '2', unitPrice: '950' }],
    });
    expect(relined.statusCode, relined.body).toBe(200);
    expect((await reopen()).lines[0]).toMatchObject({ unitPrice: '950.000000', serials: ['DK-1', 'DK-2'] });
    // Scanning the item with a serial adds a unit and keeps the serial on its line; the same serial again is refused.
    const scanned = await api('POST', `/api/supplier-receipts/${id}/scan`, { code: item.sku, serial: 'dk-3' });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json()).toMatchObject({ qty: '3.0000', serials: ['DK-1', 'DK-2', 'DK-3'] });
    const twice = await api('POST', `/api/supplier-receipts/${id}/scan`, { code: item.sku, serial: 'DK-3' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Серійний номер DK-3 уже є в цьому рядку');
    // Serials on an untracked line are refused when the draft is saved.
    const plain = await component();
    const wrong = await api(
      'POST',
      '/api/supplier-receipts',
      receipt([{ itemId: plain, qty: '1', unitPrice: '5', serials: ['Z'] }]),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/не веде облік серійних номерів/);

    // Posting without serials in its body registers the kept ones (none generated).
    expect(await serialsOf(item.id)).toEqual([]);
    const posted = await api('POST', `/api/supplier-receipts/${id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].serials).toEqual(['DK-1', 'DK-2', 'DK-3']);
    expect(await serialsOf(item.id)).toEqual(['DK-1:available:grn', 'DK-2:available:grn', 'DK-3:available:grn']);
    const left = await t.db.select().from(documentLineSerials).where(eq(documentLineSerials.documentId, id));
    expect(left.filter((r) => r.documentType === 'supplier_receipt')).toEqual([]);
    await ledgerOk();
    await invariantOk();
  });
});

describe('supplier receipts — the lines file', () => {
  // The endpoint names its upload types and limit itself: the page loads it, so it cannot import the server's.
  it('takes the resource engine’s XLSX type and its upload limit', () => {
    expect(supplierReceiptsEndpoints.importLines.bodyLimit).toBe(IMPORT_MAX_BYTES);
    expect(supplierReceiptsEndpoints.importLines.bodyTypes).toContain(XLSX_TYPE);
  });
});
