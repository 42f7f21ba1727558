// Tech cards (production.md §2 "Done means"): three operations of setup 10 and run 2 min/unit make 30 minutes each
// and 90 in total for 10 units, labour at the positions' rates; a modification replacing operation 20 and adding 35
// shows 4 effective operations and follows every edit of its base at once; an operation without a department is
// refused. Plus the card's life (version, default, archive, delete, copy, print), permissions and the audit log.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let smt: number;
let assembly: number;
let testing: number;
let operator: number;
let fitter: number;
let tuner: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'tc-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'tc-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const dept = async (name: string, overheadRatePerHour: string) =>
    (await api('POST', '/api/departments', { name, isProduction: true, overheadRatePerHour })).json().id as number;
  smt = await dept('Дільниця SMT', '60');
  assembly = await dept('Складальна дільниця', '60');
  testing = await dept('ВТК', '60');
  const position = async (name: string, hourlyRate: string) =>
    (await api('POST', '/api/positions', { name, hourlyRate })).json().id as number;
  operator = await position('Оператор SMT', '120');
  fitter = await position('Монтажник', '150');
  tuner = await position('Регулювальник', '90');
});
afterAll(() => t.close());

let n = 0;
const product = async (kind = 'product') =>
  (await api('POST', '/api/products', { kind, sku: `TC-P-${++n}`, name: `Прилад ${n}`, unitId })).json().id as number;

const op = (seq: number, name: string, departmentId: number | null, positionId: number | null, extra = {}) => ({
  seq,
  name,
  departmentId,
  positionId,
  setupMinutes: '10',
  runMinutesPerUnit: '2',
  ...extra,
});

