// Assembly and disassembly (production.md §8 "Done means"): 5 kits from 10 A (avg 3.00) and 5 B (avg 4.00) come in at
// 10.00 each; one kit (avg 10.00) taken apart gives A and B valued 6.00 and 4.00 (2×3 : 1×4); too few components are
// refused naming the short lines; cancelling restores the stock; the draft's version, the permissions, the pre-fill
// from the BOM (one level, no scrap), the rounding rest, and the serials. The ledger's invariants hold throughout.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkSerialInvariant, serialEvents, serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import { splitValue } from './assembly.posting.ts';
import {
  api,
  bom,
  component,
  cost,
  createAndPost,
  doc,
  kit,
  ledgerOk,
  onHand,
  receive,
  skuOf,
  t,
  useAssemblyApp,
} from './assembly.fixture.ts';

useAssemblyApp();

describe('assembly — the Done-means of production.md §8', () => {
  let a: number;
  let b: number;
  let k: number;
  let assembled: { id: number };
  let disassembled: { id: number };

  it('pre-fills the lines from the default BOM × qty, one level and without scrap', async () => {
    a = await component();
    b = await component();
    k = await kit();
    await receive(a, '10', '3.00');
    await receive(b, '5', '4.00');
    await bom(k, [
      { componentItemId: a, qty: '2', scrapPercent: '5' },
      { componentItemId: b, qty: '1' },
    ]);
    const res = await api('GET', `/api/assembly/prefill?itemId=${k}&qty=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      itemId: k,
      lines: [
        { itemId: a, sku: skuOf.get(a), qty: '10.0000' },
        { itemId: b, sku: skuOf.get(b), qty: '5.0000' },
      ],
    });
    const none = await api('GET', `/api/assembly/prefill?itemId=${a}&qty=1`);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('Для цієї позиції немає діючої специфікації');
  });

  it('assembles 5 kits from 10 A (avg 3.00) and 5 B (avg 4.00) at 10.00 each', async () => {
    const lines = (await api('GET', `/api/assembly/prefill?itemId=${k}&qty=5`)).json().lines;
    const { draft, posted } = await createAndPost(
      doc(
        'assembly',
        k,
        '5',
        lines.map((l: { itemId: number; qty: string }) => ({ itemId: l.itemId, qty: l.qty })),
      ),
    );
    expect(draft).toMatchObject({ number: expect.stringMatching(/^ASM-2026-\d{5}$/), status: 'draft', value: null });
    expect(draft.lines[0]).toMatchObject({ itemId: a, qty: '10.0000', available: '10.0000' });
    expect(posted.statusCode, posted.body).toBe(200);
    assembled = posted.json();
    expect(posted.json()).toMatchObject({ status: 'posted', value: '50.00', unitCost: '10.000000' });
    expect(posted.json().lines).toMatchObject([
      { itemId: a, value: '30.00', unitCost: '3.000000' },
      { itemId: b, value: '20.00', unitCost: '4.000000' },
    ]);
    expect(await cost(k)).toMatchObject({ qty: '5.0000', value: '50.00', avgCost: '10.000000' });
    expect(await cost(a)).toMatchObject({ qty: '0.0000', value: '0.00' });
    expect(await onHand(k)).toBe('5.0000');
    await ledgerOk();
    const twice = await api('POST', `/api/assembly/${draft.id}/post`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Документ уже проведено');
  });

  it('disassembles 1 kit (avg 10.00) into A and B valued 6.00 and 4.00 (2×3 : 1×4)', async () => {
    const { draft, posted } = await createAndPost(
      doc('disassembly', k, '1', [
        { itemId: a, qty: '2' },
        { itemId: b, qty: '1' },
      ]),
    );
    expect(draft.number).toMatch(/^DSM-2026-\d{5}$/);
    expect(draft.available).toBe('5.0000');
    expect(posted.statusCode, posted.body).toBe(200);
    disassembled = posted.json();
    expect(posted.json()).toMatchObject({ value: '10.00', unitCost: '10.000000' });
    expect(posted.json().lines).toMatchObject([
      { itemId: a, value: '6.00', unitCost: '3.000000' },
      { itemId: b, value: '4.00', unitCost: '4.000000' },
    ]);
    expect(await cost(k)).toMatchObject({ qty: '4.0000', value: '40.00' });
    expect(await cost(a)).toMatchObject({ qty: '2.0000', value: '6.00', avgCost: '3.000000' });
    expect(await cost(b)).toMatchObject({ qty: '1.0000', value: '4.00', avgCost: '4.000000' });
    await ledgerOk();
  });

  it('refuses an assembly with too few components, naming every short line, and changes nothing', async () => {
    const { draft, posted } = await createAndPost(
      doc('assembly', k, '5', [
        { itemId: a, qty: '10' },
        { itemId: b, qty: '5' },
      ]),
    );
    expect(posted.statusCode).toBe(409);
    expect(posted.json().error).toBe(
      `Недостатньо запасу: ${skuOf.get(a)} (Склад збірки): потрібно 10, доступно 2; ` +
        `${skuOf.get(b)} (Склад збірки): потрібно 5, доступно 1`,
    );
    expect((await api('GET', `/api/assembly/${draft.id}`)).json()).toMatchObject({ status: 'draft', version: 1 });
    expect(await onHand(a)).toBe('2.0000');
    expect(await onHand(k)).toBe('4.0000');
    await ledgerOk();
  });

  it('cancelling restores the stock: the disassembly, then the assembly', async () => {
    const noReason = await api('POST', `/api/assembly/${disassembled.id}/cancel`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const undone = await api('POST', `/api/assembly/${disassembled.id}/cancel`, { reason: 'Помилка' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Помилка', value: '10.00' });
    expect(await onHand(k)).toBe('5.0000');
    expect(await onHand(a)).toBe('0.0000');
    const back = await api('POST', `/api/assembly/${assembled.id}/cancel`, { reason: 'Зібрали не те' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await onHand(k)).toBe('0.0000');
    expect(await cost(a)).toMatchObject({ qty: '10.0000', value: '30.00' });
    expect(await cost(b)).toMatchObject({ qty: '5.0000', value: '20.00' });
    expect(await cost(k)).toMatchObject({ qty: '0.0000', value: '0.00' });
    const again = await api('POST', `/api/assembly/${assembled.id}/cancel`, { reason: 'Ще раз' });
    expect(again.statusCode).toBe(409);
    await ledgerOk();
  });

  it('lists with the type, status and search filters', async () => {
    const all = await api('GET', '/api/assembly?limit=50');
    expect(all.statusCode, all.body).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBe(3);
    const dsm = (await api('GET', '/api/assembly?type=disassembly')).json();
    expect(dsm.map((r: { id: number }) => r.id)).toEqual([disassembled.id]);
    const drafts = (await api('GET', '/api/assembly?status=draft&type=assembly')).json();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ type: 'assembly', status: 'draft', lineCount: 2, qty: '5.0000' });
    const found = (await api('GET', `/api/assembly?search=${skuOf.get(b)}&sort=number`)).json();
    expect(found).toHaveLength(3);
    const none = (await api('GET', '/api/assembly?dateFrom=2026-12-01')).json();
    expect(none).toEqual([]);
  });
});

describe('assembly — drafts, versions and permissions', () => {
  it('edits a draft with its version; a stale version is a 409', async () => {
    const a = await component();
    const k = await kit();
    const draft = (await api('POST', '/api/assembly', doc('assembly', k, '1', [{ itemId: a, qty: '1' }]))).json();
    const changed = await api('PATCH', `/api/assembly/${draft.id}`, {
      version: 1,
      qty: '2',
      lines: [{ itemId: a, qty: '2' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, qty: '2.0000', lines: [{ qty: '2.0000' }] });
    const stale = await api('PATCH', `/api/assembly/${draft.id}`, { version: 1, notes: 'Ще' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    expect((await api('POST', `/api/assembly/${draft.id}/post`, { version: 1 })).statusCode).toBe(409);
    const kitLine = await api('PATCH', `/api/assembly/${draft.id}`, { version: 2, lines: [{ itemId: k, qty: '1' }] });
    expect(kitLine.statusCode).toBe(400);
    expect(kitLine.json().fields['lines.0.itemId']).toBe(
      'Комплект не може бути власним компонентом — приберіть його з рядків',
    );
    expect((await api('DELETE', `/api/assembly/${draft.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/assembly/${draft.id}`)).statusCode).toBe(404);
  });

  it('refuses a user without /assembly with 403', async () => {
    const outsider = await createUser(t.db, { password: 'out-pass' });
    const as = (await signIn(t.app, outsider.username, 'out-pass')).cookie;
    for (const [method, url] of [
      ['GET', '/api/assembly'],
      ['GET', '/api/assembly/prefill?itemId=1&qty=1'],
      ['POST', '/api/assembly'],
      ['POST', '/api/assembly/1/post'],
    ] as const) {
      const res = await api(method, url, method === 'POST' ? {} : undefined, as);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('Недостатньо прав');
    }
  });
});

describe('assembly — the rounding rest and the serials', () => {
  it('splits V by weight with the rest on the largest share, so Σ = V', () => {
    const even = splitValue(dec('10.00'), [
      { qty: '1', avgCost: '5' },
      { qty: '1', avgCost: '5' },
      { qty: '1', avgCost: '5' },
    ]).map((v) => fixed(v, 2));
    expect(even).toEqual(['3.34', '3.33', '3.33']);
    // Every average 0: by quantity.
    expect(
      splitValue(dec('9.00'), [
        { qty: '2', avgCost: '0' },
        { qty: '1', avgCost: null },
      ]).map((v) => fixed(v, 2)),
    ).toEqual(['6.00', '3.00']);
    // The rest goes to the largest share, not the first one.
    expect(
      splitValue(dec('1.00'), [
        { qty: '1', avgCost: '1' },
        { qty: '1', avgCost: '1' },
        { qty: '1', avgCost: '2' },
      ]).map((v) => fixed(v, 2)),
    ).toEqual(['0.25', '0.25', '0.50']);
  });

  it('posts a 10.00 kit into three equal components at 3.34 / 3.33 / 3.33 and keeps the ledger whole', async () => {
    const parts = [await component(), await component(), await component()];
    for (const p of parts) await receive(p, '1', '5.00');
    const base = await component();
    await receive(base, '1', '10.00');
    const k = await kit();
    const asm = await createAndPost(doc('assembly', k, '1', [{ itemId: base, qty: '1' }]));
    expect(asm.posted.json()).toMatchObject({ value: '10.00', unitCost: '10.000000' });
    const dsm = await createAndPost(
      doc(
        'disassembly',
        k,
        '1',
        parts.map((itemId) => ({ itemId, qty: '1' })),
      ),
    );
    expect(dsm.posted.statusCode, dsm.posted.body).toBe(200);
    expect(dsm.posted.json().lines.map((l: { value: string }) => l.value)).toEqual(['3.34', '3.33', '3.33']);
    expect(await cost(k)).toMatchObject({ qty: '0.0000', value: '0.00' });
    expect(await cost(parts[0]!)).toMatchObject({ qty: '2.0000', value: '8.34' });
    await ledgerOk();
  });

  it('registers assembled kit serials as available and makes a disassembled one defective ("Розібрано")', async () => {
    const part = await component();
    await receive(part, '2', '7.00');
    const k = await kit(true);
    const asm = await createAndPost(doc('assembly', k, '2', [{ itemId: part, qty: '2' }]), [
      { itemId: k, serials: ['KIT-0001', 'KIT-0002'] },
    ]);
    expect(asm.posted.statusCode, asm.posted.body).toBe(200);
    expect(asm.posted.json()).toMatchObject({ serialTracking: true, serials: ['KIT-0001', 'KIT-0002'] });
    const shelf = await t.db.select().from(serialNumbers).where(eq(serialNumbers.itemId, k));
    expect(shelf.map((s) => s.status)).toEqual(['available', 'available']);

    const missing = await createAndPost(doc('disassembly', k, '1', [{ itemId: part, qty: '1' }]));
    expect(missing.posted.statusCode).toBe(400);
    const dsm = await api('POST', `/api/assembly/${missing.draft.id}/post`, {
      serials: [{ itemId: k, serials: ['KIT-0002'] }],
    });
    expect(dsm.statusCode, dsm.body).toBe(200);
    const [taken] = await t.db
      .select()
      .from(serialNumbers)
      .where(and(eq(serialNumbers.itemId, k), eq(serialNumbers.serial, 'KIT-0002')));
    expect(taken).toMatchObject({ status: 'defective', warehouseId: null });
    const [event] = await t.db
      .select()
      .from(serialEvents)
      .where(and(eq(serialEvents.serialId, taken!.id), eq(serialEvents.documentType, 'disassembly')));
    expect(event).toMatchObject({ note: 'Розібрано', documentNumber: dsm.json().number });

    // Cancelling puts the kit serial back on the shelf.
    const undone = await api('POST', `/api/assembly/${missing.draft.id}/cancel`, { reason: 'Не розбирали' });
    expect(undone.statusCode, undone.body).toBe(200);
    const [back] = await t.db.select().from(serialNumbers).where(eq(serialNumbers.id, taken!.id));
    expect(back).toMatchObject({ status: 'available' });
    await ledgerOk();
  });

  it('takes tracked components off the shelf, generates the kit serials, and cancelling undoes both', async () => {
    const part = await kit(true);
    await receive(part, '2', '11.00');
    const shelf = await t.db.select().from(serialNumbers).where(eq(serialNumbers.itemId, part));
    expect(shelf.map((s) => s.status)).toEqual(['available', 'available']);
    const k = await kit(true);
    const draft = (await api('POST', '/api/assembly', doc('assembly', k, '1', [{ itemId: part, qty: '2' }]))).json();
    const short = await api('POST', `/api/assembly/${draft.id}/post`, {
      serials: [{ itemId: part, serials: [shelf[0]!.serial] }],
    });
    expect(short.statusCode).toBe(400);
    const posted = await api('POST', `/api/assembly/${draft.id}/post`, {
      serials: [{ itemId: part, serials: shelf.map((s) => s.serial) }],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].serials).toEqual(shelf.map((s) => s.serial).sort());
    expect(posted.json().serials).toHaveLength(1);
    const used = await t.db.select().from(serialNumbers).where(eq(serialNumbers.itemId, part));
    expect(used.map((s) => s.status)).toEqual(['defective', 'defective']);
    const [note] = await t.db
      .select({ note: serialEvents.note })
      .from(serialEvents)
      .where(and(eq(serialEvents.serialId, used[0]!.id), eq(serialEvents.documentType, 'assembly')));
    expect(note!.note).toBe(`Використано у збірці ${posted.json().number}`);
    const [made] = await t.db.select().from(serialNumbers).where(eq(serialNumbers.itemId, k));
    expect(made).toMatchObject({ status: 'available', serial: posted.json().serials[0] });
    expect(await checkSerialInvariant(t.db)).toEqual([]);

    const undone = await api('POST', `/api/assembly/${draft.id}/cancel`, { reason: 'Переплутали' });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = await t.db.select().from(serialNumbers).where(eq(serialNumbers.itemId, part));
    expect(back.map((s) => s.status)).toEqual(['available', 'available']);
    const [voided] = await t.db.select().from(serialNumbers).where(eq(serialNumbers.itemId, k));
    expect(voided!.status).toBe('void');
    expect(await checkSerialInvariant(t.db)).toEqual([]);
    await ledgerOk();
  });
});
