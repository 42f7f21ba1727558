// Serial numbers (sales.md §4 "Done means"), the templates and the generation: exactly one default template and a
// preview that takes nothing; generation follows the template and numbers consecutively (padding, growth past it, a
// counter per period, typed serials skipped). The registration, write-off and list journeys have their own files.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { type TestApp } from '@/server/testing/test-app.ts';
import { patternProblem, renderPattern } from '../serial-numbers.contract.ts';
import { serialCounters, serialTemplates } from './serial-numbers.table.ts';
import { generateSerials } from './serial-numbers.service.ts';
import { createSerialsFixture, serialsOf, type SerialsFixture } from './serial-numbers.fixture.ts';

let t: TestApp;
let adminId: number;
let warehouseId: number;
let warehouseName: string;
let api: SerialsFixture['api'];
let product: SerialsFixture['product'];
let lastSku: SerialsFixture['lastSku'];
let stock: SerialsFixture['stock'];
let template: SerialsFixture['template'];
let inStock: SerialsFixture['inStock'];

beforeAll(async () => {
  ({ t, adminId, warehouseId, warehouseName, api, product, lastSku, stock, template, inStock } =
    await createSerialsFixture());
});
afterAll(() => t.close());

describe('templates', () => {
  it("creates 'Стандартний' {YY}{MM}-{N:5} as the one default and keeps exactly one default", async () => {
    const first = await api('GET', '/api/serial-numbers/templates');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([
      expect.objectContaining({
        name: 'Стандартний',
        pattern: '{YY}{MM}-{N:5}',
        resetPeriod: 'monthly',
        isDefault: true,
      }),
    ]);
    expect(first.headers['x-total-count']).toBe('1');
    const standard = first.json()[0];

    const yearly = await template({
      name: 'Річний',
      pattern: 'SN{YYYY}-{N:4}',
      resetPeriod: 'yearly',
      isDefault: true,
    });
    expect(yearly.isDefault).toBe(true);
    const defaults = await t.db.select().from(serialTemplates).where(eq(serialTemplates.isDefault, true));
    expect(defaults.map((d) => d.id)).toEqual([yearly.id]);

    // The default cannot be unmarked (another must be made default) nor deleted.
    const unmark = await api('PATCH', `/api/serial-numbers/templates/${yearly.id}`, { isDefault: false });
    expect(unmark.statusCode).toBe(409);
    expect(unmark.json().error).toMatch(/один шаблон за замовчуванням/);
    expect((await api('DELETE', `/api/serial-numbers/templates/${yearly.id}`)).statusCode).toBe(409);

    const back = await api('PATCH', `/api/serial-numbers/templates/${standard.id}`, { isDefault: true });
    expect(back.statusCode, back.body).toBe(200);
    const after = await t.db.select().from(serialTemplates).where(eq(serialTemplates.isDefault, true));
    expect(after.map((d) => d.id)).toEqual([standard.id]);
    expect((await api('DELETE', `/api/serial-numbers/templates/${yearly.id}`)).statusCode).toBe(204);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'serial_templates'));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
  });

  it('validates patterns and names in Ukrainian', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'Два лічильники', pattern: 'A{N}-{N:3}' }, /рівно один раз/],
      [{ name: 'Без лічильника', pattern: 'A{YYYY}' }, /рівно один раз/],
      [{ name: 'Невідомий', pattern: 'A{FOO}{N}' }, /Невідомий заповнювач \{FOO\}/],
      [{ name: 'Дужка', pattern: 'A{N}}' }, /фігурна дужка/],
      [{ name: 'Місячний', pattern: 'A{YY}-{N:4}', resetPeriod: 'monthly' }, /рік і місяць/],
      [{ name: 'Ширина', pattern: 'A{N:0}' }, /від 1 до 12/],
      [{ name: '', pattern: 'A{N}' }, /назву/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/api/serial-numbers/templates', { resetPeriod: 'never', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    await template({ name: 'Унікальний', pattern: 'U{N}' });
    const taken = await api('POST', '/api/serial-numbers/templates', {
      name: ' унікальний ',
      pattern: 'V{N}',
      resetPeriod: 'never',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Шаблон з такою назвою вже є');
    expect(patternProblem('{YY}{MM}-{N:5}', 'monthly')).toBeNull();
    expect(renderPattern('{sku}/{YYYY}{MM}{DD}-{N:3}', { date: '2026-03-07', sku: 'ab-1', n: 1234 })).toBe(
      'AB-1/20260307-1234',
    );
  });

  it('previews the next values without taking them', async () => {
    const item = await product();
    const tpl = await template({ name: 'Перегляд', pattern: 'PV-{SKU}-{N:4}' });
    const preview = async () =>
      (await api('GET', `/api/serial-numbers/templates/${tpl.id}/preview?count=3&itemId=${item}`)).json();
    const sku = lastSku();
    const first = await preview();
    expect(first).toEqual({
      templateId: tpl.id,
      key: `serial:${tpl.id}:`,
      nextValue: 1,
      values: [`PV-${sku}-0001`, `PV-${sku}-0002`, `PV-${sku}-0003`],
    });
    expect(await preview()).toEqual(first);
    expect(
      await t.db
        .select()
        .from(serialCounters)
        .where(eq(serialCounters.key, `serial:${tpl.id}:`)),
    ).toEqual([]);
    const generated = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 2, templateId: tpl.id });
    expect(serialsOf(generated)).toEqual([`PV-${sku}-0001`, `PV-${sku}-0002`]);
    expect((await preview()).values[0]).toBe(`PV-${sku}-0003`);
    const bad = await api('GET', `/api/serial-numbers/templates/${tpl.id}/preview?count=0`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('generation', () => {
  it('numbers consecutively with padding, grows past it, and allocates without a warehouse', async () => {
    const item = await product();
    const tpl = await template({ name: 'Трицифровий', pattern: 'T{N:3}' });
    const res = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 3, templateId: tpl.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({ serial: 'T001', status: 'allocated', warehouseId: null, itemId: item }),
      expect.objectContaining({ serial: 'T002', status: 'allocated' }),
      expect.objectContaining({ serial: 'T003', status: 'allocated' }),
    ]);
    await t.db
      .update(serialCounters)
      .set({ lastValue: 998 })
      .where(eq(serialCounters.key, `serial:${tpl.id}:`));
    const grown = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 3, templateId: tpl.id });
    expect(serialsOf(grown)).toEqual(['T999', 'T1000', 'T1001']);
    const detail = (await api('GET', `/api/serial-numbers/${res.json()[0].id}`)).json();
    expect(detail.events).toEqual([
      expect.objectContaining({ event: 'generated', note: 'Шаблон «Трицифровий»', userId: adminId }),
    ]);
  });

  it('skips a value typed by hand for the same item and takes the next one', async () => {
    const item = await product();
    await stock(item, '5');
    const tpl = await template({ name: 'Колізія', pattern: 'K-{N:2}' });
    const typed = await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, serials: ['k-02'] });
    expect(typed.statusCode, typed.body).toBe(201);
    const res = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 3, templateId: tpl.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(serialsOf(res)).toEqual(['K-01', 'K-03', 'K-04']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'serial_numbers'), eq(auditLog.entityId, String(res.json()[0].id))));
    expect(entry?.after).toMatchObject({ skipped: ['K-02'], serials: ['K-01', 'K-03', 'K-04'] });
  });

  it('keeps a counter per period: a new month starts again, the old one continues', async () => {
    const item = await product();
    const tpl = await template({ name: 'Помісячний', pattern: 'M{YY}{MM}-{N:2}', resetPeriod: 'monthly' });
    const ctx = { userId: adminId };
    const gen = async (date: string, count: number) =>
      (await generateSerials(t.db, ctx, { itemId: item, count, templateId: tpl.id, date })).map((s) => s.serial);
    expect(await gen('2026-01-15', 2)).toEqual(['M2601-01', 'M2601-02']);
    expect(await gen('2026-02-03', 1)).toEqual(['M2602-01']);
    expect(await gen('2026-01-31', 1)).toEqual(['M2601-03']);
    const counters = await t.db
      .select()
      .from(serialCounters)
      .where(sql`${serialCounters.key} like ${`serial:${tpl.id}:%`}`)
      .orderBy(serialCounters.key);
    expect(counters).toEqual([
      { key: `serial:${tpl.id}:2026-01`, lastValue: 3 },
      { key: `serial:${tpl.id}:2026-02`, lastValue: 1 },
    ]);
  });

  it("uses the item's template, else its category's, else the default", async () => {
    const own = await template({ name: 'Власний', pattern: 'OWN{N:2}' });
    const ofCategory = await template({ name: 'Категорії', pattern: 'CAT{N:2}' });
    const category = await api('POST', '/api/product-categories', { name: 'Серійні прилади' });
    expect(category.statusCode, category.body).toBe(201);
    await t.db.update(categories).set({ serialTemplateId: ofCategory.id }).where(eq(categories.id, category.json().id));
    const withOwn = await product({ categoryId: category.json().id });
    await t.db.update(items).set({ serialTemplateId: own.id }).where(eq(items.id, withOwn));
    const inCategory = await product({ categoryId: category.json().id });
    const plain = await product();
    const first = async (itemId: number) =>
      serialsOf(await api('POST', '/api/serial-numbers/generate', { itemId, count: 1 }))[0];
    expect(await first(withOwn)).toBe('OWN01');
    expect(await first(inCategory)).toBe('CAT01');
    expect(await first(plain)).toMatch(/^\d{4}-\d{5}$/);
  });

  it('allocates for an MO, registers within on hand with a warehouse, refuses untracked items', async () => {
    const item = await product();
    const mo = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 2, moId: 77 });
    expect(mo.json()).toEqual([
      expect.objectContaining({ status: 'allocated', moId: 77 }),
      expect.objectContaining({ status: 'allocated', moId: 77 }),
    ]);
    const events = (await api('GET', `/api/serial-numbers/${mo.json()[0].id}`)).json().events;
    expect(events[0]).toMatchObject({ event: 'allocated', documentType: 'manufacturing_order', documentId: 77 });

    await stock(item, '2');
    const over = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 3, warehouseId });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toContain(`На складі «${warehouseName}» залишок 2`);
    const within = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 2, warehouseId });
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json().map((s: { status: string }) => s.status)).toEqual(['available', 'available']);
    expect(await inStock(item)).toBe(2);

    const untracked = await product({ serialTracking: false });
    const refused = await api('POST', '/api/serial-numbers/generate', { itemId: untracked, count: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/не веде облік серійних номерів/);
    const tooMany = await api('POST', '/api/serial-numbers/generate', { itemId: item, count: 1001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/від 1 до 1000/);
  });

  it('hands out distinct consecutive values to parallel generations', async () => {
    const item = await product();
    const tpl = await template({ name: 'Паралельний', pattern: 'PAR{N:4}' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('POST', '/api/serial-numbers/generate', { itemId: item, count: 5, templateId: tpl.id }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const all = results.flatMap(serialsOf).sort();
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => `PAR${String(i + 1).padStart(4, '0')}`));
  });
});