/** A base card with operations 10, 20, 30 (setup 10, run 2 min/unit) at three departments and positions. */
async function baseCard(itemId: number, status: 'draft' | 'active' = 'active') {
  const res = await api('POST', '/api/tech-cards', {
    itemId,
    name: `Техпроцес ${++n}`,
    status,
    operations: [
      op(10, 'Монтаж SMD', smt, operator, { equipment: 'Піч оплавлення' }),
      op(20, 'Складання', assembly, fitter),
      op(30, 'Перевірка', testing, tuner, { qualityCheck: true }),
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('tech cards — calculations', () => {
  it('shows 30 minutes per operation and 90 in total for 10 units, labour from the positions and overhead from the departments', async () => {
    const card = await baseCard(await product());
    expect(card).toMatchObject({ status: 'active', operationCount: 3, totalMinutes: '36.00', baseTechCardId: null });
    expect(card.operations.map((o: { seq: number }) => o.seq)).toEqual([10, 20, 30]);
    expect(card.effectiveOperations[0]).toMatchObject({
      seq: 10,
      departmentName: 'Дільниця SMT',
      positionName: 'Оператор SMT',
      setupMinutes: '10.00',
      runMinutesPerUnit: '2.0000',
      equipment: 'Піч оплавлення',
    });
    const res = await api('GET', `/api/tech-cards/${card.id}/summary?qty=10`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.operations.map((o: { minutes: string }) => o.minutes)).toEqual(['30.00', '30.00', '30.00']);
    // 0.5 h × 120, 150 and 90 UAH/h; 0.5 h × 60 UAH/h of overhead three times.
    expect(summary.operations.map((o: { labour: string }) => o.labour)).toEqual(['60.00', '75.00', '45.00']);
    expect(summary).toMatchObject({
      qty: '10',
      minutes: '90.00',
      labour: '180.00',
      overhead: '90.00',
      total: '270.00',
      leadTimeDays: 1,
      hoursPerDay: 8,
    });
    // The recipe's labour rate overrides the positions' rates: 1.5 h × 200.
    const override = (await api('GET', `/api/tech-cards/${card.id}/summary?qty=10&labourRatePerHour=200`)).json();
    expect(override).toMatchObject({ labour: '300.00', overhead: '90.00', labourRatePerHour: '200' });
    // 3 × (10 + 2 × 235) = 1440 minutes = 3 days of 8 hours.
    expect((await api('GET', `/api/tech-cards/${card.id}/summary?qty=235`)).json().leadTimeDays).toBe(3);
    expect((await api('GET', `/api/tech-cards/${card.id}/summary?qty=0`)).statusCode).toBe(400);
  });
});

describe('tech cards — modifications', () => {
  it('replacing operation 20 and adding 35 gives 4 effective operations; an edit of base operation 10 shows at once', async () => {
    const family = await product();
    const variant = await product();
    const base = await baseCard(family);
    const [op10, op20] = base.operations as Array<{ id: number; seq: number }>;
    const created = await api('POST', `/api/tech-cards/${base.id}/create-modification`, {
      itemId: variant,
      note: 'Корпус IP65 і прошивка',
    });
    expect(created.statusCode, created.body).toBe(201);
    const mod = created.json();
    expect(mod).toMatchObject({
      itemId: variant,
      baseTechCardId: base.id,
      baseName: base.name,
      modificationNote: 'Корпус IP65 і прошивка',
      status: 'draft',
      operations: [],
      operationCount: 3,
    });
    expect(mod.baseOperations).toHaveLength(3);

    const patched = await api('PATCH', `/api/tech-cards/${mod.id}`, {
      version: mod.version,
      status: 'active',
      operations: [
        op(20, 'Складання в корпус IP65', assembly, fitter, { baseOperationId: op20!.id, runMinutesPerUnit: '5' }),
        op(35, 'Прошивка', testing, tuner, { setupMinutes: '2', runMinutesPerUnit: '1' }),
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const view = patched.json();
    expect(view.operations.map((o: { action: string }) => o.action)).toEqual(['replace', 'add']);
    expect(
      view.effectiveOperations.map((o: { seq: number; name: string; inherited: boolean }) => [
        o.seq,
        o.name,
        o.inherited,
      ]),
    ).toEqual([
      [10, 'Монтаж SMD', true],
      [20, 'Складання в корпус IP65', false],
      [30, 'Перевірка', true],
      [35, 'Прошивка', false],
    ]);
    expect(view.operationCount).toBe(4);
    // 12 + 15 + 12 + 3 minutes for one unit.
    expect(view.totalMinutes).toBe('42.00');

    // The base's operation 10 changes: the modification sees it at once.
    const baseNow = (await api('GET', `/api/tech-cards/${base.id}`)).json();
    const edited = await api('PATCH', `/api/tech-cards/${base.id}`, {
      version: baseNow.version,
      operations: baseNow.operations.map((o: Record<string, unknown>) =>
        o.id === op10!.id ? { ...pick(o), name: 'Монтаж SMD (оновлено)', setupMinutes: '15' } : pick(o),
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().operations[0].id).toBe(op10!.id);
    const again = (await api('GET', `/api/tech-cards/${mod.id}`)).json();
    expect(again.effectiveOperations[0]).toMatchObject({
      seq: 10,
      name: 'Монтаж SMD (оновлено)',
      setupMinutes: '15.00',
      inherited: true,
    });
    expect(again.effectiveOperations).toHaveLength(4);
    const list = (await api('GET', `/api/tech-cards?itemId=${variant}`)).json();
    expect(list).toEqual([expect.objectContaining({ id: mod.id, operationCount: 4, totalMinutes: '47.00' })]);

    // Removing base operation 30 in the modification leaves 3; the base still has its 3.
    const removed = await api('PATCH', `/api/tech-cards/${mod.id}`, {
      version: again.version,
      operations: [
        ...again.operations.map(pick),
        { seq: 30, baseOperationId: base.operations[2].id, action: 'remove' },
      ],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().effectiveOperations.map((o: { seq: number }) => o.seq)).toEqual([10, 20, 35]);
    expect((await api('GET', `/api/tech-cards/${base.id}`)).json().operationCount).toBe(3);

    // A base operation a modification changes cannot be dropped from the base.
    const baseLatest = (await api('GET', `/api/tech-cards/${base.id}`)).json();
    const drop = await api('PATCH', `/api/tech-cards/${base.id}`, {
      version: baseLatest.version,
      operations: baseLatest.operations.filter((o: { seq: number }) => o.seq !== 20).map(pick),
    });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().error).toContain('Операцію 20 змінено в модифікаціях');
  });

  it("refuses a modification of a modification, an own number clashing with the base's, and a foreign base operation", async () => {
    const item = await product();
    const base = await baseCard(item);
    const mod = (await api('POST', `/api/tech-cards/${base.id}/create-modification`, { itemId: item })).json();
    expect(mod.name).toBe(`${base.name} — модифікація`);
    const nested = await api('POST', `/api/tech-cards/${mod.id}/create-modification`, { itemId: item });
    expect(nested.statusCode).toBe(409);
    expect(nested.json().error).toBe('Базою модифікації може бути лише базова карта (не інша модифікація)');
    const viaPost = await api('POST', '/api/tech-cards', { itemId: item, name: 'X', baseTechCardId: mod.id });
    expect(viaPost.statusCode).toBe(409);

    const clash = await api('PATCH', `/api/tech-cards/${mod.id}`, {
      version: mod.version,
      operations: [op(20, 'Ще одна', assembly, null)],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fields['operations.0.seq']).toBe('Номер 20 уже має операція базової карти');

    const other = await baseCard(await product());
    const foreign = await api('PATCH', `/api/tech-cards/${mod.id}`, {
      version: mod.version,
      operations: [op(10, 'Чужа', smt, null, { baseOperationId: other.operations[0].id })],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['operations.0.baseOperationId']).toBe('Операцію базової карти не знайдено');

    const onBase = await api('PATCH', `/api/tech-cards/${base.id}`, {
      version: base.version,
      operations: [op(10, 'Так не можна', smt, null, { action: 'remove', baseOperationId: base.operations[0].id })],
    });
    expect(onBase.statusCode).toBe(400);
    expect(onBase.json().fields['operations.0.action']).toBe('Заміна і вилучення операцій можливі лише в модифікації');
  });
});

/** An operation row as it goes back to the server (its id kept). */
function pick(o: Record<string, unknown>) {
  const { id, seq, name, departmentId, positionId, setupMinutes, runMinutesPerUnit, baseOperationId, action } = o;
  return { id, seq, name, departmentId, positionId, setupMinutes, runMinutesPerUnit, baseOperationId, action };
}

describe('tech cards — validation and life', () => {
  it('refuses an operation without a department, on the field', async () => {
    const item = await product();
    const res = await api('POST', '/api/tech-cards', {
      itemId: item,
      name: 'Без дільниці',
      operations: [op(10, 'Пайка', smt, null), op(20, 'Складання', null, fitter)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'operations.1.departmentId': 'Вкажіть дільницю' });
    const card = await baseCard(item, 'draft');
    const patch = await api('PATCH', `/api/tech-cards/${card.id}`, {
      version: card.version,
      operations: [{ ...pick(card.operations[0]), departmentId: null }],
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields['operations.0.departmentId']).toBe('Вкажіть дільницю');
    const unknown = await api('PATCH', `/api/tech-cards/${card.id}`, {
      version: card.version,
      operations: [{ ...pick(card.operations[0]), departmentId: 999999 }],
    });
    expect(unknown.json().fields['operations.0.departmentId']).toBe('Оберіть дільницю зі списку');
    const duplicate = await api('POST', '/api/tech-cards', {
      itemId: item,
      name: 'Повтор',
      operations: [op(10, 'А', smt, null), op(10, 'Б', smt, null)],
    });
    expect(duplicate.json().fields['operations.1.seq']).toBe('Номер 10 уже є в цій карті');
    const material = (await api('POST', '/api/components', { sku: `TC-M-${++n}`, name: 'Припій', unitId })).json().id;
    const wrongItem = await api('POST', '/api/tech-cards', { itemId: material, name: 'Для матеріалу' });
    expect(wrongItem.json().fields.itemId).toBe('Технологічна карта складається лише для товару або напівфабрикату');
    const empty = await api('POST', '/api/tech-cards', { itemId: item, name: 'Порожня', status: 'active' });
    expect(empty.json().fields.operations).toBe('Додайте хоча б одну операцію');
  });

  it('keeps operation ids when reordering, checks the version, and has one default card per item', async () => {
    const item = await product('semi_finished');
    const card = await baseCard(item);
    const [a, b, c] = card.operations as Array<Record<string, unknown>>;
    const reordered = await api('PATCH', `/api/tech-cards/${card.id}`, {
      version: card.version,
      operations: [
        { ...pick(b!), seq: 10 },
        { ...pick(a!), seq: 20 },
        { ...pick(c!), seq: 30 },
      ],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().operations.map((o: { id: number; seq: number }) => [o.id, o.seq])).toEqual([
      [b!.id, 10],
      [a!.id, 20],
      [c!.id, 30],
    ]);
    const stale = await api('PATCH', `/api/tech-cards/${card.id}`, { version: card.version, name: 'Стара версія' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Технологічну карту змінено іншим користувачем — оновіть сторінку');

    const draft = await baseCard(item, 'draft');
    expect((await api('POST', `/api/tech-cards/${draft.id}/make-default`)).statusCode).toBe(409);
    const first = await api('POST', `/api/tech-cards/${card.id}/make-default`);
    expect(first.json().isDefault).toBe(true);
    const second = await baseCard(item);
    expect((await api('POST', `/api/tech-cards/${second.id}/make-default`)).json().isDefault).toBe(true);
    const defaults = (await api('GET', `/api/tech-cards?itemId=${item}`))
      .json()
      .filter((r: { isDefault: boolean }) => r.isDefault);
    expect(defaults.map((r: { id: number }) => r.id)).toEqual([second.id]);
  });

  it('deletes only an unused card; archiving one an active recipe uses is refused with the recipe named', async () => {
    const item = await product();
    const unused = await baseCard(item, 'draft');
    expect((await api('DELETE', `/api/tech-cards/${unused.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/tech-cards/${unused.id}`)).statusCode).toBe(404);

    const base = await baseCard(item);
    await api('POST', `/api/tech-cards/${base.id}/create-modification`, { itemId: item, name: 'Мала серія' });
    const asBase = await api('DELETE', `/api/tech-cards/${base.id}`);
    expect(asBase.statusCode).toBe(409);
    expect(asBase.json().error).toBe(
      'Карту вже використано (модифікації: «Мала серія») — видалити її не можна, перенесіть в архів',
    );

    const card = await baseCard(item);
    const [bom] = await t.db.insert(boms).values({ itemId: item, name: 'Основна', status: 'active' }).returning();
    await t.db
      .insert(recipes)
      .values({ itemId: item, name: 'Серійна', bomId: bom!.id, techCardId: card.id, batchSize: '10' });
    const used = await api('DELETE', `/api/tech-cards/${card.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toContain('рецепти: «Серійна»');
    const archive = await api('PATCH', `/api/tech-cards/${card.id}`, { version: card.version, status: 'archived' });
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error).toBe(
      'Карту використовують діючі рецепти: «Серійна». Спершу змініть або перенесіть в архів ці рецепти',
    );
    await t.db.update(recipes).set({ status: 'archived' }).where(eq(recipes.techCardId, card.id));
    const archived = await api('PATCH', `/api/tech-cards/${card.id}`, { version: card.version, status: 'archived' });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ status: 'archived', isDefault: false, recipes: [{ name: 'Серійна' }] });
  });

  it('copies a card as a draft with its operations, and prints it as a PDF', async () => {
    const item = await product();
    const card = await baseCard(item);
    const copy = await api('POST', `/api/tech-cards/${card.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: `${card.name} (копія)`, status: 'draft', isDefault: false });
    expect(copy.json().operations.map((o: { name: string }) => o.name)).toEqual([
      'Монтаж SMD',
      'Складання',
      'Перевірка',
    ]);
    expect(copy.json().operations[0].id).not.toBe(card.operations[0].id);

    const pdf = await api('GET', `/api/tech-cards/${card.id}/print?qty=5`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain(
      encodeURIComponent(`Технологічна карта ${card.name}.pdf`),
    );
  });

  it('lists with filters (status, department, kind, search) and the total', async () => {
    const item = await product();
    const base = await baseCard(item);
    const mod = (await api('POST', `/api/tech-cards/${base.id}/create-modification`, { itemId: item })).json();
    // The modification moves operation 10 off the SMT line.
    await api('PATCH', `/api/tech-cards/${mod.id}`, {
      version: mod.version,
      operations: [op(10, 'Ручна пайка', assembly, fitter, { baseOperationId: base.operations[0].id })],
    });
    const bySmt = (await api('GET', `/api/tech-cards?itemId=${item}&departmentId=${smt}`)).json();
    expect(bySmt.map((r: { id: number }) => r.id)).toEqual([base.id]);
    const byAssembly = (await api('GET', `/api/tech-cards?itemId=${item}&departmentId=${assembly}`)).json();
    expect(byAssembly.map((r: { id: number }) => r.id).sort()).toEqual([base.id, mod.id].sort());
    const mods = await api('GET', `/api/tech-cards?itemId=${item}&kind=modification`);
    expect(mods.json()).toEqual([expect.objectContaining({ id: mod.id, baseName: base.name })]);
    const drafts = (await api('GET', `/api/tech-cards?itemId=${item}&status=draft`)).json();
    expect(drafts.map((r: { id: number }) => r.id)).toEqual([mod.id]);
    const found = await api('GET', `/api/tech-cards?search=${encodeURIComponent(base.name)}&limit=1`);
    expect(found.statusCode).toBe(200);
    expect(Number(found.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(found.json()[0]).toMatchObject({ name: base.name, itemSku: expect.stringMatching(/^TC-P-/) });
  });
});

describe('tech cards — permissions and audit', () => {
  it('lets a viewer read but not change (403), refuses a user without the right, and audits every change', async () => {
    const role = (await api('POST', '/api/roles', { name: 'Технолог (перегляд)' })).json();
    await api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/tech-cards', canView: true, canAccess: false }],
    });
    const viewer = await createUser(t.db, { password: 'view-pass' });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'view-pass')).cookie;
    const nobody = await createUser(t.db, { password: 'none-pass' });
    const nobodyCookie = (await signIn(t.app, nobody.username, 'none-pass')).cookie;

    const item = await product();
    const card = await baseCard(item);
    expect((await api('GET', '/api/tech-cards', undefined, viewerCookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/tech-cards/${card.id}/summary?qty=2`, undefined, viewerCookie)).statusCode).toBe(
      200,
    );
    const write = await api('POST', '/api/tech-cards', { itemId: item, name: 'Ні' }, viewerCookie);
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('Недостатньо прав');
    expect(
      (await api('PATCH', `/api/tech-cards/${card.id}`, { version: 1, name: 'Ні' }, viewerCookie)).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/api/tech-cards/${card.id}`, undefined, viewerCookie)).statusCode).toBe(403);
    expect((await api('POST', `/api/tech-cards/${card.id}/make-default`, undefined, viewerCookie)).statusCode).toBe(
      403,
    );
    expect((await api('GET', '/api/tech-cards', undefined, nobodyCookie)).statusCode).toBe(403);

    const renamed = await api('PATCH', `/api/tech-cards/${card.id}`, { version: card.version, name: 'Перейменована' });
    expect(renamed.statusCode).toBe(200);
    const copy = (await api('POST', `/api/tech-cards/${card.id}/copy`)).json();
    await api('DELETE', `/api/tech-cards/${copy.id}`);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'tech_cards'), eq(auditLog.entityId, String(card.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]!.before).toMatchObject({ name: card.name });
    expect(entries[1]!.after).toMatchObject({ name: 'Перейменована' });
    const copyEntries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'tech_cards'), eq(auditLog.entityId, String(copy.id))))
      .orderBy(asc(auditLog.id));
    expect(copyEntries.map((e) => e.action)).toEqual(['create', 'delete']);
  });
});
