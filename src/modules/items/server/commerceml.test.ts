// CommerceML import (reference-data.md §16 "Done means"): import.xml creates the items and categories it names, a
// second import updates them instead of duplicating, offers.xml sets the prices, and a file with an error — or a
// dry run — changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { externalRefs } from '@/server/kernel/platform.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { parseCommerceMl } from './commerceml.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'cml-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'cml-pass')).cookie;
});
afterAll(() => t.close());

const importXml = (name: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-20T10:00:00">
  <Классификатор>
    <Ид>cls-1</Ид><Наименование>Класифікатор</Наименование>
    <Группы>
      <Группа><Ид>grp-power</Ид><Наименование>Джерела живлення</Наименование>
        <Группы><Группа><Ид>grp-lab</Ид><Наименование>Лабораторні джерела</Наименование></Группа></Группы>
      </Группа>
    </Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары>
      <Товар>
        <Ид>a1b2-0001</Ид><Артикул>ЛБЖ-3005</Артикул><Наименование>${name}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
        <Группы><Ид>grp-lab</Ид></Группы>
        <ШтрихКод>4006381333931</ШтрихКод>
        <Описание>Вихід 0–30 В, 0–5 А &amp; захист</Описание>
      </Товар>
      <Товар>
        <Ид>a1b2-0002</Ид><Артикул>00123</Артикул><Наименование>Адаптер 12 В</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>
        <Группы><Ид>grp-power</Ид></Группы>
      </Товар>${extra}
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

const offersXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.05">
  <ПакетПредложений>
    <ТипыЦен>
      <ТипЦены><Ид>pt-r</Ид><Наименование>Роздрібна</Наименование><Валюта>UAH</Валюта></ТипЦены>
      <ТипЦены><Ид>pt-w</Ид><Наименование>Оптова</Наименование><Валюта>UAH</Валюта></ТипЦены>
    </ТипыЦен>
    <Предложения>
      <Предложение><Ид>a1b2-0001</Ид>
        <Цены>
          <Цена><ИдТипаЦены>pt-r</ИдТипаЦены><ЦенаЗаЕдиницу>4 250,50</ЦенаЗаЕдиницу></Цена>
          <Цена><ИдТипаЦены>pt-w</ИдТипаЦены><ЦенаЗаЕдиницу>3900</ЦенаЗаЕдиницу></Цена>
        </Цены>
        <Количество>12</Количество>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

const send = (xml: string, dryRun = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/import/commerceml${dryRun ? '?dryRun=1' : '?fileName=import.xml'}`,
    payload: xml,
    headers: { cookie, 'content-type': 'application/xml' },
  });
const products = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/products?isActive=all&limit=100', headers: { cookie } })).json();

describe('CommerceML import', () => {
  it('reads groups, goods with their unit attributes, and keeps codes as text', () => {
    const doc = parseCommerceMl(importXml('Джерело'));
    expect(doc.groups).toEqual([
      { id: 'grp-power', name: 'Джерела живлення', parentId: null },
      { id: 'grp-lab', name: 'Лабораторні джерела', parentId: 'grp-power' },
    ]);
    expect(doc.products[1]).toMatchObject({ sku: '00123', unitText: 'шт', unitCode: '796', groupId: 'grp-power' });
    expect(doc.products[0]!.description).toBe('Вихід 0–30 В, 0–5 А & захист');
    expect(() => parseCommerceMl('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toThrow('DOCTYPE');
    expect(() => parseCommerceMl('<html></html>')).toThrow('CommerceML');
  });

  it('dry-runs without writing, then creates the categories and items, then updates them on a second import', async () => {
    const dry = await send(importXml('Лабораторне джерело живлення ЛБЖ-3005'), true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, committed: false, counts: { new: 4, update: 0, error: 0 } });
    expect(await products()).toEqual([]);

    const first = await send(importXml('Лабораторне джерело живлення ЛБЖ-3005'));
    expect(first.json()).toMatchObject({ committed: true, counts: { new: 4, update: 0, error: 0 } });
    const created = await products();
    expect(created.map((p: { sku: string }) => p.sku).sort()).toEqual(['00123', 'ЛБЖ-3005']);
    const lab = created.find((p: { sku: string }) => p.sku === 'ЛБЖ-3005');
    expect(lab).toMatchObject({ categoryName: 'Лабораторні джерела', unitShortName: 'шт', barcode: '4006381333931' });

    const second = await send(importXml('Джерело живлення ЛБЖ-3005 (нова назва)'));
    expect(second.json()).toMatchObject({ committed: true, counts: { new: 0, update: 4, error: 0 } });
    const after = await products();
    expect(after).toHaveLength(2);
    expect(after.find((p: { id: number }) => p.id === lab.id).name).toBe('Джерело живлення ЛБЖ-3005 (нова назва)');
    const refs = await t.db.select().from(externalRefs).where(eq(externalRefs.entityType, 'item'));
    expect(refs).toHaveLength(2);
  });

  it('sets the retail and wholesale prices from offers.xml and ignores the quantity', async () => {
    const res = await send(offersXml);
    expect(res.json()).toMatchObject({ committed: true, counts: { new: 0, update: 1, error: 0 } });
    const lab = (await products()).find((p: { sku: string }) => p.sku === 'ЛБЖ-3005');
    expect(lab).toMatchObject({ retailPrice: '4250.500000', wholesalePrice: '3900.000000' });
  });

  it('commits nothing when one good is wrong, and says why in Ukrainian', async () => {
    const bad = `
      <Товар><Ид>a1b2-0003</Ид><Артикул>БЖ-NEW</Артикул><Наименование>Новий блок</Наименование>
        <БазоваяЕдиница>ящ</БазоваяЕдиница></Товар>
      <Товар><Ид>a1b2-0004</Ид><Наименование>Без артикула</Наименование><БазоваяЕдиница>шт</БазоваяЕдиница></Товар>`;
    const res = await send(importXml('Лабораторне джерело', bad));
    expect(res.json()).toMatchObject({ committed: false, counts: { error: 2 } });
    const errors = res.json().rows.filter((r: { status: string }) => r.status === 'error');
    expect(errors.map((r: { messages: string[] }) => r.messages)).toEqual([
      ['Одиницю «ящ» не знайдено — додайте її в довідник «Одиниці виміру»'],
      ['Немає артикула'],
    ]);
    expect((await products()).map((p: { name: string }) => p.name)).not.toContain('Лабораторне джерело');
    const unknownOffer = await send(offersXml.replace('<Ид>a1b2-0001</Ид>', '<Ид>zzz</Ид>'));
    expect(unknownOffer.json().rows[0].messages).toEqual([
      'Товар з таким Ид не знайдено — спершу імпортуйте import.xml',
    ]);
  });

  it('refuses what is not CommerceML with a Ukrainian 400', async () => {
    const res = await send('<root/>');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Це не файл обміну CommerceML: немає елемента «КоммерческаяИнформация»');
  });
});
