import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultEnvelopeBlocks,
  envelopeFormats,
  envelopeSizes,
  letterSchema,
  registerSchema,
  type EnvelopeTemplate,
  type Letter,
  type Register,
} from '@/modules/client-mail/client-mail.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ClientMailPage } from './client-mail-page.tsx';
import { pick } from '@/web/testing/pick.ts';

const base: Letter = letterSchema.parse({
  id: 1,
  number: 'MAIL-2026-00001',
  counterpartyId: 3,
  counterpartyName: 'Альфа',
  contactId: null,
  contactName: null,
  recipientName: 'ТОВ «Альфа»',
  recipientAddress: 'м. Київ, вул. Хрещатик, 1\n01001',
  subject: 'Прайс-лист 2027',
  body: null,
  kind: 'registered',
  declaredValue: null,
  envelopeFormat: 'C5',
  companyId: 1,
  companyName: 'Техноприлад',
  status: 'draft',
  registerId: null,
  registerNumber: null,
  registerStatus: null,
  trackingNumber: null,
  postageCost: null,
  sentAt: null,
  deliveredAt: null,
  returnedAt: null,
  notes: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
});
const printed: Letter = { ...base, id: 2, number: 'MAIL-2026-00002', status: 'printed', kind: 'simple' };
const sent: Letter = {
  ...base,
  id: 3,
  number: 'MAIL-2026-00003',
  status: 'sent',
  registerId: 9,
  registerNumber: 'MREG-2026-00001',
  registerStatus: 'sent',
  trackingNumber: 'RR123456789UA',
  sentAt: '2026-11-21T10:00:00.000Z',
};

const draftRegister: Register = registerSchema.parse({
  id: 9,
  number: 'MREG-2026-00001',
  registerDate: '2026-11-21',
  postalService: 'ukrposhta',
  companyId: 1,
  companyName: 'Техноприлад',
  status: 'draft',
  sentAt: null,
  notes: null,
  itemCount: 1,
  totalDeclared: '0.00',
  totalPostage: '42.50',
  createdAt: '2026-11-21T09:00:00.000Z',
  items: [{ ...printed, registerId: 9, registerNumber: 'MREG-2026-00001', registerStatus: 'draft' }],
});

const templates: EnvelopeTemplate[] = envelopeFormats.map((format) => ({
  companyId: 1,
  companyName: 'Техноприлад',
  format,
  ...envelopeSizes[format],
  blocks: defaultEnvelopeBlocks(format),
  advertisingText: null,
  isDefault: false,
  stored: false,
  senderPreview: 'ТОВ «Техноприлад»\n03150, м. Київ, вул. Промислова, 12',
  hasLogo: false,
}));

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    const method = init.method ?? 'GET';
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/client-mail?')) {
      return new Response(JSON.stringify([base, printed, sent]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '3' },
      });
    }
    if (url.startsWith('/api/client-mail/registers?status=draft')) {
      return jsonResponse([{ ...draftRegister, items: undefined }]);
    }
    if (url.startsWith('/api/client-mail/registers?')) {
      const { items: _items, ...summary } = draftRegister;
      return new Response(JSON.stringify([summary]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
      });
    }
    if (url === '/api/client-mail/registers/9' && method === 'GET') return jsonResponse(draftRegister);
    if (url.startsWith('/api/client-mail/envelope-templates') && method === 'GET') return jsonResponse(templates);
    if (url === '/api/client-mail/recipients/3') {
      return jsonResponse({
        counterpartyId: 3,
        recipientName: 'ТОВ «Альфа»',
        recipientAddress: 'м. Київ, вул. Хрещатик, 1\n01001',
        contacts: [
          { id: 8, fullName: 'Мельник Іван', position: 'Директор', recipientName: 'ТОВ «Альфа», Мельник Іван' },
        ],
      });
    }
    if (url.startsWith('/api/lookups/clients'))
      return jsonResponse([
        { id: 3, label: 'Альфа' },
        { id: 4, label: 'Бета' },
      ]);
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/client-mail?'));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

afterEach(() => {
  vi.unstubAllGlobals();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
});

