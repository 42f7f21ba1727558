// Issue 21 on the drawer: a finished order is 'Готово до завершення' with 'Завершити' as its one main action, and the
// drawer and the release dialog name every short material (SKU, name, needed, available, unit, decimal comma).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moDetailSchema } from '@/modules/manufacturing/manufacturing.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ManufacturingPage } from './manufacturing-page.tsx';
import { inProgress, openDrawer, planned, stubApi } from './manufacturing-page.kit.tsx';

afterEach(() => vi.unstubAllGlobals());

const shortLines = [
  { itemId: 7, sku: 'M-CASE-Z1', name: 'Корпус', unit: 'шт', needed: '4.0000', available: '1.0000' },
  { itemId: 8, sku: 'MAT-LABEL', name: 'Етикетка', unit: 'м', needed: '2.5000', available: '0.0000' },
];
const isPrimary = (button: HTMLElement) => button.className.includes('bg-primary');

describe('ManufacturingPage — completion readiness and material availability', () => {
  it('makes «Завершити» the main action of a finished order and marks it «Готово до завершення»', async () => {
    const finished = moDetailSchema.parse({
      ...inProgress,
      producedQty: inProgress.qty,
      progress: 100,
      readyToComplete: true,
    });
    stubApi(undefined, finished);
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('Готово до завершення')).toBeTruthy();
    const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons[0]!.textContent?.trim()).toBe('Завершити');
    expect(isPrimary(buttons[0]!)).toBe(true);
    expect(isPrimary(within(group).getByRole('button', { name: 'Випустити продукцію' }))).toBe(false);
  });

  it('keeps «Випустити продукцію» the main action while the quantity is not produced', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user);
    expect(within(drawer).queryByText('Готово до завершення')).toBeNull();
    const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
    expect(isPrimary(within(group).getByRole('button', { name: 'Випустити продукцію' }))).toBe(true);
    expect(within(drawer).getByText('Матеріалів достатньо')).toBeTruthy();
  });

  it('names every short material on the drawer and in the release dialog', async () => {
    const short = moDetailSchema.parse({ ...planned, materialsShort: shortLines });
    stubApi((url, init) =>
      url === '/api/manufacturing-orders/6' && (init.method ?? 'GET') === 'GET' ? jsonResponse(short) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    const drawer = await openDrawer(user, 'MO-2026-00006');
    const notice = within(drawer).getByRole('status', { name: 'Бракує матеріалів' });
    expect(notice.textContent).toContain('M-CASE-Z1 Корпус — потрібно 4 шт, є 1 шт');
    expect(notice.textContent).toContain('MAT-LABEL Етикетка — потрібно 2,5 м, є 0 м');

    await user.click(within(drawer).getByRole('button', { name: 'Запустити' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Бракує матеріалів');
    expect(dialog.textContent).toContain('MAT-LABEL Етикетка — потрібно 2,5 м, є 0 м');
  });
});
