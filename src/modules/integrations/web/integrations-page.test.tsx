import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { Mapping, WebhookSystemSettings } from '../integrations.contract.ts';
import { IntegrationsPage } from './integrations-page.tsx';

const np = {
  hasApiKey: true,
  senderCounterpartyRef: 'c1',
  senderCounterpartyName: 'ТОВ «Енергоплюс»',
  senderContactRef: 'p1',
  senderContactName: 'Іван',
  senderCityRef: 'k1',
  senderCityName: 'Київ',
  senderWarehouseRef: 'w1',
  senderWarehouseName: 'Відділення №1',
  senderPhone: '+380501234567',
  defaultServiceType: 'WarehouseWarehouse',
  defaultPayerType: 'Recipient',
  defaultPaymentMethod: 'Cash',
  defaultCargoDescription: 'Електронні прилади',
  trackingIntervalHours: 2,
  directoryRefreshTime: '03:00',
  senderReady: true,
  lastDirectoryRefreshAt: '2026-11-27T01:00:00.000Z',
  lastTrackingAt: null,
  settlementCount: 1,
  warehouseCount: 12,
};
const webhooks: WebhookSystemSettings[] = [
  {
    system: 'bas',
    label: 'BAS / 1С',
    enabled: true,
    hasSecret: true,
    path: '/api/integrations/webhooks/bas',
    lastEventAt: '2026-11-27T09:30:00.000Z',
    events: 3,
  },
  {
    system: 'bitrix24',
    label: 'Бітрікс24',
    enabled: false,
    hasSecret: false,
    path: '/api/integrations/webhooks/bitrix24',
    lastEventAt: null,
    events: 0,
  },
];
const unmapped: Mapping = {
  id: 5,
  system: 'bas',
  externalCode: 'BAS-777',
  externalName: 'Кабель ПВС',
  itemId: null,
  itemSku: null,
  itemName: null,
  updatedAt: '2026-11-27T09:30:00.000Z',
};

function stubApi() {
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/integrations/nova-poshta' && method === 'GET') return jsonResponse(np);
    if (url === '/api/integrations/nova-poshta/test')
      return jsonResponse({ valid: false, message: 'Нова пошта: невірний ключ API', counterparties: [] });
    if (url === '/api/integrations/webhooks') return jsonResponse(webhooks);
    if (url === '/api/integrations/bank-mailbox') {
      return jsonResponse({
        enabled: true,
        host: 'imap.ukrsibbank.example',
        port: 993,
        tls: true,
        username: 'buh',
        hasPassword: true,
        folder: 'INBOX',
        allowedSenders: ['notify@ukrsibbank.com'],
        parser: 'ukrsibbank',
        pollMinutes: 5,
        lastUid: 41,
        lastPollAt: '2026-11-28T09:00:00.000Z',
        lastError: null,
      });
    }
    if (url.startsWith('/api/integrations/webhook-events')) {
      return jsonResponse(
        url.includes('system=bas')
          ? [
              {
                id: 1,
                system: 'bas',
                externalId: 'ЗК-000123',
                version: 2,
                documentId: 9,
                documentNumber: 'ЗМ-2026-00009',
                receivedAt: '2026-11-27T09:30:00.000Z',
              },
            ]
          : [],
      );
    }
    if (url === '/api/integrations/webhooks/bas/settings') return jsonResponse(webhooks[0]);
    if (url.startsWith('/api/integrations/mappings?')) {
      return new Response(JSON.stringify([unmapped]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
      });
    }
    if (url === '/api/integrations/mappings/5' && method === 'DELETE')
      return jsonResponse({ message: 'Зіставлення видалено' });
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

describe('IntegrationsPage', () => {
  it('shows each integration’s state, the webhook address and the unmapped codes', async () => {
    stubApi();
    renderWithProviders(<IntegrationsPage />, { path: '/integrations' });

    expect(screen.getByRole('heading', { name: 'Інтеграції' })).toBeTruthy();
    expect(await screen.findByText('Ключ API збережено')).toBeTruthy();
    expect(screen.getByText('ТОВ «Енергоплюс», Київ')).toBeTruthy();
    expect(screen.getByText('1 населений пункт, 12 відділень')).toBeTruthy();
    expect(await screen.findByText(`${window.location.origin}/api/integrations/webhooks/bas`)).toBeTruthy();
    expect(screen.getByText('3 запити прийнято')).toBeTruthy();
    expect(await screen.findByText(/ЗК-000123, версія 2 → Замовлення ЗМ-2026-00009/)).toBeTruthy();
    expect(screen.getByText('Секрет підпису не задано:')).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api/integrations/commerceml/exchange`)).toBeTruthy();
    expect(await screen.findByText('imap.ukrsibbank.example:993, INBOX')).toBeTruthy();
    expect(screen.getByText('notify@ukrsibbank.com')).toBeTruthy();
    const row = (await screen.findByText('BAS-777')).closest('tr')!;
    expect(within(row).getByText('Кабель ПВС')).toBeTruthy();
    expect(within(row).getByRole('combobox', { name: 'Позиція для коду BAS-777' })).toBeTruthy();
  });

  it('tests the Nova Poshta key and says Nova Poshta’s answer', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPage />, { path: '/integrations' });
    await screen.findByText('Ключ API збережено');
    const npCard = screen
      .getByText('Нова пошта', { selector: '[data-slot="card-title"]' })
      .closest('[data-slot="card"]') as HTMLElement;
    await user.click(within(npCard).getByRole('button', { name: "Перевірити з'єднання" }));
    expect(await screen.findByText('Нова пошта: невірний ключ API')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/integrations/nova-poshta/test' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('sets a webhook secret write-only and refuses a short one before sending', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPage />, { path: '/integrations' });
    const title = (await screen.findAllByText('BAS / 1С')).find((el) => el.closest('[data-slot="card"]'))!;
    const card = title.closest('[data-slot="card"]') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Налаштування' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вебхуки: BAS / 1С' });
    const secret = within(dialog).getByLabelText('Новий секрет підпису') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    await user.type(secret, 'коротко');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Секрет — від 32 до 200 символів')).toBeTruthy();
    await user.clear(secret);
    await user.type(secret, 'a-long-enough-shared-secret-0123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([url]) => url === '/api/integrations/webhooks/bas/settings');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ secret: 'a-long-enough-shared-secret-0123456789' });
    });
  });

  it('deletes a mapping only after the confirmation', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPage />, { path: '/integrations' });
    const row = (await screen.findByText('BAS-777')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Дії: BAS-777' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Видалити зіставлення коду BAS-777' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити зіставлення?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/integrations/mappings/5' && init?.method === 'DELETE'),
      ).toBe(true),
    );
  });
});
