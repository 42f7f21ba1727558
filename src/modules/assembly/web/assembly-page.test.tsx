// The /assembly page (production.md §8): the list with its type filter, a new assembly whose lines come from
// 'Заповнити зі специфікації' and are saved with the exact body, then posted from the drawer; a posted one cancelled
// with a reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assemblyCreateSchema,
  assemblySchema,
  assemblySummarySchema,
  type Assembly,
  type AssemblySummary,
} from '@/modules/assembly/assembly.contract.ts';
import { itemOption } from '@/modules/items/web/item-options.fixture.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { pick } from '@/web/testing/pick.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { AssemblyPage } from './assembly-page.tsx';

const postedSummary: AssemblySummary = assemblySummarySchema.parse({
  id: 8,
  number: 'ASM-2026-00008',
  type: 'assembly',
  documentDate: '2026-11-05',
  status: 'posted',
  itemId: 40,
  sku: 'КОМПЛ-1',
  itemName: 'Комплект датчика',
  unitShortName: 'шт',
  qty: '5.0000',
  warehouseId: 1,
  warehouseName: 'Склад комплектуючих',
  notes: null,
  lineCount: 2,
  value: '1530.40',
});
const disassemblySummary: AssemblySummary = assemblySummarySchema.parse({
  ...postedSummary,
  id: 9,
  number: 'DSM-2026-00009',
  type: 'disassembly',
  status: 'draft',
  qty: '1.0000',
  value: null,
});

const line = (id: number, itemId: number, sku: string, itemName: string, qty: string) => ({
  id,
  lineNo: id - 100,
  itemId,
  sku,
  itemName,
  unitShortName: 'шт',
  qty,
  available: '50.0000',
  unitCost: null,
  value: null,
  serialTracking: false,
  serials: [],
});

const draft: Assembly = assemblySchema.parse({
  ...postedSummary,
  id: 10,
  number: 'ASM-2026-00010',
  status: 'draft',
  value: null,
  version: 1,
  serialTracking: false,
  available: '0.0000',
  unitCost: null,
  serials: [],
  postedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-12T08:00:00.000Z',
  lines: [line(101, 12, 'C-A', 'Компонент A', '10.0000'), line(102, 13, 'C-B', 'Компонент B', '5.0000')],
});
const posted: Assembly = assemblySchema.parse({
  ...draft,
  status: 'posted',
  version: 2,
  value: '50.00',
  unitCost: '10.000000',
  postedAt: '2026-11-12T09:30:00.000Z',
  lines: draft.lines.map((l, i) => ({
    ...l,
    available: null,
    unitCost: i ? '4.000000' : '3.000000',
    value: i ? '20.00' : '30.00',
  })),
});

const warehouses = [{ id: 1, label: 'Склад комплектуючих' }];

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/assembly?')) {
      return new Response(JSON.stringify([postedSummary, disassemblySummary]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '2' },
      });
    }
    if (url.startsWith('/api/lookups/warehouses')) {
      const ids = new URL(url, 'http://x').searchParams.get('ids');
      return jsonResponse(ids ? warehouses.filter((w) => ids.split(',').includes(String(w.id))) : warehouses);
    }
    if (url.startsWith('/api/items/options')) {
      return jsonResponse([
        itemOption({ id: 40, sku: 'КОМПЛ-1', name: 'Комплект датчика', kind: 'product' }),
        itemOption({ id: 12, sku: 'C-A', name: 'Компонент A' }),
      ]);
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/assembly?'));
const requestsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

afterEach(() => vi.restoreAllMocks());

describe('AssemblyPage — the list', () => {
  it('shows the documents with their type, kit, status and value, and filters by type', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<AssemblyPage />, { path: '/assembly' });
    expect(screen.getByRole('heading', { name: 'Збірка та розбірка' })).toBeTruthy();
    const row = (await screen.findByText('ASM-2026-00008')).closest('tr')!;
    expect(within(row).getByText('Збірка')).toBeTruthy();
    expect(within(row).getByText('Комплект датчика')).toBeTruthy();
    expect(within(row).getByText('5 шт')).toBeTruthy();
    expect(within(row).getByText('Проведено')).toBeTruthy();
    expect(within(row).getByText('1 530,40')).toBeTruthy();
    const other = screen.getByText('DSM-2026-00009').closest('tr')!;
    expect(within(other).getByText('Розбірка')).toBeTruthy();
    expect(within(other).getByText('Чернетка')).toBeTruthy();
    expect(listUrls(fetchMock)).toEqual(['/api/assembly?page=1&limit=20&sort=-documentDate']);

    await user.click(screen.getByRole('combobox', { name: 'Тип' }));
    await user.click(await screen.findByRole('option', { name: 'Розбірка' }));
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Чернетка' }));
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        '/api/assembly?page=1&limit=20&sort=-documentDate&status=draft&type=disassembly&dateFrom=2026-11-01',
      ),
    );
  });
});

