// The pure parts of the BOM module: the flat view of an explosion tree, the
// import columns and the legacy XML pairs, and the contract's scrap rule.
import { describe, expect, it } from 'vitest';
import { bomLineInputSchema, type ExplosionNode } from '../bom.contract.ts';
import { cellDecimal, flattenLeaves, importColumnIndexes, looksLikeXml, sheetFromXml } from './bom.calc.ts';

const node = (over: Partial<ExplosionNode>): ExplosionNode => ({
  itemId: 1,
  sku: 'R1',
  name: 'Резистор',
  kind: 'component',
  unitShortName: 'шт',
  level: 1,
  bomLineId: 1,
  designators: null,
  scrapPercent: '0.00',
  perUnitQty: '1.000000',
  qty: '1.0000',
  available: '0.0000',
  bomId: null,
  cycle: false,
  children: [],
  ...over,
});

describe('flattenLeaves', () => {
  it('sums the leaves of every level per item and leaves out the expanded sub-assemblies', () => {
    const tree = [
      node({
        itemId: 10,
        sku: 'ПЛ-A',
        kind: 'semi_finished',
        qty: '5.0000',
        bomId: 3,
        children: [
          node({ itemId: 1, level: 2, qty: '51.0000', available: '40.0000' }),
          node({ itemId: 2, sku: 'C1', level: 2, qty: '20.0000', available: '100.0000' }),
        ],
      }),
      node({ itemId: 1, qty: '4.0000', available: '40.0000' }),
      node({ itemId: 11, sku: 'ПЛ-B', kind: 'semi_finished', qty: '2.0000', available: '3.0000' }),
    ];
    expect(flattenLeaves(tree)).toEqual([
      expect.objectContaining({ itemId: 1, qty: '55.0000', available: '40.0000', shortage: '15.0000' }),
      expect.objectContaining({ itemId: 2, qty: '20.0000', shortage: '0.0000' }),
      // A made item that was not expanded (no spec of its own) is a leaf.
      expect.objectContaining({ itemId: 11, qty: '2.0000', shortage: '0.0000' }),
    ]);
  });
});

describe('import columns', () => {
  it('finds the columns by Ukrainian or English names, any case, with _ or - as spaces', () => {
    expect(
      importColumnIndexes(['Артикул виробу', 'Артикул компонента', 'Кількість', 'Відхід %', 'Позиційні позначення']),
    ).toMatchObject({ parent: 0, component: 1, qty: 2, scrap: 3, designators: 4, unit: -1, bomName: -1 });
    expect(importColumnIndexes(['PARENT_SKU', 'component-sku', 'Qty', 'UOM', 'BOM'])).toMatchObject({
      parent: 0,
      component: 1,
      qty: 2,
      unit: 3,
      bomName: 4,
    });
  });
  it('reads decimal cells with a comma and spaces, and refuses others', () => {
    expect(cellDecimal('1 250,5', 6)).toBe('1250.5');
    expect(cellDecimal(2.5, 6)).toBe('2.5');
    expect(cellDecimal('-1', 6)).toBeNull();
    expect(cellDecimal('0.1234567', 6)).toBeNull();
    expect(cellDecimal(null, 6)).toBeNull();
  });
});

describe('legacy XML pairs', () => {
  it('reads pairs given as attributes or as child elements, decoding entities', () => {
    const xml = `<?xml version="1.0"?><!-- експорт --><Root><Items>
      <Pair Parent="ПЛ-БЖ" Component="R-0603-10K" Qty="10" Scrap="2" Designators="R1 &amp; R2"/>
      <Pair><Parent>ПЛ-БЖ</Parent><Component><![CDATA[C<100N>]]></Component><Qty>4</Qty></Pair>
      <Other name="skip"/></Items></Root>`;
    expect(looksLikeXml(Buffer.from(xml))).toBe(true);
    expect(looksLikeXml(Buffer.from('parent;component;qty'))).toBe(false);
    const sheet = sheetFromXml(xml);
    expect(sheet.headers).toEqual(['Parent', 'Component', 'Qty', 'Scrap', 'Designators']);
    expect(sheet.rows).toEqual([
      ['ПЛ-БЖ', 'R-0603-10K', '10', '2', 'R1 & R2'],
      ['ПЛ-БЖ', 'C<100N>', '4', null, null],
    ]);
  });
});

describe('the line schema', () => {
  it('accepts scrap from 0 to 99.99 and a positive quantity typed with a comma', () => {
    const line = (over: Record<string, unknown>) =>
      bomLineInputSchema.safeParse({ componentItemId: 1, qty: '1', ...over });
    expect(line({ scrapPercent: '99,99' }).data?.scrapPercent).toBe('99.99');
    expect(line({ qty: '0,5' }).data?.qty).toBe('0.5');
    expect(line({ scrapPercent: '100' }).success).toBe(false);
    expect(line({ scrapPercent: '1.234' }).success).toBe(false);
    expect(line({ qty: '0' }).success).toBe(false);
    expect(line({}).data?.scrapPercent).toBe('0');
  });
});
