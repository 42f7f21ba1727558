import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shipment } from '@/modules/shipments/shipments.contract.ts';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { bodiesOf, draft, listUrls, openDrawer, posted, stubApi } from './shipments-page.fixture.ts';
import { ShipmentsPage } from './shipments-page.tsx';

afterEach(() => vi.restoreAllMocks());

describe('ShipmentsPage', () => {
  it('shows the cards and the list; a card filters, the search from the link is sent', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?search=SHP-2026-00008' });

    expect(screen.getByRole('heading', { name: 'Відвантаження' })).toBeTruthy();
    expect((screen.getByLabelText('Пошук відвантажень') as HTMLInputElement).value).toBe('SHP-2026-00008');
    const stats = screen.getByRole('region', { name: 'Показники відвантажень' });
    await waitFor(() => expect(within(stats).getByText('Проблеми')).toBeTruthy());
    expect(within(stats).getByText('Чернетки до відвантаження')).toBeTruthy();
    expect(await within(stats).findByText('5')).toBeTruthy();

    const row = (await screen.findByText('SHP-2026-00008')).closest('tr')!;
    expect(within(row).getByText('Проведено')).toBeTruthy();
    expect(within(row).getByText('В дорозі')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '20450000000011' }).getAttribute('href')).toContain('cargo_number=');
    const draftRow = screen.getByText('SHP-2026-00007').closest('tr')!;
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();
    expect(within(draftRow).getByText('2 400,00')).toBeTruthy();
    expect(listUrls(fetchMock)[0]).toBe('/api/shipments?page=1&limit=20&search=SHP-2026-00008&sort=-shipmentDate');

    await user.click(within(stats).getByRole('button', { name: /Проблеми/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('problems=true'));
    await user.click(within(stats).getByRole('button', { name: /Отримано за тиждень/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('deliveryStatus=delivered'));
    expect(listUrls(fetchMock).at(-1)).toContain('deliveredFrom=2026-11-09');
    expect(listUrls(fetchMock).at(-1)).not.toContain('problems=true');
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dateFrom=2026-11-01'));
  });

  it('shows the empty state and the load error with a retry', async () => {
    let fail = true;
    stubApi((url) => {
      if (url.startsWith('/api/shipments?')) {
        if (fail) return jsonResponse({ error: 'База даних недоступна' }, 503);
        return new Response('[]', { headers: { 'content-type': 'application/json', 'X-Total-Count': '0' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    expect(await screen.findByText(/Не вдалося завантажити відвантаження/, {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Відвантажень не знайдено')).toBeTruthy();
  });

  it('creates the waybill, prints its label through the server and shows the tracking timeline', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const created: Shipment = {
      ...draft,
      waybillState: 'created',
      deliveryStatus: 'created',
      trackingNumber: '20450000000012',
      trackingUrl: 'https://novaposhta.ua/tracking/?cargo_number=20450000000012',
      npRef: 'doc-ref',
      shippingCost: '80.00',
      trackingHistory: [
        { at: '2026-11-12T09:10:00.000Z', code: '1', text: 'ЕН 20450000000012 створено', status: 'created' },
      ],
    };
    const fetchMock = stubApi((url, init) =>
      url === '/api/shipments/7/np-waybill' && init.method === 'POST'
        ? jsonResponse({ shipment: created, message: 'ЕН 20450000000012 створено' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?open=7' });
    const drawer = await screen.findByRole('dialog', { name: /SHP-2026-00007/ });
    const block = await within(drawer).findByRole('region', { name: 'Нова пошта' });
    await user.click(within(block).getByRole('button', { name: 'Створити ЕН' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/np-waybill')).toHaveLength(1));
    expect(await within(block).findByRole('link', { name: '20450000000012' })).toBeTruthy();
    expect(within(block).getByText('80,00 грн')).toBeTruthy();
    // The delivery fields are on the waybill now.
    expect(within(drawer).getByText(/Дані доставки є в ЕН/)).toBeTruthy();
    await user.click(within(block).getByRole('button', { name: 'Друк етикетки' }));
    expect(open).toHaveBeenCalledWith('/api/shipments/7/np-label?format=100x100', '_blank');
    const timeline = within(drawer).getByRole('region', { name: 'Історія доставки' });
    expect(within(timeline).getByText(/ЕН 20450000000012 створено/)).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Звірити' })).toBeNull();
  });

  it("offers 'Звірити' for a waybill in an unknown state", async () => {
    const unknown: Shipment = { ...draft, waybillState: 'unknown' };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/shipments/7' && (init.method ?? 'GET') === 'GET') return jsonResponse(unknown);
      if (url === '/api/shipments/7/np-reconcile' && init.method === 'POST') {
        return jsonResponse({
          shipment: {
            ...unknown,
            waybillState: 'created',
            trackingNumber: '20450000000013',
            deliveryStatus: 'created',
          },
          message: 'ЕН 20450000000013 знайдено в Новій пошті',
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments?open=7' });
    const block = await within(await screen.findByRole('dialog', { name: /SHP-2026-00007/ })).findByRole('region', {
      name: 'Нова пошта',
    });
    expect(within(block).getByText(/Нова пошта не відповіла/)).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Створити ЕН' })).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Звірити' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments/7/np-reconcile')).toHaveLength(1));
    expect(await within(block).findByText('20450000000013')).toBeTruthy();
  });

  it('asks for a reason before cancelling a posted shipment', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/shipments/8/cancel' && init.method === 'POST'
        ? jsonResponse({
            ...posted,
            status: 'cancelled',
            cancelReason: 'Повернення',
            cancelledAt: '2026-11-14T10:00:00.000Z',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    const drawer = await openDrawer(user, 'SHP-2026-00008', 'Блок живлення 12 В');
    expect(within(drawer).queryByRole('button', { name: 'Провести' })).toBeNull();
    const timeline = within(drawer).getByRole('region', { name: 'Історія доставки' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(within(timeline).getByText('(5)')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Скасувати' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Скасувати відвантаження?' });
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати відвантаження' }));
    expect(await within(dialog).findByText('Вкажіть причину скасування')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/shipments/8/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Причина/), 'Повернення');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати відвантаження' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/shipments/8/cancel')).toEqual([{ reason: 'Повернення' }]),
    );
  });

  it('ships a confirmed order from the dialog and opens the new draft', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/shipments/shippable-orders')) {
        return jsonResponse([
          {
            id: 3,
            orderNumber: 'ORD-2026-00003',
            orderDate: '2026-11-10',
            status: 'confirmed',
            clientName: 'Енергоплюс',
            remainingLines: 2,
          },
        ]);
      }
      if (url === '/api/shipments' && init.method === 'POST') return jsonResponse(draft, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    await user.click(screen.getByRole('button', { name: 'Відвантажити замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Відвантажити замовлення' });
    expect(await within(dialog).findByText('2 рядки до відвантаження', { exact: false })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Відвантажити ORD-2026-00003' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/shipments')).toEqual([{ orderId: 3 }]));
    expect(await screen.findByRole('dialog', { name: /SHP-2026-00007/ })).toBeTruthy();
  });

  it('shows changes and the Nova Poshta settings only to those who may make them', async () => {
    stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 5,
          username: 'viewer',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'viewer@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/5/accessible-menu')) {
        return jsonResponse([
          { route: '/shipments', canView: true, canAccess: false },
          { route: '/integrations', canView: false, canAccess: false },
        ]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    await screen.findByText('SHP-2026-00007');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Відвантажити замовлення' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Налаштування Нової пошти' })).toBeNull();
    const drawer = await openDrawer(user, 'SHP-2026-00007', 'Блок живлення 12 В');
    expect(within(drawer).getByText('Ви можете лише переглядати відвантаження.')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Провести' })).toBeNull();
    expect(within(drawer).queryByLabelText('Відскануйте або введіть серійний номер')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Видаткова накладна' })).toBeTruthy();
  });

  it('saves the Nova Poshta settings without ever showing the key', async () => {
    const settings = {
      hasApiKey: true,
      senderCounterpartyRef: 'cp-1',
      senderCounterpartyName: 'Приватна особа',
      senderContactRef: 'ct-1',
      senderContactName: 'Петренко Олена',
      senderCityRef: 'city-kyiv',
      senderCityName: 'Київ',
      senderWarehouseRef: 'wh-k1',
      senderWarehouseName: 'Відділення №1',
      senderPhone: '+380501112233',
      defaultServiceType: 'WarehouseWarehouse',
      defaultPayerType: 'Recipient',
      defaultPaymentMethod: 'Cash',
      defaultCargoDescription: 'Електронні прилади',
      trackingIntervalHours: 2,
      directoryRefreshTime: '03:00',
      senderReady: true,
      lastDirectoryRefreshAt: null,
      lastTrackingAt: null,
      settlementCount: 10,
      warehouseCount: 40,
    };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/integrations/nova-poshta' && (init.method ?? 'GET') === 'GET') return jsonResponse(settings);
      if (url === '/api/integrations/nova-poshta' && init.method === 'PUT') return jsonResponse(settings);
      if (url === '/api/integrations/nova-poshta/test') {
        return jsonResponse({ valid: true, message: 'Ключ дійсний', counterparties: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentsPage />, { path: '/shipments' });
    await user.click(await screen.findByRole('button', { name: 'Налаштування Нової пошти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Налаштування Нової пошти' });
    expect(await within(dialog).findByText('Ключ збережено — введіть новий, щоб замінити')).toBeTruthy();
    expect(within(dialog).getByText('У кеші: населених пунктів — 10, відділень — 40')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Перевірити з’єднання' }));
    expect(await within(dialog).findByText('Ключ дійсний')).toBeTruthy();
    // A malformed key is refused before any request.
    await user.type(within(dialog).getByLabelText('Ключ API'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Ключ API Нової пошти — 32 шістнадцяткові символи')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT', '/api/integrations/nova-poshta')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Ключ API'));
    await user.clear(within(dialog).getByLabelText('Інтервал трекінгу, год'));
    await user.type(within(dialog).getByLabelText('Інтервал трекінгу, год'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT', '/api/integrations/nova-poshta')).toHaveLength(1));
    const [body] = bodiesOf(fetchMock, 'PUT', '/api/integrations/nova-poshta') as Array<Record<string, unknown>>;
    expect(body).toMatchObject({ trackingIntervalHours: 4, senderCityRef: 'city-kyiv', senderPhone: '+380501112233' });
    expect(body).not.toHaveProperty('apiKey');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Налаштування Нової пошти' })).toBeNull());
  });
});
