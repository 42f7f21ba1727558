// A count typed in another unit of the item's stock-unit type (reference-data.md §1 'Conversion'): the row's unit
// select asks for the units when opened, 'кг' shows the typed count in grams and the count is sent with the unit; a
// count stored in кг is shown as typed, with the stock quantity beside it in the read-only grid.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditLineSchema, auditSchema, type AuditLine } from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { InventoryAuditPage } from './inventory-audit-page.tsx';

const grams = { id: 4, name: 'Грам', shortName: 'г', type: 'weight', factor: '0.001000' };
const kilograms = { id: 3, name: 'Кілограм', shortName: 'кг', type: 'weight', factor: '1.000000' };

const totals = {
  surplusQty: '0.0000',
  surplusValue: '0.00',
  shortageQty: '0.0000',
  shortageValue: '0.00',
  netQty: '0.0000',
  netValue: '0.00',
};
const auditOf = (status: 'counting' | 'posted') =>
  auditSchema.parse({
    id: 5,
    number: 'AUD-2026-00005',
    documentDate: '2026-11-21',
    status,
    warehouseId: 1,
    warehouseName: 'Склад матеріалів',
    scope: 'full',
    blind: false,
    lineCount: 1,
    countedCount: 0,
    netVarianceValue: '0.00',
    categoryIds: [],
    itemIds: [],
    scopeNames: [],
    counterIds: [],
    counterNames: [],
    notes: null,
    version: 2,
    uncountedPolicy: null,
    startedAt: '2026-11-21T08:00:00.000Z',
    postedAt: status === 'posted' ? '2026-11-21T12:00:00.000Z' : null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-11-21T07:00:00.000Z',
    totals,
  });
const solder = (fields: Partial<AuditLine> = {}) =>
  auditLineSchema.parse({
    id: 1,
    itemId: 70,
    sku: 'ПРП-1',
    name: 'Припій ПОС-61',
    unitShortName: 'г',
    barcode: null,
    snapshotQty: '2500.0000',
    countedQty: null,
    onHand: '2500.0000',
    expectedQty: null,
    variance: null,
    varianceValue: null,
    avgCost: '0.400000',
    unitCost: null,
    reason: null,
    countedAt: null,
    countedByName: null,
    movedSinceSnapshot: false,
    ...fields,
  });

function stubApi(audit: ReturnType<typeof auditOf>, lines: AuditLine[]) {
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/inventory-audits/5') return jsonResponse(audit);
    if (url === '/api/inventory-audits/5/lines') return jsonResponse(lines);
    if (url === '/api/inventory-audits/item-units?itemId=70') {
      return jsonResponse({ stockUnit: grams, units: [grams, kilograms] });
    }
    if (url === '/api/inventory-audits/5/lines/1' && init.method === 'PATCH') {
      return jsonResponse(
        solder({
          countedQty: '2750.0000',
          enteredQty: '2.7500',
          enteredUnitId: 3,
          enteredUnitShortName: 'кг',
          variance: '250.0000',
          varianceValue: '100.00',
        }),
      );
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

describe('InventoryAuditPage — a count in another unit', () => {
  it("shows the hint for 'кг' and sends the unit with the typed count", async () => {
    const fetchMock = stubApi(auditOf('counting'), [solder()]);
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });

    const unit = await screen.findByRole('combobox', { name: 'Одиниця підрахунку: ПРП-1' });
    expect(unit.textContent).toBe('г');
    // The units are asked for only once the select is opened.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('item-units'))).toBe(false);
    await user.click(unit);
    await user.click(await screen.findByRole('option', { name: 'кг' }));
    const count = screen.getByRole('textbox', { name: 'Пораховано: ПРП-1' }) as HTMLInputElement;
    await user.click(count);
    await user.keyboard('2,75');
    expect(screen.getByText(/^= 2\s750 г$/)).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url, init]) => url === '/api/inventory-audits/5/lines/1' && init?.method === 'PATCH')
          .map(([, init]) => JSON.parse(String(init!.body)) as unknown),
      ).toEqual([{ countedQty: '2.75', unitId: 3 }]),
    );
    await waitFor(() => expect(count.value).toBe('2,75'));
  });

  it('shows a posted count as typed under the stock quantity', async () => {
    const counted = solder({
      countedQty: '2750.0000',
      enteredQty: '2.7500',
      enteredUnitId: 3,
      enteredUnitShortName: 'кг',
      expectedQty: '2500.0000',
      variance: '250.0000',
      varianceValue: '100.00',
    });
    stubApi(auditOf('posted'), [counted]);
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });
    const grid = await screen.findByRole('table', { name: 'Рядки інвентаризації' });
    const row = within(grid).getByText('Припій ПОС-61').closest('tr')!;
    expect(within(row).getByText('2,75 кг')).toBeTruthy();
    expect(within(row).getByText(/^2\s750$/)).toBeTruthy();
  });
});
