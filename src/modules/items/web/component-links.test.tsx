import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ItemAlternative, ItemSupplier } from '@/modules/items/items.contract.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { componentLinkActions } from './component-links.tsx';
import { pick } from '@/web/testing/pick.ts';

const SUPPLIERS = '/api/components/5/suppliers';
const ALTERNATIVES = '/api/components/5/alternatives';
const row = { id: 5, name: 'Конденсатор 100 нФ 0603', sku: 'C-100N', isActive: true };

const radiomag: ItemSupplier = {
  id: 1,
  supplierId: 3,
  supplierName: 'Радіомаг',
  supplierSku: 'RM-CL10B104',
  supplierItemName: null,
  packQty: '4000.0000',
  lastPrice: '0.420000',
  lastPriceCurrency: 'UAH',
  lastPriceDate: '2026-11-01',
  leadTimeDays: 3,
  isPreferred: true,
};

const yageo: ItemAlternative = {
  itemId: 8,
  sku: 'C-100N-Y',
  name: 'Конденсатор 100 нФ 0603 Yageo',
  kind: 'component',
  note: null,
};

type Answer = (body: unknown) => Response;

function stubApi({
  suppliers = [],
  alternatives = [],
  onPut = () => jsonResponse({ error: 'Не очікувано' }, 500),
}: {
  suppliers?: ItemSupplier[];
  alternatives?: ItemAlternative[];
  onPut?: Answer;
} = {}) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/lookups/suppliers')) {
      return jsonResponse([
        { id: 3, label: 'Радіомаг' },
        { id: 4, label: 'VD MAIS' },
      ]);
    }
    if (url.startsWith('/api/lookups/components')) {
      return jsonResponse([
        { id: 5, label: 'Конденсатор 100 нФ 0603' },
        { id: 12, label: 'Конденсатор 100 нФ 0603 Samsung' },
      ]);
    }
    if (init.method === 'PUT') return onPut(JSON.parse(String(init.body)));
    if (url === SUPPLIERS) return jsonResponse(suppliers);
    if (url === ALTERNATIVES) return jsonResponse(alternatives);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const puts = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

/** The actions in a clickable row, as the resource page renders them. */
function renderRow() {
  const Actions = componentLinkActions;
  const onRowClick = vi.fn();
  renderWithProviders(
    <table>
      <tbody>
        <tr onClick={onRowClick}>
          <td>
            <Actions row={row} canChange />
          </td>
        </tr>
      </tbody>
    </table>,
    { path: '/components' },
  );
  return { onRowClick };
}

async function openSuppliers(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Постачальники: Конденсатор 100 нФ 0603' }));
  return screen.getByRole('dialog', { name: 'Постачальники компонента' });
}

async function openAlternatives(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Заміни: Конденсатор 100 нФ 0603' }));
  return screen.getByRole('dialog', { name: 'Взаємозамінні компоненти' });
}