describe('AssemblyPage — a new assembly', () => {
  it('fills the lines from the specification, saves the exact body and posts it from the drawer', async () => {
    let current: Assembly = draft;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/assembly/prefill?itemId=40&qty=5') {
        return jsonResponse({
          itemId: 40,
          bomId: 3,
          bomName: 'Основна',
          lines: [
            { itemId: 12, sku: 'C-A', name: 'Компонент A', unitShortName: 'шт', qty: '10.0000' },
            { itemId: 13, sku: 'C-B', name: 'Компонент B', unitShortName: 'шт', qty: '5.0000' },
          ],
        });
      }
      if (url === '/api/assembly' && init.method === 'POST') return jsonResponse(draft, 201);
      if (url === '/api/assembly/10/post' && init.method === 'POST') {
        current = posted;
        return jsonResponse(posted);
      }
      if (url === '/api/assembly/10') return jsonResponse(current);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AssemblyPage />, { path: '/assembly' });
    await screen.findByText('ASM-2026-00008');

    await user.click(screen.getByRole('button', { name: 'Нова збірка' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нова збірка' });
    const prefill = within(dialog).getByRole('button', { name: 'Заповнити зі специфікації' });
    expect(prefill.hasAttribute('disabled')).toBe(true);
    await pick(user, within(dialog).getByRole('combobox', { name: /Комплект/ }), /^Комплект датчика/);
    const qty = within(dialog).getByLabelText(/Кількість комплектів/);
    await user.clear(qty);
    await user.type(qty, '5');
    await pick(user, within(dialog).getByRole('combobox', { name: /^Склад/ }), 'Склад комплектуючих');
    fireEvent.change(within(dialog).getByLabelText(/^Дата/), { target: { value: '12.11.2026' } });
    await user.click(prefill);
    expect(await screen.findByText('Рядки заповнено зі специфікації «Основна»: 2 позиції')).toBeTruthy();
    expect(within(dialog).getByText('Артикул C-B')).toBeTruthy();
    const qtys = within(dialog).getAllByLabelText('Кількість') as HTMLInputElement[];
    expect(qtys.map((input) => input.value)).toEqual(['10', '5']);

    await user.click(within(dialog).getByRole('button', { name: /Зберегти/ }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/assembly')).toHaveLength(1));
    const body = requestsTo(fetchMock, 'POST', '/api/assembly')[0];
    expect(body).toEqual({
      type: 'assembly',
      documentDate: '2026-11-12',
      itemId: 40,
      qty: '5',
      warehouseId: 1,
      notes: null,
      lines: [
        { itemId: 12, qty: '10' },
        { itemId: 13, qty: '5' },
      ],
    });
    expect(assemblyCreateSchema.safeParse(body).success).toBe(true);

    const drawer = await screen.findByRole('dialog', { name: /Збірка ASM-2026-00010/ });
    await user.click(within(drawer).getByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести збірку?' });
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/assembly/10/post')).toEqual([{ version: 1 }]));
    expect(await screen.findByText('Документ проведено')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByText('30,00')).toBeTruthy());
    expect(within(drawer).getAllByText('Проведено').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('50,00')).toBeTruthy();
  });

  it('cancels a posted document with a reason', async () => {
    let current: Assembly = posted;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/assembly/10/cancel' && init.method === 'POST') {
        current = {
          ...posted,
          status: 'cancelled',
          version: 3,
          cancelledAt: '2026-11-13T08:00:00.000Z',
          cancelReason: 'Помилка',
        };
        return jsonResponse(current);
      }
      if (url === '/api/assembly/10') return jsonResponse(current);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AssemblyPage />, { path: '/assembly?open=10' });
    const drawer = await screen.findByRole('dialog', { name: /Збірка ASM-2026-00010/ });
    await user.click(await within(drawer).findByRole('button', { name: 'Ще' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Скасувати' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Скасувати документ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати документ' }));
    expect(await within(confirm).findByText('Вкажіть причину скасування')).toBeTruthy();
    await user.type(within(confirm).getByLabelText('Причина скасування'), 'Помилка');
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати документ' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/assembly/10/cancel')).toEqual([{ reason: 'Помилка' }]),
    );
    expect(await screen.findByText('Документ скасовано')).toBeTruthy();
  });
});
