// Labels of an MO's output (warehouse.md §10 "Done means": labels for a posted MO output of serial items carry one
// serial each): one label per serial the posted outputs produced, one per good unit for an item without serials,
// 409 before anything is output, 403 for a user who sees neither the label pages nor /manufacturing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { base, manufacturingSuite } from '@/modules/manufacturing/server/manufacturing.routes.kit.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';

const kit = manufacturingSuite();
const { ok, create, act, output, standardProduct } = kit;
const render = '/api/labels/render';

async function itemOf(id: number) {
  const [row] = await kit
    .fixture()
    .t.db.select({ name: items.name, sku: items.sku })
    .from(items)
    .where(eq(items.id, id));
  return row!;
}

/** A signed-in user whose one role has these rights (none: no role at all). */
async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const f = kit.fixture();
  const user = await createUser(f.t.db, { password: 'mo-label-pass' });
  if (permissions.length) {
    const role = ok(await f.api('POST', '/api/roles', { name: `Етикетки MO ${user.username}` }), 201);
    ok(await f.api('PUT', `/api/roles/${role.id}/permissions`, { permissions }));
    await replaceUserRoles(f.t.db, user.id, [role.id]);
  }
  return (await signIn(f.t.app, user.username, 'mo-label-pass')).cookie;
}

describe('POST /api/labels/render for a manufacturing order', () => {
  it('prints one label per serial the posted outputs produced, with the item name and SKU', async () => {
    const f = kit.fixture();
    const { product } = await standardProduct({ serialTracking: true });
    const mo = await create({ itemId: product, qty: '4' });
    const released = ok(await act(mo.id, 'release'));
    const allocated: string[] = released.serials.map((s: { value: string }) => s.value);
    expect(allocated).toHaveLength(4);
    await output(mo.id, '2');
    await output(mo.id, '1', { serials: [allocated[3]] });
    const produced = [allocated[0]!, allocated[1]!, allocated[3]!];

    const res = await f.api('POST', render, {
      template: '58x40',
      documentType: 'manufacturing_order',
      documentId: mo.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = pdfText(res.rawPayload).split('\n');
    expect(pages).toHaveLength(3);
    const { name, sku } = await itemOf(product);
    pages.forEach((page, i) => {
      expect(page).toContain(produced[i]);
      expect(page).toContain(sku);
      expect(page).toContain(name.slice(0, 12));
    });
    // The serial still allocated (not output) gets no label.
    expect(pdfText(res.rawPayload)).not.toContain(allocated[2]);
  });

  it('prints one label per good unit of an item without serials and refuses a fractional output', async () => {
    const f = kit.fixture();
    const { product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '5' });
    ok(await act(mo.id, 'release'));
    await output(mo.id, '2');
    const body = { template: '40x25', documentType: 'manufacturing_order', documentId: mo.id };
    const res = await f.api('POST', render, body);
    expect(res.statusCode, res.body).toBe(200);
    const pages = pdfText(res.rawPayload).split('\n');
    expect(pages).toHaveLength(2);
    const { sku } = await itemOf(product);
    expect(pages.every((p) => p.includes(sku))).toBe(true);

    await output(mo.id, '0.5');
    const fractional = await f.api('POST', render, body);
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().error).toContain(sku);
    expect(fractional.json().error).toContain('не ціла');
  });

  it('answers 409 in Ukrainian for an MO with nothing output and 404 for an unknown one', async () => {
    const f = kit.fixture();
    const { product } = await standardProduct({ serialTracking: true });
    const mo = await create({ itemId: product, qty: '3' });
    ok(await act(mo.id, 'release'));
    const res = await f.api('POST', render, {
      template: '58x40',
      documentType: 'manufacturing_order',
      documentId: mo.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      `За замовленням ${mo.number} ще нічого не випущено — етикетки друкуються за проведеним випуском продукції`,
    );
    const unknown = await f.api('POST', render, {
      template: '58x40',
      documentType: 'manufacturing_order',
      documentId: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Виробниче замовлення не знайдено');
  });

  it('refuses a user without the view right and serves a /manufacturing viewer', async () => {
    const f = kit.fixture();
    const { product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '1' });
    ok(await act(mo.id, 'release'));
    await output(mo.id, '1');
    const body = { template: '58x40', documentType: 'manufacturing_order', documentId: mo.id };
    const nobody = await userWith([{ route: '/orders', canView: true, canAccess: true }]);
    const refused = await f.api('POST', render, body, nobody);
    expect(refused.statusCode).toBe(403);
    const viewer = await userWith([{ route: '/manufacturing', canView: true, canAccess: false }]);
    const served = await f.api('POST', render, body, viewer);
    expect(served.statusCode, served.body).toBe(200);
    expect(pdfText(served.rawPayload).split('\n')).toHaveLength(1);
    // The MO itself is still there for the viewer (the drawer that offers the button).
    expect((await f.api('GET', `${base}/${mo.id}`, undefined, viewer)).statusCode).toBe(200);
  });
});
