// A BOM line shows its component's alternatives (reference-data.md §17: "A component with an alternative shows it on
// /bom and /shortage, with the alternative's free stock"): GET /api/bom/:id answers them per line, from either side
// of the pair, active ones only, by name, each with its free stock; a component without any has an empty list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { alternativesWithStock } from '@/modules/items/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let supplierId: number;
let warehouseId: number;
let documentTypeId: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

let n = 0;
const item = async (path: '/api/components' | '/api/products', name: string, extra: Record<string, unknown> = {}) => {
  const kind = path === '/api/products' ? 'semi_finished' : 'component';
  const res = await api('POST', path, { sku: `BALT-${++n}`, name, unitId, kind, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const receive = async (itemId: number, qty: string) => {
  const draft = await api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId,
    documentTypeId,
    supplierDocNumber: `BALT-R-${++n}`,
    supplierDocDate: '2026-11-10',
    documentDate: '2026-11-10',
    lines: [{ itemId, qty, unitPrice: '1.00', vatRate: '0' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  expect((await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).statusCode).toBe(200);
};
const setAlternatives = async (id: number, alternatives: { itemId: number; note?: string }[]) => {
  const res = await api('PUT', `/api/components/${id}/alternatives`, { alternatives });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'bom-alt-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'bom-alt-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Аналог-Постач',
      fullName: 'ТОВ «Аналог-Постач»',
      taxId: sampleEdrpou(7373),
    })
  ).json().id;
});
afterAll(() => t.close());

describe('alternatives on a BOM line', () => {
  let chip: number;
  let capacitor: number;
  let bomId: number;
  let yaAnalog: number;
  let aAnalog: number;
  let retired: number;
  let capAnalog: number;

  beforeAll(async () => {
    // Alternatives created before the chip, so the chip sits on the pair's higher-id side for them.
    yaAnalog = await item('/api/components', 'Яструб мікросхема-аналог');
    aAnalog = await item('/api/components', 'Аналог мікросхеми');
    chip = await item('/api/components', 'Мікросхема STM32F103');
    retired = await item('/api/components', 'Знята мікросхема', { isActive: false });
    capacitor = await item('/api/components', 'Конденсатор 100 нФ');
    capAnalog = await item('/api/components', 'Конденсатор 100 нФ, інший виробник');
    const resistor = await item('/api/components', 'Резистор без аналогів');
    await receive(aAnalog, '12');
    await setAlternatives(chip, [
      { itemId: yaAnalog, note: 'Перевірити розпіновку' },
      { itemId: aAnalog },
      { itemId: retired },
    ]);
    await setAlternatives(capAnalog, [{ itemId: capacitor, note: 'Повний аналог' }]);
    const board = await item('/api/products', 'Плата контролера');
    const res = await api('POST', '/api/bom', {
      itemId: board,
      name: 'Основна',
      status: 'active',
      lines: [
        { componentItemId: chip, qty: '1' },
        { componentItemId: capacitor, qty: '4' },
        { componentItemId: resistor, qty: '2' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    bomId = res.json().id;
  });

  it('lists each component’s active alternatives by name with their free stock', async () => {
    const res = await api('GET', `/api/bom/${bomId}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().lines as Array<{ componentItemId: number; alternatives: unknown[] }>;
    const of = (id: number) => lines.find((l) => l.componentItemId === id)!.alternatives;
    expect(of(chip)).toEqual([
      {
        itemId: aAnalog,
        sku: expect.any(String),
        name: 'Аналог мікросхеми',
        unitShortName: 'шт',
        note: null,
        available: '12.0000',
      },
      {
        itemId: yaAnalog,
        sku: expect.any(String),
        name: 'Яструб мікросхема-аналог',
        unitShortName: 'шт',
        note: 'Перевірити розпіновку',
        available: '0.0000',
      },
    ]);
    // The pair was saved from the other side.
    expect(of(capacitor)).toEqual([
      expect.objectContaining({ itemId: capAnalog, note: 'Повний аналог', available: '0.0000' }),
    ]);
    expect(lines[2]!.alternatives).toEqual([]);
  });

  it('follows a change of the alternatives and the stock on the next read', async () => {
    await receive(yaAnalog, '3.5');
    await setAlternatives(chip, [{ itemId: yaAnalog }]);
    const lines = (await api('GET', `/api/bom/${bomId}`)).json().lines as Array<{
      componentItemId: number;
      alternatives: Array<{ itemId: number; available: string }>;
    }>;
    expect(lines.find((l) => l.componentItemId === chip)!.alternatives).toEqual([
      expect.objectContaining({ itemId: yaAnalog, available: '3.5000' }),
    ]);
  });

  it('reads many items in one call, each from its own side of a pair', async () => {
    const map = await alternativesWithStock(t.db, [capacitor, capAnalog, chip, capacitor]);
    expect(map.get(capacitor)?.map((a) => a.itemId)).toEqual([capAnalog]);
    expect(map.get(capAnalog)?.map((a) => a.itemId)).toEqual([capacitor]);
    expect(map.get(chip)?.map((a) => a.itemId)).toEqual([yaAnalog]);
    expect((await alternativesWithStock(t.db, [])).size).toBe(0);
  });
});