describe('ClientMailPage — letters', () => {
  it('shows the tabs and the letters with Ukrainian statuses, kind, register and tracking number', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    expect(screen.getByRole('heading', { name: 'Листування' })).toBeTruthy();
    for (const tab of ['Листи', 'Реєстри', 'Шаблон конверта'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();

    const draftRow = (await screen.findByText('MAIL-2026-00001')).closest('tr')!;
    expect(within(draftRow).getByText('Чернетка')).toBeTruthy();
    expect(within(draftRow).getByText('Рекомендований')).toBeTruthy();
    expect(within(draftRow).getByText('C5')).toBeTruthy();
    expect(within(draftRow).getByText('Прайс-лист 2027')).toBeTruthy();
    expect(within(screen.getByText('MAIL-2026-00002').closest('tr')!).getByText('Конверт надруковано')).toBeTruthy();
    const sentRow = screen.getByText('MAIL-2026-00003').closest('tr')!;
    expect(within(sentRow).getByText('Відправлено')).toBeTruthy();
    expect(within(sentRow).getByText('MREG-2026-00001')).toBeTruthy();
    expect(within(sentRow).getByText('RR123456789UA')).toBeTruthy();
    expect(screen.getByText('Показано 1–3 з 3')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/client-mail?page=1&limit=20&sort=-createdAt']);
  });

  it('passes the search, status and kind to the URL and sorts by a column', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00001');
    await user.type(screen.getByRole('searchbox', { name: 'Пошук листів' }), 'Альфа');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain(`search=${encodeURIComponent('Альфа')}`));
    await pick(user, screen.getByRole('combobox', { name: 'Статус' }), 'Конверт надруковано');
    await pick(user, screen.getByRole('combobox', { name: 'Вид' }), 'Цінний з описом');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=printed&kind=valuable'));
    await user.click(within(screen.getByRole('columnheader', { name: /Номер/ })).getByRole('button'));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=number'));
  });

  it('prints envelopes of the selected letters in the chosen format and opens the PDF', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const createObjectURL = vi.fn(() => 'blob:envelopes');
    Object.assign(URL, { createObjectURL });
    const fetchMock = stubApi((url) =>
      url === '/api/client-mail/print-envelopes'
        ? new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00001');
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати лист MAIL-2026-00001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати лист MAIL-2026-00002' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Вибрано: 2 листи' });
    await user.click(within(toolbar).getByRole('button', { name: 'Друкувати конверти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Друк конвертів: 2 листи' });
    // Both letters are C5, so C5 is offered; DL is chosen instead.
    expect(within(dialog).getByRole('combobox', { name: 'Формат конверта' }).textContent).toContain('C5');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Формат конверта' }), 'DL (220×110 мм)');
    await user.click(within(dialog).getByRole('button', { name: 'Друкувати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/print-envelopes')).toEqual([
        { ids: [1, 2], format: 'DL', withLetters: false },
      ]),
    );
    await waitFor(() => expect(tab.location.href).toBe('blob:envelopes'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again: the drafts are now printed.
    await waitFor(() => expect(listUrls(fetchMock).length).toBeGreaterThan(1));
  });

  it('shows the server refusal when printing fails and closes the empty tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    stubApi((url) =>
      url === '/api/client-mail/print-envelopes'
        ? jsonResponse({ error: 'Скасовані листи не друкуються: MAIL-2026-00001' }, 409)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00001');
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати всі на сторінці' }));
    await user.click(screen.getByRole('button', { name: 'Друкувати конверти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Друк конвертів: 3 листи' });
    await user.click(within(dialog).getByRole('button', { name: 'Друкувати' }));
    expect(await within(dialog).findByText('Скасовані листи не друкуються: MAIL-2026-00001')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('creates a letter with the address taken from the counterparty, after checking the form', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/client-mail' && init.method === 'POST' ? jsonResponse({ ...base, id: 10 }, 201) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00001');
    await user.click(screen.getByRole('button', { name: 'Новий лист' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новий лист' });
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect((await within(dialog).findAllByText("Обов'язкове поле")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, 'POST', '/api/client-mail')).toEqual([]);

    await pick(user, within(dialog).getByRole('combobox', { name: /Контрагент/ }), 'Альфа');
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/Адреса з індексом/) as HTMLTextAreaElement).value).toBe(
        'м. Київ, вул. Хрещатик, 1\n01001',
      ),
    );
    await pick(user, within(dialog).getByRole('combobox', { name: 'Контактна особа' }), 'Мельник Іван (Директор)');
    expect((within(dialog).getByLabelText(/Одержувач на конверті/) as HTMLInputElement).value).toBe(
      'ТОВ «Альфа», Мельник Іван',
    );
    await user.type(within(dialog).getByLabelText('Тема'), 'Акт звірки');
    await user.type(within(dialog).getByLabelText('Трек-номер'), 'RR1');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText(/дві латинські літери, 9 цифр/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Трек-номер'));
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/client-mail')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/client-mail')[0]).toMatchObject({
      counterpartyId: 3,
      contactId: 8,
      recipientName: 'ТОВ «Альфа», Мельник Іван',
      recipientAddress: 'м. Київ, вул. Хрещатик, 1\n01001',
      subject: 'Акт звірки',
      kind: 'simple',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новий лист' })).toBeNull());
  });

  it('creates letters for several clients at once', async () => {
    const fetchMock = stubApi((url) =>
      url === '/api/client-mail/bulk-create' ? jsonResponse({ created: [base, printed], skipped: [] }, 201) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00001');
    await user.click(screen.getByRole('button', { name: 'Масове створення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Масове створення листів' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Альфа' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Бета' }));
    expect(within(dialog).getAllByText('Обрано клієнтів: 2').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Створити листи' }));
    expect(await within(dialog).findByText("Обов'язкове поле")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Тема/), 'Прайс-лист 2027');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Формат конверта' }), 'C5 (229×162 мм)');
    await user.click(within(dialog).getByRole('button', { name: 'Створити листи' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/bulk-create')).toEqual([
        {
          counterpartyIds: [3, 4],
          subject: 'Прайс-лист 2027',
          body: '',
          kind: 'simple',
          declaredValue: null,
          envelopeFormat: 'C5',
        },
      ]),
    );
    expect(await screen.findByText('Створено: 2 листи')).toBeTruthy();
  });

  it('asks before cancelling a letter, then cancels it', async () => {
    const fetchMock = stubApi((url) =>
      url === '/api/client-mail/2/status' ? jsonResponse({ ...printed, status: 'cancelled' }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00002');
    await user.click(screen.getByRole('button', { name: 'Дії: MAIL-2026-00002' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Скасувати лист' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Скасувати лист MAIL-2026-00002?' });
    expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/2/status')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати лист' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/2/status')).toEqual([{ status: 'cancelled' }]),
    );
  });

  it('offers only the steps the state machine allows, and marks delivery with a date and tracking', async () => {
    const fetchMock = stubApi((url) =>
      url === '/api/client-mail/3/status' ? jsonResponse({ ...sent, status: 'delivered' }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00003');
    // A registered draft: no hand sending; a simple printed letter may go by hand.
    await user.click(screen.getByRole('button', { name: 'Дії: MAIL-2026-00001' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Відправлено (вручну)' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Видалити чернетку' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Дії: MAIL-2026-00002' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Відправлено (вручну)' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Дії: MAIL-2026-00003' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Скасувати лист' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Вручено' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вручено: лист MAIL-2026-00003' });
    fireEvent.change(within(dialog).getByLabelText('Дата'), { target: { value: '25.11.2026' } });
    const tracking = within(dialog).getByLabelText('Трек-номер');
    await user.clear(tracking);
    await user.type(tracking, 'AB12');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти статус' }));
    expect(await within(dialog).findByText(/дві латинські літери, 9 цифр/)).toBeTruthy();
    await user.clear(tracking);
    await user.type(tracking, 'rr987654321ua');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти статус' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/3/status')).toEqual([
        { status: 'delivered', date: '2026-11-25', trackingNumber: 'rr987654321ua' },
      ]),
    );
  });

  it('adds the selected letters to a new register', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/client-mail/registers' && init.method === 'POST' ? jsonResponse(draftRegister, 201) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00002');
    await user.click(screen.getByRole('checkbox', { name: 'Вибрати лист MAIL-2026-00002' }));
    await user.click(screen.getByRole('button', { name: 'Додати до реєстру' }));
    const dialog = await screen.findByRole('dialog', { name: 'Додати до реєстру: 1 лист' });
    fireEvent.change(within(dialog).getByLabelText('Дата реєстру'), { target: { value: '21.11.2026' } });
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/registers')).toEqual([
        { registerDate: '2026-11-21', postalService: 'ukrposhta', notes: '', letterIds: [2] },
      ]),
    );
    expect(await screen.findByText('Листи додано до реєстру MREG-2026-00001')).toBeTruthy();
  });

  it('hides every change from a user who may only view the page', async () => {
    const fetchMock = stubApi((url) => {
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
        return jsonResponse([{ route: '/client-mail', canView: true, canAccess: false }]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await screen.findByText('MAIL-2026-00001');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Новий лист' })).toBeNull());
    expect(screen.queryByRole('checkbox', { name: 'Вибрати лист MAIL-2026-00001' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Відкрити лист MAIL-2026-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Лист MAIL-2026-00001' });
    expect(within(dialog).queryByRole('button', { name: 'Зберегти' })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});

describe('ClientMailPage — registers', () => {
  it('lists the registers, opens one and sends it after confirmation', async () => {
    const fetchMock = stubApi((url) =>
      url === '/api/client-mail/registers/9/send'
        ? jsonResponse({ ...draftRegister, status: 'sent', sentAt: '2026-11-21T12:00:00.000Z' })
        : undefined,
    );
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await user.click(screen.getByRole('tab', { name: 'Реєстри' }));
    const row = (await screen.findByText('MREG-2026-00001')).closest('tr')!;
    expect(within(row).getByText('Укрпошта')).toBeTruthy();
    expect(within(row).getByText('42,50')).toBeTruthy();
    expect(within(row).getByText('Чернетка')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Відкрити реєстр MREG-2026-00001' }));
    const sheet = await screen.findByRole('dialog', { name: 'Реєстр MREG-2026-00001' });
    expect(await within(sheet).findByText('MAIL-2026-00002')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Друкувати список' }));
    expect(open).toHaveBeenCalledWith('/api/client-mail/registers/9/print', '_blank');
    await user.click(within(sheet).getByRole('button', { name: 'Відправити реєстр' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Відправити реєстр MREG-2026-00001?' });
    expect(within(confirm).getByText(/1 лист отримають статус «Відправлено»/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Відправити реєстр' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/client-mail/registers/9/send')).toHaveLength(1));
    expect(await screen.findByText('Реєстр MREG-2026-00001 відправлено')).toBeTruthy();
  });
});

describe('ClientMailPage — envelope template', () => {
  it('previews the envelope to scale, moves a block, refuses one outside and saves', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/client-mail/envelope-templates' && init.method === 'PUT'
        ? jsonResponse({ ...templates[0], stored: true })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ClientMailPage />, { path: '/client-mail' });
    await user.click(screen.getByRole('tab', { name: 'Шаблон конверта' }));
    const svg = await screen.findByRole('img', { name: 'Попередній перегляд конверта DL (220×110 мм)' });
    expect(svg.getAttribute('viewBox')).toBe('0 0 220 110');
    const recipient = () => svg.querySelector('[data-block="recipient"] rect')!;
    expect(recipient().getAttribute('x')).toBe(String(defaultEnvelopeBlocks('DL').recipient.xMm));

    const x = screen.getByRole('spinbutton', { name: 'Одержувач: X, мм' });
    fireEvent.change(x, { target: { value: '150' } });
    expect(recipient().getAttribute('x')).toBe('150');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Блок виходить за межі конверта DL')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT', '/api/client-mail/envelope-templates')).toEqual([]);

    fireEvent.change(x, { target: { value: '100' } });
    await user.click(screen.getByRole('checkbox', { name: 'Основний формат компанії (нові листи отримують його)' }));
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT', '/api/client-mail/envelope-templates')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PUT', '/api/client-mail/envelope-templates')[0]).toMatchObject({
      companyId: 1,
      format: 'DL',
      isDefault: true,
      blocks: { recipient: { ...defaultEnvelopeBlocks('DL').recipient, xMm: 100 } },
    });

    // Another format shows its own size.
    await user.click(screen.getByRole('tab', { name: 'C4' }));
    expect(
      (await screen.findByRole('img', { name: 'Попередній перегляд конверта C4 (324×229 мм)' })).getAttribute(
        'viewBox',
      ),
    ).toBe('0 0 324 229');
  });
});
