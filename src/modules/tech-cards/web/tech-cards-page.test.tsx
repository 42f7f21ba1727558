import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  techCardCostSchema,
  techCardSchema,
  techCardSummarySchema,
  type TechCard,
  type TechCardOperation,
  type TechCardSummary,
} from '@/modules/tech-cards/tech-cards.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { TechCardsPage } from './tech-cards-page.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';

const baseSummary: TechCardSummary = techCardSummarySchema.parse({
  id: 5,
  itemId: 40,
  itemSku: 'БЖ-12-2',
  itemName: 'Блок живлення 12 В',
  name: 'Блоки живлення — складання',
  baseTechCardId: null,
  baseName: null,
  status: 'active',
  isDefault: true,
  operationCount: 3,
  totalMinutes: '36.00',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const modSummary: TechCardSummary = techCardSummarySchema.parse({
  ...baseSummary,
  id: 6,
  itemId: 41,
  itemSku: 'БЖ-24-5',
  itemName: 'Блок живлення 24 В',
  name: 'БЖ-24/5 — модифікація',
  baseTechCardId: 5,
  baseName: 'Блоки живлення — складання',
  status: 'draft',
  isDefault: false,
  operationCount: 4,
  totalMinutes: '42.00',
});

const operation = (id: number, seq: number, name: string, over: Partial<TechCardOperation> = {}) => ({
  id,
  seq,
  name,
  instructions: null,
  departmentId: 3,
  departmentName: 'Складальний цех',
  positionId: 7,
  positionName: 'Монтажник',
  setupMinutes: '10.00',
  runMinutesPerUnit: '2.0000',
  equipment: null,
  canRunParallel: false,
  qualityCheck: false,
  baseOperationId: null,
  action: null,
  ...over,
});
const baseOps = [operation(101, 10, 'Монтаж SMD'), operation(102, 20, 'Складання'), operation(103, 30, 'Перевірка')];
const effective = (ops: typeof baseOps, inherited: boolean) =>
  ops.map((o) => ({ ...o, techCardOperationId: o.id, inherited, baseOperationId: inherited ? o.id : null }));

const baseCard: TechCard = techCardSchema.parse({
  ...baseSummary,
  itemKind: 'product',
  unitShortName: 'шт',
  baseItemName: null,
  baseStatus: null,
  modificationNote: null,
  notes: null,
  version: 4,
  createdAt: '2026-10-01T10:00:00.000Z',
  operations: baseOps,
  baseOperations: [],
  effectiveOperations: effective(baseOps, false),
  modifications: [],
  recipes: [],
});
const modCard: TechCard = techCardSchema.parse({
  ...modSummary,
  itemKind: 'product',
  unitShortName: 'шт',
  baseItemName: 'Блок живлення 12 В',
  baseStatus: 'active',
  modificationNote: 'Радіатор',
  notes: null,
  version: 2,
  createdAt: '2026-10-02T10:00:00.000Z',
  operations: [operation(201, 35, 'Прошивка', { action: 'add' })],
  baseOperations: baseOps,
  effectiveOperations: effective(baseOps, true),
  modifications: [],
  recipes: [],
});
const cost = (qty: string, minutes: string) =>
  techCardCostSchema.parse({
    techCardId: 5,
    qty,
    labourRatePerHour: null,
    hoursPerDay: 8,
    operations: baseOps.map((o) => ({
      seq: o.seq,
      name: o.name,
      departmentName: o.departmentName,
      positionName: o.positionName,
      canRunParallel: false,
      labourRate: null,
      overheadRate: null,
      minutes: qty === '10' ? '30.00' : '12.00',
      labour: qty === '10' ? '75.00' : '30.00',
      overhead: '0.00',
    })),
    minutes,
    labour: qty === '10' ? '225.00' : '90.00',
    overhead: '0.00',
    total: qty === '10' ? '225.00' : '90.00',
    leadTimeDays: 1,
  });

function listResponse(rows: TechCardSummary[]) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });
}