describe('componentLinkActions — suppliers', () => {
  it('shows the stored suppliers with decimal commas, and the empty state once removed', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubFetch(() => answer.promise);
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    const dialog = await openSuppliers(user);
    expect(within(dialog).getByText('Завантаження постачальників...')).toBeTruthy();
    answer.resolve(jsonResponse([radiomag]));

    expect((await within(dialog).findByRole('combobox', { name: 'Постачальник' })).textContent).toContain('Радіомаг');
    expect((within(dialog).getByLabelText('Код постачальника') as HTMLInputElement).value).toBe('RM-CL10B104');
    expect((within(dialog).getByLabelText('Кратність упаковки') as HTMLInputElement).value).toBe('4000');
    expect((within(dialog).getByLabelText('Остання ціна') as HTMLInputElement).value).toBe('0,42');
    expect((within(dialog).getByLabelText('Валюта') as HTMLInputElement).value).toBe('UAH');
    expect((within(dialog).getByLabelText('Дата ціни') as HTMLInputElement).value).toBe('01.11.2026');
    expect((within(dialog).getByLabelText('Строк постачання, дн.') as HTMLInputElement).value).toBe('3');
    expect(within(dialog).getByRole('switch', { name: 'Основний' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Зберегти' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Видалити постачальника 1' }));
    expect(within(dialog).getByText('Постачальників ще немає')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([SUPPLIERS]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('sends the exact PUT body: decimal commas as points, one preferred supplier', async () => {
    const fetchMock = stubApi({
      suppliers: [radiomag],
      onPut: () =>
        jsonResponse([
          { ...radiomag, isPreferred: false },
          {
            ...radiomag,
            id: 2,
            supplierId: 4,
            supplierName: 'VD MAIS',
            supplierSku: 'VD-104',
            supplierItemName: 'CL10B104KB8NNNC',
            packQty: '10.0000',
            lastPrice: '1234.500000',
            lastPriceCurrency: 'EUR',
            lastPriceDate: null,
            leadTimeDays: 14,
            isPreferred: true,
          },
        ]),
    });
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    const dialog = await openSuppliers(user);
    await within(dialog).findByRole('combobox', { name: 'Постачальник' });

    await user.click(within(dialog).getByRole('button', { name: 'Додати постачальника' }));
    // The first supplier stays the preferred one until another is marked.
    const switches = within(dialog).getAllByRole('switch', { name: 'Основний' });
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    await pick(user, within(dialog).getAllByRole('combobox', { name: 'Постачальник' })[1]!, 'VD MAIS');
    await user.type(within(dialog).getAllByLabelText('Код постачальника')[1]!, ' VD-104 ');
    await user.type(within(dialog).getAllByLabelText('Назва в постачальника')[1]!, 'CL10B104KB8NNNC');
    await user.type(within(dialog).getAllByLabelText('Кратність упаковки')[1]!, '10');
    await user.type(within(dialog).getAllByLabelText('Остання ціна')[1]!, '1 234,5');
    const currency = within(dialog).getAllByLabelText('Валюта')[1]!;
    await user.clear(currency);
    await user.type(currency, 'eur');
    await user.type(within(dialog).getAllByLabelText('Строк постачання, дн.')[1]!, '14');
    await user.click(switches[1]!);
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'true']);
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Постачальників збережено')).toBeTruthy();
    expect(puts(fetchMock, SUPPLIERS)).toEqual([
      {
        suppliers: [
          {
            supplierId: 3,
            supplierSku: 'RM-CL10B104',
            supplierItemName: null,
            packQty: '4000',
            lastPrice: '0.42',
            lastPriceCurrency: 'UAH',
            lastPriceDate: '2026-11-01',
            leadTimeDays: 3,
            isPreferred: false,
          },
          {
            supplierId: 4,
            supplierSku: 'VD-104',
            supplierItemName: 'CL10B104KB8NNNC',
            packQty: '10',
            lastPrice: '1234.5',
            lastPriceCurrency: 'EUR',
            lastPriceDate: null,
            leadTimeDays: 14,
            isPreferred: true,
          },
        ],
      },
    ]);
    // The form now shows what the server saved.
    expect((within(dialog).getAllByLabelText('Остання ціна')[1] as HTMLInputElement).value).toBe('1234,5');
    expect(within(dialog).getByRole('button', { name: 'Зберегти' }).hasAttribute('disabled')).toBe(true);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('refuses a row without a supplier, a bad number and a bad lead time before sending, in Ukrainian', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderRow();
    const dialog = await openSuppliers(user);
    expect(await within(dialog).findByText('Постачальників ще немає')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Додати постачальника' }));
    await user.type(within(dialog).getByLabelText('Остання ціна'), '0,4,2');
    await user.type(within(dialog).getByLabelText('Строк постачання, дн.'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await within(dialog).findByText('Оберіть постачальника зі списку')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Постачальник' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Вкажіть число (не більше 6 знаків після коми)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Остання ціна').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Вкажіть ціле число днів від 0 до 365')).toBeTruthy();
    expect(puts(fetchMock, SUPPLIERS)).toEqual([]);

    // Two rows of one supplier with one code: the contract's own rule, under the second code.
    await pick(user, within(dialog).getByRole('combobox', { name: 'Постачальник' }), 'Радіомаг');
    await user.clear(within(dialog).getByLabelText('Остання ціна'));
    await user.clear(within(dialog).getByLabelText('Строк постачання, дн.'));
    await user.click(within(dialog).getByRole('button', { name: 'Додати постачальника' }));
    await pick(user, within(dialog).getAllByRole('combobox', { name: 'Постачальник' })[1]!, 'Радіомаг');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Цей постачальник з таким кодом уже є в списку')).toBeTruthy();
    expect(within(dialog).getAllByLabelText('Код постачальника')[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(puts(fetchMock, SUPPLIERS)).toEqual([]);
  });

  it('puts the server’s per-row message under its input, and an unplaced one in the dialog', async () => {
    let attempt = 0;
    const fetchMock = stubApi({
      suppliers: [radiomag],
      onPut: () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(
              {
                error: 'Некоректні дані запиту: suppliers.0.supplierSku — Не довше 80 символів',
                fields: { 'suppliers.0.supplierSku': 'Не довше 80 символів' },
              },
              400,
            )
          : jsonResponse(
              { error: 'Оберіть постачальника зі списку', fields: { suppliers: 'Оберіть постачальника зі списку' } },
              400,
            );
      },
    });
    const user = userEvent.setup();
    renderRow();
    const dialog = await openSuppliers(user);

    const sku = await within(dialog).findByLabelText('Код постачальника');
    await user.type(sku, '-X');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    const message = await within(dialog).findByText('Не довше 80 символів');
    expect(sku.getAttribute('aria-invalid')).toBe('true');
    expect(sku.getAttribute('aria-describedby')).toBe(message.id);
    expect(within(dialog).queryByText(/Некоректні дані запиту/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect((await within(dialog).findByText('Оберіть постачальника зі списку')).getAttribute('role')).toBe('alert');
    expect(within(dialog).queryByText('Не довше 80 символів')).toBeNull();
    expect(puts(fetchMock, SUPPLIERS)).toHaveLength(2);
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: 'Запис не знайдено' }, 404) : jsonResponse([])));
    const user = userEvent.setup();
    renderRow();
    const dialog = await openSuppliers(user);
    expect(await within(dialog).findByText('Не вдалося завантажити постачальників: Запис не знайдено')).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await within(dialog).findByText('Постачальників ще немає')).toBeTruthy();
  });
});

describe('componentLinkActions — alternatives', () => {
  it('says alternatives are never substituted automatically, and shows the stored ones', async () => {
    stubApi({ alternatives: [{ ...yageo, note: 'Той самий корпус' }] });
    const user = userEvent.setup();
    renderRow();
    const dialog = await openAlternatives(user);
    expect(within(dialog).getByText(/ніколи не підставляються автоматично/)).toBeTruthy();
    expect(within(dialog).getByText(/в специфікаціях і в дефіциті/)).toBeTruthy();
    expect((await within(dialog).findByRole('combobox', { name: 'Компонент' })).textContent).toContain(
      'Конденсатор 100 нФ 0603 Yageo',
    );
    expect(within(dialog).getByText('Артикул C-100N-Y')).toBeTruthy();
    expect((within(dialog).getByLabelText('Примітка') as HTMLInputElement).value).toBe('Той самий корпус');

    await user.click(within(dialog).getByRole('button', { name: 'Видалити заміну 1' }));
    expect(within(dialog).getByText('Замін ще немає')).toBeTruthy();
  });

  it('refuses the component itself and sends the PUT body', async () => {
    const fetchMock = stubApi({
      alternatives: [yageo],
      onPut: () =>
        jsonResponse([
          { itemId: 12, sku: 'C-100N-S', name: 'Конденсатор 100 нФ 0603 Samsung', kind: 'component', note: 'Дорожчий' },
          yageo,
        ]),
    });
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    const dialog = await openAlternatives(user);
    await within(dialog).findByRole('combobox', { name: 'Компонент' });

    await user.click(within(dialog).getByRole('button', { name: 'Додати заміну' }));
    const second = within(dialog).getAllByRole('combobox', { name: 'Компонент' })[1]!;
    await pick(user, second, 'Конденсатор 100 нФ 0603');
    expect(await within(dialog).findByText('Компонент не може бути заміною самому собі')).toBeTruthy();
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(second.textContent).toContain('Оберіть компонент або матеріал');

    await pick(user, second, 'Конденсатор 100 нФ 0603 Samsung');
    expect(within(dialog).queryByText('Компонент не може бути заміною самому собі')).toBeNull();
    await user.type(within(dialog).getAllByLabelText('Примітка')[1]!, '  Дорожчий ');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Заміни збережено')).toBeTruthy();
    expect(puts(fetchMock, ALTERNATIVES)).toEqual([
      {
        alternatives: [
          { itemId: 8, note: null },
          { itemId: 12, note: 'Дорожчий' },
        ],
      },
    ]);
    await waitFor(() => expect(within(dialog).getByText('Артикул C-100N-S')).toBeTruthy());
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('refuses a row without a component and a repeated one before sending', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderRow();
    const dialog = await openAlternatives(user);
    expect(await within(dialog).findByText('Замін ще немає')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Додати заміну' }));
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Оберіть компонент або матеріал зі списку')).toBeTruthy();

    await pick(user, within(dialog).getByRole('combobox', { name: 'Компонент' }), 'Конденсатор 100 нФ 0603 Samsung');
    await user.click(within(dialog).getByRole('button', { name: 'Додати заміну' }));
    await pick(
      user,
      within(dialog).getAllByRole('combobox', { name: 'Компонент' })[1]!,
      'Конденсатор 100 нФ 0603 Samsung',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Ця заміна вже є в списку')).toBeTruthy();
    expect(puts(fetchMock, ALTERNATIVES)).toEqual([]);
  });
});
