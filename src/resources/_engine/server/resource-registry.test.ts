// One suite over the whole registry (issue 5): every declared resource is created, listed, searched, updated,
// refused with an invalid payload and with a duplicate, exported, imported all-or-nothing, and deleted — so a
// new declaration is covered the moment it is registered.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { ResourceEngine } from './resource.service.ts';
import { categoriesResource } from '../../categories/categories.resource.ts';
import { categories } from '../../categories/categories.table.ts';
import { resourceRegistry } from '../../registry.ts';
import { acceptsNull, type FieldDef, type ResourceDef } from '../define-resource.ts';

let t: TestApp;
let cookie: string;
let counter = 0;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'registry-pass' });
  adminId = admin.id;
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'registry-pass')).cookie;
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload: payload as string | object | undefined, headers: { cookie, ...headers } });
const byRoute = new Map(resourceRegistry.map((r) => [r.def.route, r.def]));
const served = resourceRegistry.filter((r) => !r.lookupOnly);
/** Where records of a lookup-only resource are made: another registration over the same table. */
const creatableRoute = (route: string) => {
  const r = resourceRegistry.find((x) => x.def.route === route)!;
  return r.lookupOnly ? served.find((x) => x.table === r.table)!.def.route : route;
};

/** A valid value for a field, unique per call where the field must be unique. */
async function sample(def: ResourceDef, field: FieldDef, n: number): Promise<unknown> {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      if (field.sampleOf) return field.sampleOf(n);
      if (field.example) return field.example;
      return `Зразок ${n} ${field.label}`.slice(0, field.maxLength ?? 200);
    case 'integer':
      return field.min ?? 1;
    case 'decimal':
      return '12.5';
    case 'boolean':
      return false;
    case 'enum':
      return field.options![0]!.value;
    case 'color':
      return '#1f6feb';
    case 'date':
      return '2024-03-01';
    case 'phone':
      return '067 123 45 67';
    case 'email':
      return `sample${n}@tekhnoprylad.ua`;
    case 'textList':
      return [`Зразок ${n}`, `Інша назва ${n}`];
    case 'reference': {
      if (field.references === def.route) return null;
      if (field.references === '/users') return adminId;
      const target = byRoute.get(creatableRoute(field.references!))!;
      // References may run in a circle (a department's manager is a worker of a department): an optional one whose
      // target is already being built is left empty.
      if (building.has(target.route) && !field.required) return null;
      const res = await api('POST', `/api${target.route}`, await payloadFor(target));
      if (res.statusCode === 409) {
        // A target whose key is a fixed example (a currency code) exists already: refer to that one.
        const [existing] = (await api('GET', `/api${target.route}?limit=1`)).json() as Array<{ id: number }>;
        return existing!.id;
      }
      expect(res.statusCode, `${target.route}: ${res.body}`).toBe(201);
      return res.json().id as number;
    }
  }
}

/** The routes whose sample records are being built, outermost first. */
const building = new Set<string>();

async function payloadFor(def: ResourceDef): Promise<Record<string, unknown>> {
  counter += 1;
  const n = counter;
  const payload: Record<string, unknown> = {};
  building.add(def.route);
  try {
    for (const field of def.fields) payload[field.name] = await sample(def, field, n);
  } finally {
    building.delete(def.route);
  }
  return payload;
}

const textField = (def: ResourceDef) =>
  def.fields.find((f) => (f.kind === 'text' || f.kind === 'textarea') && !f.pattern && !f.example);

