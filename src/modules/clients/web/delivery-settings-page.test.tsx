import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { presetCreateSchema, presetUpdateSchema, type DeliveryPreset } from '@/modules/clients/clients.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { DeliverySettingsPage } from './delivery-settings-page.tsx';

const BASE = '/api/clients/7/delivery-settings';

const home: DeliveryPreset = {
  id: 1,
  clientId: 7,
  label: 'Дім',
  carrierId: 3,
  carrierName: 'Нова пошта',
  recipientName: 'Ірина Мельник',
  recipientPhone: '+380501234567',
  cityRef: null,
  cityName: 'Київ',
  deliveryType: 'branch',
  warehouseRef: null,
  warehouseNumber: '12',
  warehouseAddress: 'вул. Хрещатик, 1',
  street: null,
  building: null,
  flat: null,
  serviceType: 'WarehouseWarehouse',
  payerType: 'Recipient',
  paymentMethod: 'Cash',
  codEnabled: true,
  isPrimary: true,
  isActive: true,
  notes: null,
};
const office: DeliveryPreset = {
  ...home,
  id: 2,
  label: 'Офіс',
  cityName: 'Львів',
  deliveryType: 'address',
  warehouseNumber: null,
  warehouseAddress: null,
  street: 'вул. Городоцька',
  building: '5',
  flat: '3',
  serviceType: 'WarehouseDoors',
  payerType: 'Sender',
  paymentMethod: 'NonCash',
  codEnabled: false,
  isPrimary: false,
  isActive: false,
};

