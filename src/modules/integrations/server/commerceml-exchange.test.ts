// 1C's CommerceML exchange (reports-admin.md §15 'BAS / 1C' 1), driven as 1C drives it: checkauth with Basic auth of
// the integration user → init → file in two parts → import → the products exist; a wrong password, a user without
// the right to change /products, a step without the exchange cookie and the browser's own session cookie are refused
// (HTTP 401/403, JSON errors as everywhere); a file with an error imports nothing and says 'failure' and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, injectAsIs, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';

let t: TestApp;
let adminCookie: string;
let integrationUser: string;
const PASSWORD = 'exchange-pass-1';
const URL = '/api/integrations/commerceml/exchange';

const importXml = (name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.05">
  <Классификатор><Ид>cls-1</Ид><Наименование>Класифікатор</Наименование>
    <Группы><Группа><Ид>grp-1</Ид><Наименование>Блоки живлення</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false"><Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора>
    <Наименование>Каталог</Наименование>
    <Товары>
      <Товар><Ид>x-0001</Ид><Артикул>БЖ-12-2</Артикул><Наименование>${name}</Наименование>
        <БазоваяЕдиница Код="796">шт</БазоваяЕдиница><Группы><Ид>grp-1</Ид></Группы></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const get = (query: string, headers: Record<string, string> = {}) =>
  injectAsIs(t.app, { method: 'GET', url: `${URL}?${query}`, headers });
const lines = (body: string) => body.trimEnd().split('\n');

async function checkauth(user = integrationUser, password = PASSWORD) {
  const res = await get('type=catalog&mode=checkauth', { authorization: basic(user, password) });
  return { res, lines: lines(res.body) };
}

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'admin-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  adminCookie = (await signIn(t.app, admin.username, 'admin-pass')).cookie;
  const robot = await createUser(t.db, { password: PASSWORD });
  await replaceUserRoles(t.db, robot.id, [await adminRoleId(t.db)]);
  integrationUser = robot.username;
});
afterAll(() => t.close());

const products = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/products?isActive=all&limit=100', headers: { cookie: adminCookie } })
  ).json() as Array<{ sku: string; name: string }>;

describe('CommerceML exchange', () => {
  it('runs checkauth → init → file in two parts → import, and the catalogue is in the products', async () => {
    const auth = await checkauth();
    expect(auth.res.statusCode).toBe(200);
    expect(auth.res.headers['content-type']).toContain('text/plain');
    expect(auth.lines[0]).toBe('success');
    expect(auth.lines[1]).toBe('erp_cml');
    const cookie = `erp_cml=${auth.lines[2]}`;

    const init = await get('type=catalog&mode=init', { cookie });
    expect(lines(init.body)).toEqual(['zip=no', 'file_limit=10485760']);

    const xml = Buffer.from(importXml('Блок живлення 12 В 2 А'), 'utf8');
    for (const part of [xml.subarray(0, 200), xml.subarray(200)]) {
      const res = await injectAsIs(t.app, {
        method: 'POST',
        url: `${URL}?type=catalog&mode=file&filename=import.xml`,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: part,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(lines(res.body)).toEqual(['success']);
    }
    const imported = await get('type=catalog&mode=import&filename=import.xml', { cookie });
    expect(lines(imported.body)).toEqual(['success']);
    expect((await products()).find((p) => p.sku === 'БЖ-12-2')?.name).toBe('Блок живлення 12 В 2 А');

    // The file was used up: importing it again says so.
    const again = await get('type=catalog&mode=import&filename=import.xml', { cookie });
    expect(lines(again.body)[0]).toBe('failure');
  });

  it('says failure to a wrong password, to a user without the right, and without the exchange cookie', async () => {
    const wrong = await checkauth(integrationUser, 'not-the-password');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().error).toMatch(/[А-Яа-яІіЇїЄє]/);
    expect(wrong.res.body).not.toContain('not-the-password');

    const clerk = await createUser(t.db, { password: 'clerk-pass-1' });
    const refused = await checkauth(clerk.username, 'clerk-pass-1');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json()).toEqual({ error: 'Користувач інтеграції не має права змінювати товари (/products)' });

    const noCookie = await get('type=catalog&mode=init');
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json()).toEqual({ error: 'Спочатку авторизуйтеся: mode=checkauth' });
    // The browser's own session is not an exchange session.
    const browser = await get('type=catalog&mode=init', { cookie: adminCookie });
    expect(browser.statusCode).toBe(401);
  });

  it('imports nothing from a file with an error and says why', async () => {
    const cookie = `erp_cml=${(await checkauth()).lines[2]}`;
    const before = (await products()).length;
    const broken = importXml(''); // a product without a name
    await injectAsIs(t.app, {
      method: 'POST',
      url: `${URL}?type=catalog&mode=file&filename=bad.xml`,
      headers: { cookie, 'content-type': 'application/xml' },
      payload: broken.replace('x-0001', 'x-0002').replace('БЖ-12-2', 'БЖ-X'),
    });
    const res = await get('type=catalog&mode=import&filename=bad.xml', { cookie });
    expect(lines(res.body)[0]).toBe('failure');
    expect(lines(res.body)[1]).toMatch(/^Помилок у файлі: 1\. Перша: /);
    expect((await products()).length).toBe(before);
  });

  it('refuses a file name that is not a plain .xml name', async () => {
    const cookie = `erp_cml=${(await checkauth()).lines[2]}`;
    const res = await get('type=catalog&mode=import&filename=../etc/passwd', { cookie });
    expect(res.statusCode).toBe(200);
    expect(lines(res.body)).toEqual([
      'failure',
      'Ім’я файлу — латинські літери, цифри, «.», «_» або «-», з розширенням .xml',
    ]);
  });
});
