// The 'Склад' table marks a line whose component has alternatives and lists them (SKU, name, note, free stock) when
// the marker is opened; a line without alternatives has no marker.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bom, BomLine } from '@/modules/bom/bom.contract.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { BomLinesTable } from './bom-tabs.tsx';

const line = (over: Partial<BomLine>): BomLine => ({
  id: 1,
  lineNo: 1,
  componentItemId: 5,
  sku: 'MC-STM32',
  name: 'Мікросхема STM32F103',
  kind: 'component',
  unitId: 1,
  unitShortName: 'шт',
  qty: '1.000000',
  enteredQty: null,
  enteredUnitId: null,
  enteredUnitShortName: null,
  scrapPercent: '0.00',
  designators: null,
  notes: null,
  perUnitQty: '1.000000',
  unitCost: '10.000000',
  costSource: 'avg',
  lineCost: '10.00',
  noPrice: false,
  made: false,
  available: '0.0000',
  alternatives: [],
  ...over,
});

const bom: Bom = {
  id: 7,
  itemId: 2,
  itemSku: 'ПЛ-1',
  itemName: 'Плата контролера',
  itemKind: 'semi_finished',
  itemUnitShortName: 'шт',
  name: 'Основна',
  outputQty: '1.0000',
  isDefault: true,
  status: 'active',
  notes: null,
  version: 1,
  lineCount: 2,
  materialCost: '12.00',
  noPriceCount: 0,
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  linesCost: '12.00',
  lines: [
    line({
      alternatives: [
        {
          itemId: 6,
          sku: 'MC-GD32',
          name: 'Мікросхема GD32F103',
          unitShortName: 'шт',
          note: 'Перевірити розпіновку',
          available: '1250.5000',
        },
        {
          itemId: 9,
          sku: 'MC-APM32',
          name: 'Мікросхема APM32F103',
          unitShortName: 'шт',
          note: null,
          available: '0.0000',
        },
      ],
    }),
    line({ id: 2, lineNo: 2, componentItemId: 8, sku: 'R-10K', name: 'Резистор 10 кОм', lineCost: '2.00' }),
  ],
};

describe('alternatives on the BOM lines', () => {
  it('marks the line with alternatives and lists them with their free stock', async () => {
    renderWithProviders(<BomLinesTable bom={bom} onOpenItem={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Склад' });
    const rows = within(table).getAllByRole('row');
    const chipRow = rows[1]!;
    const resistorRow = rows[2]!;
    expect(within(resistorRow).queryByText(/Аналоги/)).toBeNull();
    const marker = within(chipRow).getByText('Аналоги: 2');
    await userEvent.click(marker);
    const list = within(chipRow).getByRole('list', { name: 'Аналоги компонента Мікросхема STM32F103' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      'MC-GD32Мікросхема GD32F103вільно 1 250,5 штПеревірити розпіновку',
      'MC-APM32Мікросхема APM32F103вільно 0 шт',
    ]);
  });
});
