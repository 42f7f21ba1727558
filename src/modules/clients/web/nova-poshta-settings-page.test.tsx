import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { npSettingsBodySchema, type NpSettings } from '@/modules/clients/clients.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { NovaPoshtaSettingsPage } from './nova-poshta-settings-page.tsx';

const URL = '/api/clients/7/nova-poshta-settings';
const KEY = '0123456789abcdef0123456789abcdef';

const blank: NpSettings = {
  clientId: 7,
  clientName: 'ТОВ «Вектор»',
  recipientCounterpartyRef: null,
  contactPersonRefs: {},
  hasApiKey: false,
  senderCounterpartyRef: null,
  senderContactRef: null,
  senderCityRef: null,
  senderWarehouseRef: null,
  senderPhone: null,
  isActive: false,
};

let settings: NpSettings;
type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === URL && (init.method ?? 'GET') === 'GET') return jsonResponse(settings);
    if (url === URL && init.method === 'PUT') {
      const body = npSettingsBodySchema.parse(JSON.parse(String(init.body)));
      const { apiKey, resetRecipientRefs, ...rest } = body;
      settings = { ...settings, ...rest, hasApiKey: settings.hasApiKey || apiKey !== undefined };
      if (resetRecipientRefs) settings = { ...settings, recipientCounterpartyRef: null, contactPersonRefs: {} };
      return jsonResponse(settings);
    }
    return jsonResponse({ error: 'Клієнта не знайдено' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && init?.method === method);
const bodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  calls(fetchMock, 'PUT', URL).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

function renderPage(path = '/clients/7/nova-poshta-settings') {
  return renderWithProviders(
    <Route path="/clients/:id/nova-poshta-settings">
      <NovaPoshtaSettingsPage />
    </Route>,
    { path },
  );
}

beforeEach(() => {
  settings = blank;
});

describe('NovaPoshtaSettingsPage', () => {
  it('shows the recipient references, or says they come with the first waybill', async () => {
    settings = {
      ...blank,
      recipientCounterpartyRef: 'a1b2c3d4-0000-1111-2222-333344445555',
      contactPersonRefs: { '+380501234567': 'c0ffee00-1111-2222-3333-444455556666' },
    };
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Нова пошта клієнта: ТОВ «Вектор»' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'До клієнтів' }).getAttribute('href')).toBe('/clients');
    expect(screen.getByText('a1b2c3d4-0000-1111-2222-333344445555')).toBeTruthy();
    expect(screen.getByText('+380501234567')).toBeTruthy();
    expect(screen.getByText('c0ffee00-1111-2222-3333-444455556666')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Скинути' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Скинути дані одержувача?' });
    expect(calls(fetchMock, 'PUT', URL)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Скинути' }));

    expect(await screen.findByText('Дані одержувача скинуто')).toBeTruthy();
    expect(bodies(fetchMock)).toEqual([{ resetRecipientRefs: true }]);
    expect(screen.getByText('Ще не заповнено — заповниться під час першої накладної')).toBeTruthy();
    expect(screen.queryByText('a1b2c3d4-0000-1111-2222-333344445555')).toBeNull();
    expect(screen.getByRole('button', { name: 'Скинути' }).hasAttribute('disabled')).toBe(true);
  });

  it('never sends an empty API key, refuses a malformed one, and sends a new one once', async () => {
    settings = { ...blank, hasApiKey: true, senderPhone: '+380670001122', isActive: true };
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderPage();

    const key = (await screen.findByLabelText('Ключ API')) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(screen.getByText('Ключ збережено')).toBeTruthy();
    expect((screen.getByLabelText('Телефон відправника') as HTMLInputElement).value).toBe('+380670001122');

    // Empty key: the stored one is kept, and the body has no apiKey at all.
    await user.type(screen.getByLabelText('Місто відправника (Ref)'), 'city-ref-1');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Налаштування Нової пошти збережено')).toBeTruthy();
    expect(bodies(fetchMock)).toEqual([
      {
        senderCounterpartyRef: null,
        senderContactRef: null,
        senderCityRef: 'city-ref-1',
        senderWarehouseRef: null,
        senderPhone: '+380670001122',
        isActive: true,
      },
    ]);

    await user.type(key, 'short');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Ключ API Нової пошти — 32 шістнадцяткові символи')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', URL)).toHaveLength(1);

    await user.clear(key);
    await user.type(key, KEY);
    await user.click(screen.getByRole('switch', { name: 'Використовувати цей профіль' }));
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', URL)).toHaveLength(2));
    expect(bodies(fetchMock)[1]).toMatchObject({ apiKey: KEY, isActive: false, senderCityRef: 'city-ref-1' });
    // Once saved, the key leaves the input and is never shown again.
    await waitFor(() => expect(key.value).toBe(''));
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('shows the key test result as a green or a red message', async () => {
    settings = { ...blank, hasApiKey: true };
    let valid = false;
    const fetchMock = stubApi((url, init) =>
      url === `${URL}/test` && init.method === 'POST'
        ? jsonResponse(
            valid ? { valid, message: 'Ключ дійсний' } : { valid, message: 'Нова пошта: термін дії ключа API минув' },
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Перевірити ключ' }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toBe('Нова пошта: термін дії ключа API минув');
    expect(failure.className).toContain('text-destructive');

    valid = true;
    await user.click(screen.getByRole('button', { name: 'Перевірити ключ' }));
    const success = await screen.findByText('Ключ дійсний');
    expect(success.getAttribute('role')).toBe('status');
    expect(success.className).toContain('emerald');
    expect(screen.queryByText('Нова пошта: термін дії ключа API минув')).toBeNull();
    expect(calls(fetchMock, 'POST', `${URL}/test`)).toHaveLength(2);
  });

  it('cannot test without a stored key, and removes the key after a confirmation', async () => {
    settings = { ...blank, hasApiKey: true, isActive: true };
    const fetchMock = stubApi((url, init) => {
      if (url !== `${URL}/api-key` || init.method !== 'DELETE') return undefined;
      settings = { ...settings, hasApiKey: false, isActive: false };
      return jsonResponse({ ...settings, message: 'Ключ API видалено' });
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Видалити ключ' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Видалити ключ API?' })).getByRole('button', { name: 'Видалити' }),
    );
    expect(await screen.findByText('Ключ API видалено')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', `${URL}/api-key`)).toHaveLength(1);
    expect(screen.queryByText('Ключ збережено')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Видалити ключ' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Перевірити ключ' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Щоб перевірити ключ, спочатку збережіть його.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Використовувати цей профіль' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('says when the client does not exist', async () => {
    stubApi();
    renderPage('/clients/99/nova-poshta-settings');
    expect(await screen.findByRole('heading', { name: 'Клієнта не знайдено' })).toBeTruthy();
  });
});
