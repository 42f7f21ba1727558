// A carrier's other names (reference-data.md §10: alternativeNames, used to recognise the carrier in imported free
// text): kept as a clean list (trimmed, blanks dropped, each name once), searched by the list, and an import that
// names the carrier by one of them ('нп' in a client's 'Перевізник за замовчуванням') finds it — its own name first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';

let t: TestApp;
let cookie: string;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie, ...headers } });

const carrierNamed = async (name: string) =>
  (
    (await api('GET', `/api/carriers?search=${encodeURIComponent(name)}&isActive=all`)).json() as Array<{
      id: number;
      name: string;
      alternativeNames: string[];
    }>
  ).find((c) => c.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'carrier-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'carrier-pass')).cookie;
});
afterAll(() => t.close());

describe('carriers: alternative names', () => {
  it('seeds Nova Poshta with its usual spellings and finds it by them in the list search', async () => {
    const np = await carrierNamed('Нова пошта');
    expect(np.alternativeNames).toEqual(['НП', 'Nova Poshta', 'Novaposhta']);
    const found = (await api('GET', '/api/carriers?search=nova')).json() as Array<{ name: string }>;
    expect(found.map((c) => c.name)).toEqual(['Нова пошта']);
  });

  it('keeps a clean list: trimmed, without blanks, each name once whatever its case', async () => {
    const res = await api('POST', '/api/carriers', {
      name: 'Делівері',
      kind: 'other',
      alternativeNames: ['  Delivery ', 'DELIVERY', '', 'Делівері Авто'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().alternativeNames).toEqual(['Delivery', 'Делівері Авто']);
    const none = await api('POST', '/api/carriers', { name: 'Кур’єр', kind: 'own' });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().alternativeNames).toEqual([]);
  });

  it('refuses more than 20 names, a name over 120 characters and null, naming the field in Ukrainian', async () => {
    const id = (await carrierNamed('Укрпошта')).id;
    const many = await api('PATCH', `/api/carriers/${id}`, {
      alternativeNames: Array.from({ length: 21 }, (_, i) => `Назва ${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect(JSON.stringify(many.json())).toContain('Не більше 20 значень');
    const long = await api('PATCH', `/api/carriers/${id}`, { alternativeNames: ['Я'.repeat(121)] });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('Не довше 120 символів');
    expect((await api('PATCH', `/api/carriers/${id}`, { alternativeNames: null })).statusCode).toBe(400);
    expect((await carrierNamed('Укрпошта')).alternativeNames).toEqual(['Укр пошта', 'Ukrposhta']);
  });

  it('an import names the carrier by another name; a carrier’s own name wins over another’s alias', async () => {
    const np = await carrierNamed('Нова пошта');
    // 'Укрпошта' is also typed as Delivery's other name: the import still means the carrier called so.
    const delivery = await carrierNamed('Делівері');
    const patched = await api('PATCH', `/api/carriers/${delivery.id}`, { alternativeNames: ['Delivery', 'Укрпошта'] });
    expect(patched.statusCode, patched.body).toBe(200);
    const ukr = await carrierNamed('Укрпошта');

    const csv = [
      'Коротка назва;Повна назва;Тип;ЄДРПОУ / РНОКПП;Перевізник за замовчуванням',
      'ТОВ «Альфа»;ТОВ «Альфа»;Юридична особа;14360570;нп',
      'ТОВ «Бета»;ТОВ «Бета»;Юридична особа;00032129;Укрпошта',
      'ТОВ «Гама»;ТОВ «Гама»;Юридична особа;00032106;Кіт Експрес',
    ].join('\r\n');
    const dry = await api('POST', '/api/clients/import?dryRun=1', csv, { 'content-type': 'text/csv' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().counts, JSON.stringify(dry.json().rows)).toEqual({ new: 2, update: 0, error: 1 });
    expect(JSON.stringify(dry.json().rows[2])).toContain('Кіт Експрес');

    const good = csv.split('\r\n').slice(0, 3).join('\r\n');
    const committed = await api('POST', '/api/clients/import', good, { 'content-type': 'text/csv' });
    expect(committed.statusCode, committed.body).toBe(200);
    const clients = (await api('GET', '/api/clients?limit=50')).json() as Array<{
      name: string;
      defaultCarrierId: number;
    }>;
    const carrierOf = (name: string) => clients.find((c) => c.name === name)?.defaultCarrierId;
    expect(carrierOf('ТОВ «Альфа»')).toBe(np.id);
    expect(carrierOf('ТОВ «Бета»')).toBe(ukr.id);
  });
});