let presets: DeliveryPreset[];
type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/clients/7') return jsonResponse({ id: 7, name: 'Ірина Мельник', legalForm: 'individual' });
    if (url === BASE && (init.method ?? 'GET') === 'GET') return jsonResponse(presets);
    if (url.startsWith('/api/lookups/carriers')) {
      return jsonResponse([
        { id: 3, label: 'Нова пошта' },
        { id: 4, label: 'Укрпошта' },
      ]);
    }
    return jsonResponse({ error: 'Клієнта не знайдено' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && init?.method === method);
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

function renderPage(path = '/clients/7/delivery-settings') {
  return renderWithProviders(
    <Route path="/clients/:id/delivery-settings">
      <DeliverySettingsPage />
    </Route>,
    { path },
  );
}

beforeEach(() => {
  presets = [home, office];
});

describe('DeliverySettingsPage', () => {
  it('lists the presets with their place, badges and Ukrainian labels, as a table and as cards', async () => {
    stubApi();
    renderPage();

    expect(screen.getByText('Завантаження пресетів...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Налаштування доставки: Ірина Мельник' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'До клієнтів' }).getAttribute('href')).toBe('/clients');

    const table = await screen.findByRole('table', { name: 'Пресети доставки' });
    const homeRow = within(table).getByText('Дім').closest('tr')!;
    expect(within(homeRow).getByText('Основний')).toBeTruthy();
    expect(within(homeRow).getByText('Нова пошта')).toBeTruthy();
    expect(within(homeRow).getByText('+380501234567')).toBeTruthy();
    expect(within(homeRow).getByText('Київ, відділення № 12, вул. Хрещатик, 1')).toBeTruthy();
    expect(within(homeRow).getByText('Відділення')).toBeTruthy();
    expect(within(homeRow).getByText('Одержувач · Готівка')).toBeTruthy();
    expect(within(homeRow).getByText('Накладений платіж')).toBeTruthy();
    // The primary one cannot be made primary again.
    expect(within(homeRow).queryByRole('button', { name: 'Зробити основним: Дім' })).toBeNull();

    const officeRow = within(table).getByText('Офіс').closest('tr')!;
    expect(within(officeRow).getByText('Неактивний')).toBeTruthy();
    expect(within(officeRow).queryByText('Основний')).toBeNull();
    expect(within(officeRow).getByText('Львів, вул. Городоцька, буд. 5, кв. 3')).toBeTruthy();
    expect(within(officeRow).getByText('Адресна доставка')).toBeTruthy();
    expect(within(officeRow).getByText('Склад — двері')).toBeTruthy();
    expect(within(officeRow).getByText('Відправник · Безготівка')).toBeTruthy();
    expect(within(officeRow).getByRole('button', { name: 'Зробити основним: Офіс' })).toBeTruthy();

    // The same presets as cards for a phone.
    const cards = screen.getByRole('list', { name: 'Пресети доставки' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Львів, вул. Городоцька, буд. 5, кв. 3')).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Редагувати: Офіс' })).toBeTruthy();
  });

  it('shows the empty state, and says when the client does not exist', async () => {
    presets = [];
    stubApi();
    const { unmount } = renderPage();
    expect(await screen.findByText('Пресетів доставки ще немає')).toBeTruthy();
    unmount();

    stubApi();
    renderPage('/clients/99/delivery-settings');
    expect(await screen.findByRole('heading', { name: 'Клієнта не знайдено' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'До клієнтів' }).getAttribute('href')).toBe('/clients');
  });

  it('refuses an incomplete preset in Ukrainian, then creates it with the right body', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url !== BASE || init.method !== 'POST') return undefined;
      const created = { ...office, id: 3, label: 'Склад', isActive: true };
      presets = [...presets, created];
      return jsonResponse(created, 201);
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Новий пресет доставки' }));
    const dialog = screen.getByRole('dialog', { name: 'Новий пресет доставки' });
    expect(within(dialog).getByText(/Пошук міст і відділень Нової пошти/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByText('Оберіть перевізника зі списку')).toBeTruthy();
    expect(within(dialog).getAllByText("Обов'язкове поле").length).toBeGreaterThanOrEqual(3);
    expect(within(dialog).getByText('Вкажіть місто')).toBeTruthy();
    expect(within(dialog).getByText('Вкажіть номер або адресу відділення')).toBeTruthy();
    expect(calls(fetchMock, 'POST', BASE)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Назва пресету' }), 'Склад');
    await user.click(within(dialog).getByRole('combobox', { name: 'Перевізник' }));
    await user.click(await screen.findByRole('option', { name: 'Нова пошта' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Одержувач' }), 'Ірина Мельник');
    await user.type(within(dialog).getByRole('textbox', { name: 'Телефон одержувача' }), '050 123 45 67');
    await user.type(within(dialog).getByRole('textbox', { name: 'Місто' }), 'Львів');
    await user.click(within(dialog).getByRole('combobox', { name: 'Тип доставки' }));
    await user.click(await screen.findByRole('option', { name: 'Адресна доставка' }));
    // Address delivery asks for the street and building instead of a branch, and goes to the door.
    expect(within(dialog).queryByLabelText('Номер відділення')).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Тип послуги' }).textContent).toContain('Склад — двері');
    await user.type(within(dialog).getByRole('textbox', { name: 'Вулиця' }), 'вул. Городоцька');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByText('Для адресної доставки вкажіть вулицю і будинок')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Будинок' }), '5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Платник доставки' }));
    await user.click(await screen.findByRole('option', { name: 'Відправник' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Контроль оплати (накладений платіж)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));

    expect(await screen.findByText('Пресет доставки створено')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новий пресет доставки' })).toBeNull());
    const posts = calls(fetchMock, 'POST', BASE);
    expect(posts).toHaveLength(1);
    const body = bodyOf(posts[0]);
    expect(body).toEqual({
      label: 'Склад',
      carrierId: 3,
      recipientName: 'Ірина Мельник',
      recipientPhone: '+380501234567',
      cityRef: null,
      cityName: 'Львів',
      deliveryType: 'address',
      warehouseRef: null,
      warehouseNumber: null,
      warehouseAddress: null,
      street: 'вул. Городоцька',
      building: '5',
      flat: null,
      serviceType: 'WarehouseDoors',
      payerType: 'Sender',
      paymentMethod: 'Cash',
      codEnabled: true,
      isPrimary: false,
      isActive: true,
      notes: null,
    });
    // What the form sends is what the server accepts.
    expect(presetCreateSchema.safeParse(body).success).toBe(true);
    const table = screen.getByRole('table', { name: 'Пресети доставки' });
    expect(await within(table).findByText('Склад')).toBeTruthy();
  });

  it('puts the server’s field messages under the inputs', async () => {
    stubApi((url, init) =>
      url === BASE && init.method === 'POST'
        ? jsonResponse(
            { error: 'Оберіть перевізника зі списку', fields: { carrierId: 'Оберіть перевізника зі списку' } },
            400,
          )
        : undefined,
    );
    const user = userEvent.setup();
    presets = [];
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Новий пресет доставки' }));
    const dialog = screen.getByRole('dialog');
    // The client's first preset is primary anyway.
    expect(within(dialog).getByRole('switch', { name: 'Основний' }).getAttribute('aria-checked')).toBe('true');
    await user.type(within(dialog).getByRole('textbox', { name: 'Назва пресету' }), 'Дім');
    await user.click(within(dialog).getByRole('combobox', { name: 'Перевізник' }));
    await user.click(await screen.findByRole('option', { name: 'Укрпошта' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Одержувач' }), 'Ірина');
    await user.type(within(dialog).getByRole('textbox', { name: 'Телефон одержувача' }), '0501234567');
    await user.type(within(dialog).getByRole('textbox', { name: 'Місто' }), 'Київ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Номер відділення' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Перевізник' });
    await waitFor(() => expect(picker.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Оберіть перевізника зі списку')).toBeTruthy();
  });

  it('edits a preset with PATCH, keeping its Nova Poshta references unless the place changed', async () => {
    presets = [{ ...home, cityRef: 'city-ref', warehouseRef: 'wh-ref' }, office];
    const fetchMock = stubApi((url, init) =>
      url === `${BASE}/1` && init.method === 'PATCH' ? jsonResponse({ ...home, label: 'Дім (новий)' }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Пресети доставки' });
    await user.click(within(table).getByRole('button', { name: 'Редагувати: Дім' }));
    const dialog = screen.getByRole('dialog', { name: 'Редагування: Дім' });
    expect((within(dialog).getByRole('textbox', { name: 'Номер відділення' }) as HTMLInputElement).value).toBe('12');
    expect(within(dialog).getByRole('combobox', { name: 'Перевізник' }).textContent).toContain('Нова пошта');
    await user.type(within(dialog).getByRole('textbox', { name: 'Назва пресету' }), ' (новий)');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Пресет доставки збережено')).toBeTruthy();
    const body = bodyOf(calls(fetchMock, 'PATCH', `${BASE}/1`)[0]) as Record<string, unknown>;
    expect(body).toMatchObject({
      label: 'Дім (новий)',
      cityRef: 'city-ref',
      warehouseRef: 'wh-ref',
      warehouseNumber: '12',
      street: null,
    });
    expect(presetUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('makes a preset primary', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url !== `${BASE}/2/make-primary` || init.method !== 'POST') return undefined;
      presets = [
        { ...office, isPrimary: true },
        { ...home, isPrimary: false },
      ];
      return jsonResponse(presets[0]);
    });
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Пресети доставки' });
    await user.click(within(table).getByRole('button', { name: 'Зробити основним: Офіс' }));

    expect(await screen.findByText('Основний пресет змінено')).toBeTruthy();
    expect(calls(fetchMock, 'POST', `${BASE}/2/make-primary`)).toHaveLength(1);
    await waitFor(() => {
      const officeRow = within(table).getByText('Офіс').closest('tr')!;
      expect(within(officeRow).getByText('Основний')).toBeTruthy();
    });
    const homeRow = within(table).getByText('Дім').closest('tr')!;
    expect(within(homeRow).queryByText('Основний')).toBeNull();
    expect(within(homeRow).getByRole('button', { name: 'Зробити основним: Дім' })).toBeTruthy();
  });

  it('deletes a preset only after a confirmation', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url !== `${BASE}/2` || init.method !== 'DELETE') return undefined;
      presets = [home];
      return new Response(null, { status: 204 });
    });
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Пресети доставки' });
    await user.click(within(table).getByRole('button', { name: 'Видалити: Офіс' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Видалити пресет «Офіс»?' });
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати' }));
    expect(calls(fetchMock, 'DELETE', `${BASE}/2`)).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Видалити: Офіс' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Видалити' }));
    expect(await screen.findByText('Пресет доставки видалено')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', `${BASE}/2`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Офіс')).toBeNull());
  });
});