type Answer = (url: string, init: RequestInit) => Response | undefined;
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/tech-cards?')) return listResponse([baseSummary, modSummary]);
    if (url === '/api/tech-cards/5') return jsonResponse(baseCard);
    if (url === '/api/tech-cards/6') return jsonResponse(modCard);
    if (url === '/api/tech-cards/5/summary?qty=1') return jsonResponse(cost('1', '36.00'));
    if (url === '/api/tech-cards/5/summary?qty=10') return jsonResponse(cost('10', '90.00'));
    if (/\/api\/tech-cards\/\d+\/summary/.test(url)) return jsonResponse(cost('1', '36.00'));
    if (url.startsWith('/api/lookups/departments')) return jsonResponse([{ id: 3, label: 'Складальний цех' }]);
    if (url.startsWith('/api/lookups/positions')) return jsonResponse([{ id: 7, label: 'Монтажник' }]);
    if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 40, label: 'БЖ-12-2 Блок живлення' }]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('TechCardsPage', () => {
  it('lists the cards with the base/modification badge, operations, minutes for one unit and status', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<TechCardsPage />, { path: '/tech-cards' });
    expect(screen.getByRole('heading', { name: 'Технологічні карти' })).toBeTruthy();
    const baseRow = (
      await screen.findByRole('button', { name: 'Відкрити карту «Блоки живлення — складання»' })
    ).closest('tr')!;
    expect(within(baseRow).getByText('Базова')).toBeTruthy();
    expect(within(baseRow).getByText('36')).toBeTruthy();
    expect(within(baseRow).getByText('Діюча')).toBeTruthy();
    expect(within(baseRow).getByRole('img', { name: 'Типова карта виробу' })).toBeTruthy();
    const modRow = screen.getByRole('button', { name: 'Відкрити карту «БЖ-24/5 — модифікація»' }).closest('tr')!;
    expect(within(modRow).getByText('Модифікація')).toBeTruthy();
    expect(within(modRow).getByText('від «Блоки живлення — складання»')).toBeTruthy();
    expect(within(modRow).getByText('4')).toBeTruthy();
    expect(within(modRow).getByText('Чернетка')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Вид карти' }));
    await user.click(await screen.findByRole('option', { name: 'Модифікація' }));
    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
        '/api/tech-cards?page=1&limit=20&sort=name&kind=modification',
      ),
    );
  });

  it('shows a card per row under 768 px: the name with the default star, the kind and the status', async () => {
    setPhoneWidth();
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<TechCardsPage />, { path: '/tech-cards' });
    const cards = within(await screen.findByRole('list', { name: 'Технологічні карти' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('img', { name: 'Типова карта виробу' })).toBeTruthy();
    expect(within(cards[0]!).getByText('Базова')).toBeTruthy();
    expect(within(cards[1]!).getByText('від «Блоки живлення — складання»')).toBeTruthy();
    expect(within(cards[1]!).getByText('Чернетка')).toBeTruthy();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Відкрити карту «БЖ-24/5 — модифікація»' }));
    expect(await screen.findByRole('dialog', { name: /БЖ-24\/5 — модифікація/ })).toBeTruthy();
  });

  it('asks before deleting a card; a refusal closes the question and stays under the form', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/tech-cards/5' && init.method === 'DELETE'
        ? jsonResponse({ error: 'Карту використовують рецепти' }, 409)
        : undefined,
    );
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    const user = userEvent.setup();
    renderWithProviders(<TechCardsPage />, { path: '/tech-cards?open=5' });
    const dialog = await screen.findByRole('dialog', { name: /Блоки живлення — складання/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Видалити' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Видалити технологічну карту?' });
    expect(deletes()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));
    expect(await within(dialog).findByText('Карту використовують рецепти')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: /Блоки живлення — складання/ })).toBeTruthy();
  });

  it('reorders operations renumbering by 10 and saves them with their ids and the version', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/tech-cards/5' && init.method === 'PATCH' ? jsonResponse({ ...baseCard, version: 5 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<TechCardsPage />, { path: '/tech-cards' });
    await user.click(await screen.findByRole('button', { name: 'Відкрити карту «Блоки живлення — складання»' }));
    const dialog = await screen.findByRole('dialog', { name: /Технологічна карта «Блоки живлення — складання»/ });
    await within(dialog).findByText('Разом');
    expect(within(dialog).getByTestId('cost-minutes').textContent).toBe('36');

    await user.click(within(dialog).getByRole('button', { name: 'Операцію 30 вище' }));
    const items = within(within(dialog).getByRole('list', { name: 'Операції' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(['10 Монтаж SMD', '20 Перевірка', '30 Складання']);
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/tech-cards/5')).toHaveLength(1));
    const body = bodiesOf(fetchMock, 'PATCH', '/api/tech-cards/5')[0]!;
    expect(body.version).toBe(4);
    expect((body.operations as Array<{ id: number; seq: number }>).map((o) => [o.id, o.seq])).toEqual([
      [101, 10],
      [103, 20],
      [102, 30],
    ]);
  });

  it('refuses an operation without a department on the field, and shows time and cost for a chosen quantity', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<TechCardsPage />, { path: '/tech-cards?open=5' });
    const dialog = await screen.findByRole('dialog', { name: /Блоки живлення — складання/ });
    await within(dialog).findByText('Разом');

    const qty = within(dialog).getByLabelText('Кількість, од.');
    await user.clear(qty);
    await user.type(qty, '10');
    await waitFor(() => expect(within(dialog).getByTestId('cost-minutes').textContent).toBe('90'));
    expect(within(dialog).getByTestId('cost-labour').textContent).toBe('225,00');

    await user.click(within(dialog).getByRole('button', { name: 'Додати операцію' }));
    const added = within(within(dialog).getByRole('list', { name: 'Операції' }))
      .getAllByRole('listitem')
      .at(-1)!;
    expect(within(added).getByLabelText('№')).toHaveProperty('value', '40');
    await user.type(within(added).getByLabelText('Операція'), 'Пакування');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(added).findByText('Вкажіть дільницю')).toBeTruthy();
    expect(within(dialog).getByText('Виправте позначені поля')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PATCH', '/api/tech-cards/5')).toHaveLength(0);
  });

  it("shows a modification's base operations greyed with 'Замінити' and 'Прибрати', and saves only the differences", async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/tech-cards/6' && init.method === 'PATCH' ? jsonResponse({ ...modCard, version: 3 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<TechCardsPage />, { path: '/tech-cards?open=6' });
    const dialog = await screen.findByRole('dialog', { name: /БЖ-24\/5 — модифікація/ });
    const list = within(dialog).getByRole('list', { name: 'Операції' });
    const inherited = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.inherited === 'true');
    expect(inherited).toHaveLength(3);
    expect(within(inherited[0]!).getByText('Монтаж SMD')).toBeTruthy();
    expect(within(list).getByRole('listitem', { name: '35 Прошивка' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Замінити операцію 20' }));
    const replaced = within(list).getByRole('listitem', { name: '20 Складання' });
    expect(within(replaced).getByText('Замінено')).toBeTruthy();
    const name = within(replaced).getByLabelText('Операція');
    await user.clear(name);
    await user.type(name, 'Складання в корпус IP65');
    await user.click(within(dialog).getByRole('button', { name: 'Прибрати операцію 30' }));
    expect(within(dialog).getByText('Прибрано')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PATCH', '/api/tech-cards/6')).toHaveLength(1));
    const ops = bodiesOf(fetchMock, 'PATCH', '/api/tech-cards/6')[0]!.operations as Array<Record<string, unknown>>;
    expect(ops).toHaveLength(3);
    expect(ops[0]).toMatchObject({ id: 201, seq: 35, action: 'add' });
    expect(ops[1]).toMatchObject({
      seq: 20,
      baseOperationId: 102,
      action: 'replace',
      name: 'Складання в корпус IP65',
      departmentId: 3,
    });
    expect(ops[2]).toEqual({ id: null, seq: 30, baseOperationId: 103, action: 'remove' });
  });
});
