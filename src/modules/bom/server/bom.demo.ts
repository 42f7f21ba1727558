// Demo specifications of «Техноприлад», entered through the real service: two assembled boards (semi-finished)
// made of the demo components, and two products that each contain a board — so /bom shows a two-level tree, a
// roll-up through a sub-assembly, where-used through the board, and a second (draft) version of one product.
import { inArray } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import type { BomCreateBody } from '../bom.contract.ts';
import { copyBom, createBomIn } from './bom.write.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

/** [component SKU, qty, designators, scrap %, unit short name (else the stock unit)] */
type Line = [string, string, string | null, string?, string?];

const SPECS: Array<{ parent: string; name: string; notes?: string; lines: Line[] }> = [
  {
    parent: 'ПЛ-БЖ',
    name: 'Основна',
    notes: 'Монтаж SMD оплавленням, вивідні — ручна пайка',
    lines: [
      ['IC-MP1584', '1', 'DA1'],
      ['D-SS34', '1', 'VD1'],
      ['C-0805-22U', '2', 'C1, C2', '1'],
      ['C-0603-100N', '4', 'C3–C6', '2'],
      ['R-0603-10K', '6', 'R1–R6', '2'],
      ['R-0603-100R', '2', 'R7, R8', '2'],
      ['D-LED-G0603', '1', 'HL1', '1'],
      ['X-KF301-2', '2', 'X1, X2'],
      ['MAT-SOLDER-PASTE', '3', null, '0', 'г'],
    ],
  },
  {
    parent: 'ПЛ-КТ',
    name: 'Основна',
    lines: [
      ['IC-STM32G030', '1', 'DD1'],
      ['IC-AMS1117', '1', 'DA1'],
      ['M-XTAL-8M', '1', 'ZQ1'],
      ['C-0603-22P', '2', 'C1, C2', '2'],
      ['C-0603-100N', '6', 'C3–C8', '2'],
      ['R-0603-10K', '8', 'R1–R8', '2'],
      ['R-0603-470R', '2', 'R9, R10', '2'],
      ['D-LED-R0603', '1', 'HL1', '1'],
      ['X-KF301-3', '2', 'X1, X2'],
      ['MAT-SOLDER-PASTE', '4', null, '0', 'г'],
    ],
  },
  {
    parent: 'БЖ-12-2',
    name: 'Основна',
    lines: [
      ['ПЛ-БЖ', '1', 'A1'],
      ['M-CASE-Z1', '1', null],
      ['M-SCREW-M3', '4', null, '5'],
      ['MAT-WIRE-022', '30', null, '5', 'см'],
      ['MAT-LABEL', '1', null],
    ],
  },
  {
    parent: 'КТ-100',
    name: 'Основна',
    lines: [
      ['ПЛ-КТ', '1', 'A1'],
      ['M-CASE-G1', '1', null],
      ['IC-DS18B20', '1', 'BK1'],
      ['M-OLED096', '1', 'HG1'],
      ['M-BTN-6X6', '3', 'SB1–SB3'],
      ['M-STANDOFF', '4', null],
      ['M-SCREW-M3', '4', null, '5'],
      ['MAT-LABEL', '1', null],
    ],
  },
];

export const bomDemoSeeder: DemoSeeder = {
  name: 'bom',
  async run({ tx, log }) {
    const skus = [...new Set(SPECS.flatMap((s) => [s.parent, ...s.lines.map((l) => l[0])]))];
    const found = await tx.select({ id: items.id, sku: items.sku }).from(items).where(inArray(items.sku, skus));
    const bySku = new Map(found.map((i) => [i.sku, i.id]));
    const unitRows = await tx.select({ id: units.id, shortName: units.shortName }).from(units);
    const unitId = new Map(unitRows.map((u) => [u.shortName, u.id]));
    const created = new Map<string, number>();
    for (const spec of SPECS) {
      const itemId = bySku.get(spec.parent);
      if (!itemId) continue;
      const lines: BomCreateBody['lines'] = spec.lines
        .filter(([sku]) => bySku.has(sku))
        .map(([sku, qty, designators, scrap = '0', unit]) => ({
          componentItemId: bySku.get(sku)!,
          qty,
          unitId: unit ? (unitId.get(unit) ?? null) : null,
          scrapPercent: scrap,
          designators,
          notes: null,
        }));
      if (!lines.length) continue;
      const id = await createBomIn(tx, ctx, {
        itemId,
        name: spec.name,
        outputQty: '1',
        status: 'active',
        notes: spec.notes ?? null,
        isDefault: true,
        lines,
      });
      created.set(spec.parent, id);
    }
    // The power supply's next revision, still a draft: a copy as a new version ('v2').
    const supply = created.get('БЖ-12-2');
    if (supply) await copyBom(tx, ctx, supply, { name: 'v2 (корпус з кріпленням на DIN-рейку)' });
    log(`Специфікації: ${created.size} діючі (2 плати і 2 вироби з ними) і одна чернетка нової версії`);
  },
};
