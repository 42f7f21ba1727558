import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  auditCreateSchema,
  auditSchema,
  auditSummarySchema,
  type AuditSummary,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { InventoryAuditsPage } from './inventory-audits-page.tsx';
import { pick } from '@/web/testing/pick.ts';

const counting: AuditSummary = auditSummarySchema.parse({
  id: 5,
  number: 'AUD-2026-00005',
  documentDate: '2026-11-21',
  status: 'counting',
  warehouseId: 1,
  warehouseName: 'Склад комплектуючих',
  scope: 'full',
  blind: true,
  lineCount: 3,
  countedCount: 2,
  netVarianceValue: '-15.00',
});
const posted: AuditSummary = auditSummarySchema.parse({
  ...counting,
  id: 4,
  number: 'AUD-2026-00004',
  status: 'posted',
  scope: 'categories',
  blind: false,
  lineCount: 10,
  countedCount: 10,
  netVarianceValue: '1250.50',
});
const draft: AuditSummary = auditSummarySchema.parse({
  ...counting,
  id: 3,
  number: 'AUD-2026-00003',
  status: 'draft',
  scope: 'items',
  blind: false,
  lineCount: 0,
  countedCount: 0,
  netVarianceValue: '0.00',
});

function listResponse(rows: AuditSummary[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

function stubApi(answer: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/inventory-audits?')) return listResponse([counting, posted, draft], 3);
    if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 1, label: 'Склад комплектуючих' }]);
    if (url.startsWith('/api/lookups/components')) return jsonResponse([{ id: 12, label: 'Резистор 10 кОм' }]);
    if (url.startsWith('/api/lookups/workers')) return jsonResponse([{ id: 7, label: 'Петренко Іван' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/inventory-audits?'));

describe('InventoryAuditsPage', () => {
  it('lists the audits with status, scope, progress and net variance; filters, sorts and opens one', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<InventoryAuditsPage />, { path: '/inventory-audits' });

    expect(screen.getByRole('heading', { name: 'Інвентаризація' })).toBeTruthy();
    const row = (await screen.findByText('AUD-2026-00005')).closest('tr')!;
    expect(within(row).getByText('21.11.2026')).toBeTruthy();
    expect(within(row).getByText('Склад комплектуючих')).toBeTruthy();
    expect(within(row).getByText('Повна')).toBeTruthy();
    expect(within(row).getByText('(сліпий)')).toBeTruthy();
    expect(within(row).getByText('Підрахунок')).toBeTruthy();
    expect(within(row).getByText('2 / 3')).toBeTruthy();
    expect(within(row).getByText('\u221215,00 грн')).toBeTruthy();
    const postedRow = screen.getByText('AUD-2026-00004').closest('tr')!;
    expect(within(postedRow).getByText('За категоріями')).toBeTruthy();
    expect(within(postedRow).getByText('Проведено')).toBeTruthy();
    expect(within(postedRow).getByText('1 250,50 грн')).toBeTruthy();
    const draftRow = screen.getByText('AUD-2026-00003').closest('tr')!;
    expect(within(draftRow).getByText('Вибіркова')).toBeTruthy();
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();
    expect(screen.getByText('Показано 1–3 з 3')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/inventory-audits?page=1&limit=20&sort=-documentDate']);

    await user.type(screen.getByRole('searchbox', { name: 'Пошук інвентаризацій' }), 'AUD-5');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('search=AUD-5'));
    await pick(user, screen.getByRole('combobox', { name: 'Статус' }), 'Підрахунок');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=counting'));
    await pick(user, screen.getByRole('combobox', { name: 'Обсяг' }), 'Вибіркова');
    await pick(user, screen.getByRole('combobox', { name: 'Склад' }), 'Склад комплектуючих');
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        '/api/inventory-audits?page=1&limit=20&search=AUD-5&sort=-documentDate&status=counting&scope=items&warehouseId=1',
      ),
    );
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&dateFrom=2026-11-01'));
    const valueHeader = screen.getByRole('columnheader', { name: /Розбіжність, грн/ });
    await user.click(within(valueHeader).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=netVarianceValue'));
    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe('/api/inventory-audits?page=1&limit=20&sort=netVarianceValue'),
    );

    await user.click(screen.getByRole('button', { name: 'Відкрити інвентаризацію AUD-2026-00005' }));
    expect(location.history.at(-1)).toBe('/inventory-audits/5');
  });

  it('shows the load error with a retry, then the empty state', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.startsWith('/api/inventory-audits?')) return undefined;
      return fail ? jsonResponse({ error: 'Сервер недоступний' }, 500) : listResponse([], 0);
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditsPage />, { path: '/inventory-audits' });
    expect(await screen.findByText('Не вдалося завантажити інвентаризації: Сервер недоступний')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Інвентаризацій не знайдено')).toBeTruthy();
    expect(screen.getByText('0 інвентаризацій')).toBeTruthy();
  });

  it('creates a selective blind audit: validates in Ukrainian, sends the exact body and opens it', async () => {
    const created = auditSchema.parse({
      ...draft,
      id: 9,
      number: 'AUD-2026-00009',
      categoryIds: [],
      itemIds: [12],
      scopeNames: ['R-10K'],
      counterIds: [7],
      counterNames: ['Петренко Іван'],
      notes: null,
      version: 1,
      uncountedPolicy: null,
      startedAt: null,
      postedAt: null,
      cancelledAt: null,
      cancelReason: null,
      createdAt: '2026-11-21T08:00:00.000Z',
      totals: {
        surplusQty: '0.0000',
        surplusValue: '0.00',
        shortageQty: '0.0000',
        shortageValue: '0.00',
        netQty: '0.0000',
        netValue: '0.00',
      },
    });
    const fetchMock = stubApi((url, init) =>
      url === '/api/inventory-audits' && init.method === 'POST' ? jsonResponse(created, 201) : undefined,
    );
    const user = userEvent.setup();
    const { location } = renderWithProviders(<InventoryAuditsPage />, { path: '/inventory-audits' });
    await screen.findByText('AUD-2026-00005');

    await user.click(screen.getByRole('button', { name: 'Нова інвентаризація' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нова інвентаризація' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Обсяг' }));
    await user.click(await screen.findByRole('option', { name: 'Вибіркова' }));
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByText('Оберіть запис зі списку')).toBeTruthy();
    expect(within(dialog).getByText('Оберіть хоча б одну позицію')).toBeTruthy();

    await pick(user, within(dialog).getByRole('combobox', { name: /Склад/ }), 'Склад комплектуючих');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Компоненти' }), 'Резистор 10 кОм');
    expect(within(dialog).getByRole('button', { name: 'Прибрати «Резистор 10 кОм»' })).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Сліпий підрахунок' }));
    await pick(user, within(dialog).getByRole('combobox', { name: 'Лічильники' }), 'Петренко Іван');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/inventory-audits/9'));
    const body = JSON.parse(
      String(
        fetchMock.mock.calls.find(([url, init]) => url === '/api/inventory-audits' && init?.method === 'POST')![1]!
          .body,
      ),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({
      warehouseId: 1,
      scope: 'items',
      categoryIds: [],
      itemIds: [12],
      blind: true,
      counterIds: [7],
      notes: null,
    });
    expect(auditCreateSchema.safeParse(body).success).toBe(true);
  });
});
