import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { counterpartyMessages } from '@/resources/counterparties/counterparties.resource.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { OrderDialog } from './order-dialog.tsx';

type Answer = (url: string, init: RequestInit) => Response | undefined;

const existing = { id: 3, label: 'ТОВ «Енергоприлад»' };

/** The order form's calls; the lookup of /clients finds the one existing client by any part of its name. */
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/lookups/clients')) {
      const search = new URL(url, 'http://localhost').searchParams.get('search') ?? '';
      return jsonResponse(existing.label.toLowerCase().includes(search.toLowerCase()) ? [existing] : []);
    }
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const callsOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && (init?.method ?? 'GET') === method);
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  callsOf(fetchMock, method, url).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderDialog() {
  const onSaved = vi.fn();
  renderWithProviders(<OrderDialog onSaved={onSaved} onClose={vi.fn()} />, { path: '/orders' });
  return { onSaved };
}

/** Opens the client combobox and types a name; resolves once the search for it has answered. */
async function searchClient(user: ReturnType<typeof userEvent.setup>, name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
  await user.click(within(dialog).getByRole('combobox', { name: /Клієнт/ }));
  await user.type(await screen.findByRole('combobox', { name: 'Пошук клієнта' }), name);
  await screen.findByText('Клієнта не знайдено');
  return dialog;
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderDialog — creating a client inline', () => {
  it('offers the creation last, with the typed name, and checks the client by the /clients rules', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderDialog();

    const order = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.click(within(order).getByRole('combobox', { name: /Клієнт/ }));
    const listbox = await screen.findByRole('listbox', { name: 'Пошук клієнта' });
    await within(listbox).findByRole('option', { name: existing.label });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([existing.label, 'Створити нового клієнта']);
    await user.type(screen.getByRole('combobox', { name: 'Пошук клієнта' }), 'Техносвіт');
    await screen.findByText('Клієнта не знайдено');
    await user.click(screen.getByRole('option', { name: 'Створити клієнта «Техносвіт»' }));

    const create = await screen.findByRole('dialog', { name: 'Новий клієнт' });
    expect((within(create).getByLabelText(/Коротка назва/) as HTMLInputElement).value).toBe('Техносвіт');
    // A legal entity by default: its full name is required, as on /clients; nothing is sent.
    await user.click(within(create).getByRole('button', { name: 'Створити' }));
    expect(await within(create).findByText(counterpartyMessages.fullNameRequired)).toBeTruthy();

    // A ФОП: the full name is not asked, the РНОКПП's check digit is verified.
    await user.click(within(create).getByRole('combobox', { name: /Тип/ }));
    await user.click(await screen.findByRole('option', { name: 'ФОП' }));
    expect(within(create).queryByLabelText(/Повна назва/)).toBeNull();
    await user.type(within(create).getByLabelText('РНОКПП'), '3141592651');
    const phone = within(create).getByLabelText('Телефон');
    await user.type(phone, '12345');
    await user.click(within(create).getByRole('button', { name: 'Створити' }));
    expect(await within(create).findByText('Телефон має бути у форматі +380XXXXXXXXX')).toBeTruthy();
    // The rules across fields (the tax id by legal form) speak once every field is readable, as on /clients.
    await user.clear(phone);
    await user.click(within(create).getByRole('button', { name: 'Створити' }));
    expect(await within(create).findByText('Невірна контрольна цифра РНОКПП')).toBeTruthy();
    expect(callsOf(fetchMock, 'POST', '/api/clients')).toHaveLength(0);
  });

  it('creates the client through POST /api/clients, selects it and loads its terms; the order goes with it', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/clients' && init.method === 'POST') {
        return jsonResponse(
          { id: 42, name: 'Техносвіт', legalForm: 'sole_proprietor', taxId: '3141592650', isActive: true },
          201,
        );
      }
      if (url === '/api/orders/clients/42') {
        return jsonResponse({
          id: 42,
          name: 'Техносвіт',
          isActive: true,
          discountPercent: null,
          priceList: 'retail',
          paymentTermDays: 0,
          managerUserId: null,
          defaultCarrierId: null,
          contacts: [],
          presets: [],
        });
      }
      if (url.startsWith('/api/items/options')) {
        return jsonResponse([
          {
            id: 12,
            sku: 'БЖ-12-2',
            name: 'Блок живлення БЖ-12/2',
            kind: 'product',
            barcode: null,
            unitShortName: 'шт',
            retailPrice: '520.000000',
            wholesalePrice: '442.000000',
            vatRate: '20',
            purchasePrice: null,
            purchaseCurrency: null,
            available: '8.0000',
          },
        ]);
      }
      if (url === '/api/orders' && init.method === 'POST') {
        return jsonResponse({ id: 9, orderNumber: 'ORD-2026-00009' }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { onSaved } = renderDialog();
    const order = await searchClient(user, 'Техносвіт');
    await user.click(screen.getByRole('option', { name: 'Створити клієнта «Техносвіт»' }));

    const create = await screen.findByRole('dialog', { name: 'Новий клієнт' });
    await user.click(within(create).getByRole('combobox', { name: /Тип/ }));
    await user.click(await screen.findByRole('option', { name: 'ФОП' }));
    await user.type(within(create).getByLabelText('РНОКПП'), '3141592650');
    await user.type(within(create).getByLabelText('Телефон'), '067 123 45 67');
    await user.type(within(create).getByLabelText('E-mail'), 'Info@Tekhnosvit.ua');
    await user.click(within(create).getByRole('button', { name: 'Створити' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новий клієнт' })).toBeNull());
    expect(bodiesOf(fetchMock, 'POST', '/api/clients')).toEqual([
      {
        legalForm: 'sole_proprietor',
        name: 'Техносвіт',
        fullName: null,
        taxId: '3141592650',
        phone: '+380671234567',
        email: 'info@tekhnosvit.ua',
        isActive: true,
      },
    ]);
    // Selected in the order, with its terms loaded as for any chosen client.
    const clientBox = within(order).getByRole('combobox', { name: /Клієнт/ });
    await waitFor(() => expect(clientBox.textContent).toContain('Техносвіт'));
    expect(await within(order).findByText('передоплата · роздрібні ціни')).toBeTruthy();
    expect(callsOf(fetchMock, 'GET', '/api/orders/clients/42').length).toBeGreaterThan(0);

    await user.click(within(order).getByRole('combobox', { name: 'Товар або послуга' }));
    await user.click(await screen.findByRole('option', { name: /Блок живлення БЖ-12\/2/ }));
    await user.click(within(order).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodiesOf(fetchMock, 'POST', '/api/orders')[0]).toMatchObject({
      clientId: 42,
      lines: [{ itemId: 12, qty: '1', unitPrice: '520' }],
    });
  });

  it("shows the server's field error under its input and keeps the order without a client", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/clients' && init.method === 'POST'
        ? jsonResponse(
            { error: counterpartyMessages.taxIdTaken, fields: { taxId: counterpartyMessages.taxIdTaken } },
            409,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderDialog();
    const order = await searchClient(user, 'Енергоприлад Плюс');
    await user.click(screen.getByRole('option', { name: 'Створити клієнта «Енергоприлад Плюс»' }));

    const create = await screen.findByRole('dialog', { name: 'Новий клієнт' });
    await user.type(within(create).getByLabelText(/Повна назва/), 'ТОВ «Енергоприлад Плюс»');
    await user.type(within(create).getByLabelText('ЄДРПОУ'), '10126009');
    await user.click(within(create).getByRole('button', { name: 'Створити' }));

    await waitFor(() => expect(callsOf(fetchMock, 'POST', '/api/clients')).toHaveLength(1));
    const taxId = within(create).getByLabelText('ЄДРПОУ');
    await waitFor(() => expect(taxId.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(taxId.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe(counterpartyMessages.taxIdTaken);
    expect(bodiesOf(fetchMock, 'POST', '/api/clients')[0]).toMatchObject({
      legalForm: 'legal_entity',
      name: 'Енергоприлад Плюс',
      fullName: 'ТОВ «Енергоприлад Плюс»',
      taxId: '10126009',
    });

    // Cancelled: the order form is back, still without a client, and no terms were asked for.
    await user.click(within(create).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новий клієнт' })).toBeNull());
    expect(within(order).getByRole('combobox', { name: /Клієнт/ }).textContent).toContain(
      'Почніть вводити назву клієнта',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/orders/clients/'))).toBe(false);
  });

  it('offers no creation to a user without the right to change clients, and says why', async () => {
    const fetchMock = stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 5,
          username: 'seller',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'seller@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/5/accessible-menu')) {
        return jsonResponse([
          { route: '/orders', canView: true, canAccess: true },
          { route: '/clients', canView: true, canAccess: false },
        ]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderDialog();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/users/5/accessible-menu'))).toBe(true),
    );

    const order = await screen.findByRole('dialog', { name: 'Нове замовлення клієнта' });
    await user.click(within(order).getByRole('combobox', { name: /Клієнт/ }));
    const listbox = await screen.findByRole('listbox', { name: 'Пошук клієнта' });
    await within(listbox).findByRole('option', { name: existing.label });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    expect(screen.queryByText(/Створювати клієнтів можуть лише/)).toBeNull();

    await user.type(screen.getByRole('combobox', { name: 'Пошук клієнта' }), 'Техносвіт');
    expect(await screen.findByText('Клієнта не знайдено')).toBeTruthy();
    expect(screen.getByText(/Створювати клієнтів можуть лише користувачі з доступом/)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Створити клієнта/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Новий клієнт' })).toBeNull();
    expect(callsOf(fetchMock, 'POST', '/api/clients')).toHaveLength(0);
  });
});