describe.each(served.map((r) => [r.def.route, r.def] as const))('%s', (route, def) => {
  const base = `/api${route}`;
  let created: Record<string, unknown> & { id: number };

  it('creates a record from a valid sample and audits it', async () => {
    const res = await api('POST', base, await payloadFor(def));
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    for (const field of def.fields.filter((f) => f.kind === 'reference' && f.references !== route)) {
      expect(created[`${field.name}Label`], field.name).toBeTruthy();
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(audits.some((a) => a.action === 'create')).toBe(true);
  });

  it('lists it with the total, and finds it by search', async () => {
    const list = await api('GET', `${base}?limit=500`);
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(list.json().map((r: { id: number }) => r.id)).toContain(created.id);
    const searchable = def.fields.find((f) => f.search && typeof created[f.name] === 'string');
    if (searchable) {
      const term = String(created[searchable.name]).slice(-6).toUpperCase();
      const found = await api('GET', `${base}?search=${encodeURIComponent(term)}`);
      expect(found.json().map((r: { id: number }) => r.id)).toContain(created.id);
    }
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });

  it('updates a field', async () => {
    const field = textField(def);
    const patch = field ? { [field.name]: `Змінено ${created.id}` } : { isActive: true };
    const res = await api('PATCH', `${base}/${created.id}`, patch);
    expect(res.statusCode, res.body).toBe(200);
    if (field) expect(res.json()[field.name]).toBe(`Змінено ${created.id}`);
    created = res.json();
  });

  it('takes null only where the column may be empty: elsewhere a Ukrainian 400 naming the field, never a 5xx', async () => {
    // Issue 19 §5: `null` for a field with a NOT NULL column reached the database (500) on POST and PATCH.
    const body = await payloadFor(def);
    const names = [...def.fields.map((f) => f.name), ...(def.hasActiveFlag ? ['isActive'] : [])];
    for (const name of names) {
      const field = def.fields.find((f) => f.name === name);
      const post = await api('POST', base, { ...body, [name]: null });
      const patch = await api('PATCH', `${base}/${created.id}`, { [name]: null });
      for (const [what, res] of [
        ['POST', post],
        ['PATCH', patch],
      ] as const) {
        expect(res.statusCode, `${what} ${name}: ${res.body}`).toBeLessThan(500);
        if (field && acceptsNull(field)) continue;
        expect(res.statusCode, `${what} ${name}: ${res.body}`).toBe(400);
        expect(res.json().fields?.[name], `${what} ${name}`).toMatch(/[а-яіїєʼ']/i);
      }
      if (patch.statusCode === 200) {
        const restored = await api('PATCH', `${base}/${created.id}`, { [name]: created[name] });
        expect(restored.statusCode, `${name}: ${restored.body}`).toBe(200);
      }
    }
  });

  it('refuses an invalid payload in Ukrainian, naming the field', async () => {
    const required = def.fields.find((f) => f.required)!;
    const res = await api('POST', base, {
      [required.name]: required.kind === 'text' ? '' : 'невірно',
      unknownField: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/[а-яіїє]/i);
  });

  it.skipIf(!def.fields.some((f) => f.unique && f.kind === 'text'))(
    'refuses a duplicate with 409 naming the field',
    async () => {
      const unique = def.fields.find((f) => f.unique && f.kind === 'text')!;
      const copy = await payloadFor(def);
      copy[unique.name] = String(created[unique.name]).toUpperCase();
      const res = await api('POST', base, copy);
      expect(res.statusCode, res.body).toBe(409);
      expect(Object.keys(res.json().fields ?? {})).toContain(unique.name);
    },
  );

  it('exports the current filter as CSV and XLSX', async () => {
    const csv = await api('GET', `${base}/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const firstListed = def.fields.find((f) => f.list)!;
    expect(csv.body.split('\r\n')[0]).toContain(firstListed.label);
    const xlsx = await api('GET', `${base}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('imports all or nothing: a dry run marks rows, a bad file changes nothing, a good one commits', async () => {
    const countRows = async () => Number((await api('GET', `${base}?isActive=all&limit=1`)).headers['x-total-count']);
    const fresh = await payloadFor(def);
    // The required and key columns, and every other plain value the sample has (rules across fields may need them).
    const columns = def.fields.filter(
      (f) =>
        f.required ||
        def.importKey.includes(f.name) ||
        (f.kind !== 'reference' && f.kind !== 'boolean' && fresh[f.name] !== null && fresh[f.name] !== undefined),
    );
    const labelOf = async (f: FieldDef, id: unknown) => {
      const res = await api('GET', `/api/lookups${f.references}?ids=${String(id)}`);
      return (res.json() as Array<{ label: string }>)[0]?.label ?? '';
    };
    const cells = async (row: Record<string, unknown>) => {
      const out: string[] = [];
      for (const f of columns) {
        const v = row[f.name];
        if (f.kind === 'enum') out.push(f.options!.find((o) => o.value === v)?.label ?? '');
        else if (f.kind === 'reference') out.push(v === null || v === undefined ? '' : await labelOf(f, v));
        else if (f.kind === 'textList') out.push((v as string[]).join(', '));
        else out.push(String(v ?? ''));
      }
      return out;
    };
    const header = columns.map((f) => f.label).join(';');
    const keyField = def.fields.find((f) => f.name === def.importKey[0])!;
    const unique = def.fields.find((f) => f.unique && f.kind === 'text' && !f.example);
    if (unique) fresh[unique.name] = unique.sampleOf ? unique.sampleOf(counter + 500_000) : `Імпорт ${counter}`;
    const existingRow = (await cells(created)).join(';');
    const freshCells = await cells(fresh);
    const newRow = freshCells.join(';');
    const good = `${header}\r\n${newRow}\r\n${existingRow}\r\n`;
    const before = await countRows();

    const send = (body: string, dryRun: boolean) =>
      api('POST', `${base}/import${dryRun ? '?dryRun=1' : ''}`, body, { 'content-type': 'text/csv' });

    if (keyField.example && keyField.unique) {
      // A fixed example key (such as a currency code) cannot make a second distinct row: check the update path only.
      const dry = await send(`${header}\r\n${existingRow}\r\n`, true);
      expect(dry.json().counts).toEqual({ new: 0, update: 1, error: 0 });
    } else {
      const dry = await send(good, true);
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().counts).toEqual({ new: 1, update: 1, error: 0 });
      expect(dry.json().columns.map((c: { field: string }) => c.field)).toEqual(columns.map((f) => f.name));

      const required = columns.find((f) => f.required && (f.kind === 'text' || f.kind === 'textarea'))!;
      // An over-long value: visibly wrong, and not a blank line the reader would skip.
      const broken = columns
        .map((f, i) => (f === required ? 'Я'.repeat((required.maxLength ?? 200) + 1) : freshCells[i]))
        .join(';');
      const bad = `${header}\r\n${newRow}\r\n${broken}\r\n`;
      const badDry = await send(bad, true);
      expect(badDry.json().counts.error).toBeGreaterThanOrEqual(1);
      const refused = await send(bad, false);
      expect(refused.statusCode).toBe(422);
      expect(await countRows()).toBe(before);

      const committed = await send(good, false);
      expect(committed.statusCode, committed.body).toBe(200);
      expect(committed.json()).toEqual({ created: 1, updated: 1 });
      expect(await countRows()).toBe(before + 1);
    }
  });

  it('deletes an unused record and answers 404 afterwards', async () => {
    const extra = await api('POST', base, await payloadFor(def));
    if (extra.statusCode !== 201) {
      // Resources whose sample key is a fixed example (one currency code) delete the record made above — unless it
      // holds a flag exactly one record must hold (the base currency), which is refused.
      const holds = def.fields.some((f) => f.exclusive?.required && created[f.name] === true);
      expect((await api('DELETE', `${base}/${created.id}`)).statusCode).toBe(holds ? 409 : 204);
      return;
    }
    const id = extra.json().id as number;
    expect((await api('DELETE', `${base}/${id}`)).statusCode).toBe(204);
    expect((await api('GET', `${base}/${id}`)).statusCode).toBe(404);
  });
});

describe('declarations against their tables', () => {
  it('refuses to build the engine over a field that may be empty while its column is NOT NULL', () => {
    const loose = {
      ...categoriesResource,
      fields: categoriesResource.fields.map((f) => (f.name === 'sortOrder' ? { ...f, required: false } : f)),
    };
    expect(() => new ResourceEngine([{ def: loose, table: categories }])).toThrow(/categories: sortOrder .* NOT NULL/);
    expect(() => new ResourceEngine([{ def: categoriesResource, table: categories }])).not.toThrow();
  });
});

describe('references', () => {
  it('refuses to delete a referenced record and names what uses it; deactivation hides it from pickers', async () => {
    const dept = (await api('POST', '/api/departments', { name: 'Дільниця SMD', code: 'SMD' })).json();
    await api('POST', '/api/positions', { name: 'Оператор SMD', departmentId: dept.id });
    const res = await api('DELETE', `/api/departments/${dept.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Запис використовується (Посади) — зробіть його неактивним');
    expect((await api('PATCH', `/api/departments/${dept.id}`, { isActive: false })).statusCode).toBe(200);
    const lookup = await api('GET', `/api/lookups/departments?search=${encodeURIComponent('дільниця')}`);
    expect(lookup.json()).toEqual([]);
    expect((await api('GET', '/api/departments')).json().some((d: { id: number }) => d.id === dept.id)).toBe(false);
    expect(
      (await api('GET', '/api/departments?isActive=all')).json().some((d: { id: number }) => d.id === dept.id),
    ).toBe(true);
  });

  it('refuses a picker lookup of ids beyond the id range with a Ukrainian 400, before the database sees it', async () => {
    for (const ids of ['2147483648', '1,99999999999', '12345678901']) {
      const res = await api('GET', `/api/lookups/departments?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().fields, ids).toEqual({ ids: 'Невірний ідентифікатор' });
    }
    expect((await api('GET', '/api/lookups/departments?ids=2147483647')).json()).toEqual([]);
  });

  it('keeps the two category scopes apart', async () => {
    const component = (await api('POST', '/api/categories', { name: 'Конденсатори' })).json();
    const res = await api('POST', '/api/product-categories', { name: 'Конденсатори', parentId: component.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ parentId: 'Оберіть запис зі списку' });
    expect((await api('POST', '/api/product-categories', { name: 'Конденсатори' })).statusCode).toBe(201);
    expect((await api('GET', `/api/product-categories/${component.id}`)).statusCode).toBe(404);
  });
});

describe('paging', () => {
  it('gives, page by page and from either end, exactly the whole list in its order, nulls last', async () => {
    const parent = (await api('POST', '/api/categories', { name: 'Сторінки — батько' })).json();
    for (let i = 0; i < 7; i++) {
      const body = {
        name: `Сторінки ${i}`,
        sortOrder: i % 3,
        ...(i % 2 ? { parentId: parent.id, color: '#112233' } : {}),
      };
      expect((await api('POST', '/api/categories', body)).statusCode).toBe(201);
    }
    for (const sort of [
      'name',
      '-name',
      'sortOrder',
      '-sortOrder',
      'parentId',
      '-parentId',
      'color',
      '-color',
      '-createdAt',
    ]) {
      const whole = await api('GET', `/api/categories?search=${encodeURIComponent('Сторінки')}&sort=${sort}&limit=500`);
      const total = Number(whole.headers['x-total-count']);
      expect(total, sort).toBe(8);
      const paged: unknown[] = [];
      for (let page = 1; paged.length < total; page++) {
        const part = await api(
          'GET',
          `/api/categories?search=${encodeURIComponent('Сторінки')}&sort=${sort}&limit=3&page=${page}`,
        );
        expect(part.json().length, sort).toBeGreaterThan(0);
        paged.push(...part.json());
      }
      expect(paged, sort).toEqual(whole.json());
    }
  });
});

describe('seeds', () => {
  it('gives a new installation the declared records once, audited, with UAH as the base currency', async () => {
    const { resourceEngine } = await import('../../index.ts');
    const fresh = await createTestApp();
    try {
      const seeded = await resourceEngine.ensureSeeds(fresh.db);
      expect(seeded).toEqual(['/units', '/warehouses', '/carriers', '/currencies', '/supplier-document-types']);
      expect(await resourceEngine.ensureSeeds(fresh.db)).toEqual([]);
      const rows = await resourceEngine.all(fresh.db, resourceEngine.resource('/currencies'), { filters: {} });
      expect(rows.filter((c) => c.isBase).map((c) => c.code)).toEqual(['UAH']);
      const audits = await fresh.db.select().from(auditLog).where(eq(auditLog.entityType, 'units'));
      expect(audits.length).toBe(14);
      expect(audits.every((a) => a.actor === 'system')).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('field kinds: dates, phones, e-mails, and rules across fields (workers)', () => {
  it('normalises the phone, checks the e-mail, and keeps the termination date after the hire date', async () => {
    const ok = await api('POST', '/api/workers', {
      lastName: 'Гнатюк',
      firstName: 'Роман',
      personnelNumber: 'Т-0101',
      phone: '(067) 123-45-67',
      email: ' Roman.Hnatiuk@Tekhnoprylad.UA ',
      hireDate: '2023-09-01',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      phone: '+380671234567',
      email: 'roman.hnatiuk@tekhnoprylad.ua',
      weeklyHours: 40,
    });

    const badPhone = await api('POST', '/api/workers', { lastName: 'А', firstName: 'Б', phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields.phone).toBe('Телефон має бути у форматі +380XXXXXXXXX');
    const badDate = await api('POST', '/api/workers', { lastName: 'А', firstName: 'Б', hireDate: '2023-02-30' });
    expect(badDate.json().fields.hireDate).toBe('Вкажіть дату');

    const early = await api('POST', '/api/workers', {
      lastName: 'Бойко',
      firstName: 'Іван',
      hireDate: '2024-05-01',
      terminationDate: '2024-04-30',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.terminationDate).toBe('Дата звільнення не може бути раніше дати прийому');
    // A change of one date is checked against the other one already stored.
    const patch = await api('PATCH', `/api/workers/${ok.json().id}`, { terminationDate: '2023-08-31' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields.terminationDate).toBe('Дата звільнення не може бути раніше дати прийому');
    expect((await api('PATCH', `/api/workers/${ok.json().id}`, { terminationDate: '2025-01-31' })).statusCode).toBe(
      200,
    );
  });

  it('reads dd.mm.yyyy dates on import', async () => {
    const csv = "Прізвище;Ім'я;Табельний номер;Дата прийому;Телефон\nКравець;Ольга;Т-0202;05.02.2024;0501112233\n";
    const res = await api('POST', '/api/workers/import', csv, { 'content-type': 'text/csv' });
    expect(res.statusCode, res.body).toBe(200);
    const [worker] = (await api('GET', `/api/workers?search=${encodeURIComponent('Т-0202')}`)).json();
    expect(worker).toMatchObject({ hireDate: '2024-02-05', phone: '+380501112233' });
  });
});

describe('exclusive flags and the base unit', () => {
  it('clears the old default warehouse of a type when a second is marked, and leaves other types alone', async () => {
    const a = (
      await api('POST', '/api/warehouses', { code: 'Д1', name: 'Склад Д1', type: 'defects', isDefault: true })
    ).json();
    const transit = (
      await api('POST', '/api/warehouses', { code: 'Т1', name: 'Склад Т1', type: 'transit', isDefault: true })
    ).json();
    const b = await api('POST', '/api/warehouses', { code: 'Д2', name: 'Склад Д2', type: 'defects', isDefault: true });
    expect(b.statusCode, b.body).toBe(201);
    expect((await api('GET', `/api/warehouses/${a.id}`)).json().isDefault).toBe(false);
    expect((await api('GET', `/api/warehouses/${transit.id}`)).json().isDefault).toBe(true);
  });

  it('keeps one primary contact per counterparty', async () => {
    const client = (
      await api('POST', '/api/clients', { legalForm: 'individual', name: 'Контрагент з контактами' })
    ).json();
    const first = (
      await api('POST', '/api/client-contacts', { counterpartyId: client.id, fullName: 'Перша', isPrimary: true })
    ).json();
    await api('POST', '/api/client-contacts', { counterpartyId: client.id, fullName: 'Друга', isPrimary: true });
    const contacts = (await api('GET', `/api/client-contacts?counterpartyId=${client.id}`)).json();
    expect(
      contacts.filter((c: { isPrimary: boolean }) => c.isPrimary).map((c: { fullName: string }) => c.fullName),
    ).toEqual(['Друга']);
    expect(contacts.find((c: { id: number }) => c.id === first.id).counterpartyIdLabel).toBe('Контрагент з контактами');
  });

  it('allows one base unit (factor 1) per type', async () => {
    await api('POST', '/api/units', { name: 'Секунда', shortName: 'с', type: 'time', factor: '1' });
    const res = await api('POST', '/api/units', { name: 'Хвилина-2', shortName: 'хв2', type: 'time', factor: '1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.factor).toBe(
      'Базова одиниця цього типу вже є: коефіцієнт 1 має лише одна одиниця кожного типу',
    );
    const minute = await api('POST', '/api/units', { name: 'Хвилина-2', shortName: 'хв2', type: 'time', factor: '60' });
    expect(minute.statusCode).toBe(201);
  });
});
