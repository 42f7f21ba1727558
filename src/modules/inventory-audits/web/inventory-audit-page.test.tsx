import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  auditLineSchema,
  auditSchema,
  type Audit,
  type AuditLine,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { InventoryAuditPage } from './inventory-audit-page.tsx';

const audit: Audit = auditSchema.parse({
  id: 5,
  number: 'AUD-2026-00005',
  documentDate: '2026-11-21',
  status: 'counting',
  warehouseId: 1,
  warehouseName: 'Склад комплектуючих',
  scope: 'full',
  blind: false,
  lineCount: 3,
  countedCount: 1,
  netVarianceValue: '20.00',
  categoryIds: [],
  itemIds: [],
  scopeNames: [],
  counterIds: [7],
  counterNames: ['Петренко Іван'],
  notes: null,
  version: 2,
  uncountedPolicy: null,
  startedAt: '2026-11-21T08:00:00.000Z',
  postedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-21T07:00:00.000Z',
  totals: {
    surplusQty: '2.0000',
    surplusValue: '20.00',
    shortageQty: '0.0000',
    shortageValue: '0.00',
    netQty: '2.0000',
    netValue: '20.00',
  },
});

const line = (fields: Partial<AuditLine> & { id: number; sku: string; name: string }): AuditLine =>
  auditLineSchema.parse({
    itemId: fields.id + 100,
    unitShortName: 'шт',
    barcode: null,
    snapshotQty: '10.0000',
    countedQty: null,
    onHand: '10.0000',
    expectedQty: null,
    variance: null,
    varianceValue: null,
    avgCost: '10.000000',
    unitCost: null,
    reason: null,
    countedAt: null,
    countedByName: null,
    movedSinceSnapshot: false,
    ...fields,
  });

const lines: AuditLine[] = [
  line({
    id: 1,
    sku: 'R-10K',
    name: 'Резистор 10 кОм',
    countedQty: '12.0000',
    variance: '2.0000',
    varianceValue: '20.00',
  }),
  line({
    id: 2,
    sku: 'C-100N',
    name: 'Конденсатор 100 нФ',
    snapshotQty: '8.0000',
    onHand: '5.0000',
    movedSinceSnapshot: true,
  }),
  line({
    id: 3,
    sku: 'IC-555',
    name: 'Таймер NE555',
    barcode: '4006381333931',
    snapshotQty: '0.0000',
    onHand: '0.0000',
  }),
];

const requestsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

function stubApi(
  current: { audit: Audit; lines: AuditLine[] },
  answer: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/inventory-audits/5') return jsonResponse(current.audit);
    if (url === '/api/inventory-audits/5/lines') return jsonResponse(current.lines);
    if (url === '/api/inventory-audits/5/lines?filter=moved')
      return jsonResponse(current.lines.filter((l) => l.movedSinceSnapshot));
    if (url.startsWith('/api/inventory-audits/5/lines/') && init.method === 'PATCH') {
      const lineId = Number(url.split('/').at(-1));
      const body = JSON.parse(String(init.body)) as { countedQty: string | null };
      const saved = { ...current.lines.find((l) => l.id === lineId)!, countedQty: body.countedQty };
      return jsonResponse(saved);
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

describe('InventoryAuditPage — counting', () => {
  it('shows the header, the progress, the totals and marks a line moved since the snapshot', async () => {
    stubApi({ audit, lines });
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });

    expect(await screen.findByRole('heading', { name: /AUD-2026-00005/ })).toBeTruthy();
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(screen.getByText('Петренко Іван')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Розбіжності' });
    expect(within(totals).getByText('+2')).toBeTruthy();
    expect(within(totals).getAllByText('20,00 грн')).toHaveLength(2);

    const grid = await screen.findByRole('table', { name: 'Рядки інвентаризації' });
    const moved = within(grid).getByText('Конденсатор 100 нФ').closest('tr')!;
    expect(moved.getAttribute('data-moved')).toBe('true');
    expect(within(moved).getByText('Рух після знімку')).toBeTruthy();
    expect(within(grid).getByText('Резистор 10 кОм').closest('tr')!.getAttribute('data-moved')).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: 'За знімком' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Рух після знімку' }));
    await waitFor(() => expect(screen.queryByText('Резистор 10 кОм')).toBeNull());
    const filtered = await screen.findByRole('table', { name: 'Рядки інвентаризації' });
    expect(within(filtered).getByText('Конденсатор 100 нФ')).toBeTruthy();
  });

  it('saves a count on Enter and moves to the next row', async () => {
    const fetchMock = stubApi({ audit, lines });
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });

    const first = (await screen.findByRole('textbox', { name: 'Пораховано: R-10K' })) as HTMLInputElement;
    const second = screen.getByRole('textbox', { name: 'Пораховано: C-100N' }) as HTMLInputElement;
    const third = screen.getByRole('textbox', { name: 'Пораховано: IC-555' }) as HTMLInputElement;
    expect(first.value).toBe('12');
    await user.click(second);
    await user.keyboard('4,5{Enter}');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/inventory-audits/5/lines/2')).toEqual([{ countedQty: '4.5' }]),
    );
    expect(document.activeElement).toBe(third);
    // An unchanged row moves on without a request.
    await user.keyboard('{Enter}');
    expect(requestsTo(fetchMock, 'PATCH', '/api/inventory-audits/5/lines/3')).toEqual([]);
    // Not a number: said in Ukrainian, nothing sent, focus stays.
    await user.type(third, 'абв{Enter}');
    expect(await screen.findByText('Вкажіть число, не більше 4 знаків після коми')).toBeTruthy();
    expect(document.activeElement).toBe(third);
    expect(requestsTo(fetchMock, 'PATCH', '/api/inventory-audits/5/lines/3')).toEqual([]);
  });

  it('raises the count by one per scan and shows the item with its new count', async () => {
    const current = { audit, lines };
    let scans = 0;
    const fetchMock = stubApi(current, (url, init) => {
      if (url !== '/api/inventory-audits/5/scan' || init.method !== 'POST') return undefined;
      const { code } = JSON.parse(String(init.body)) as { code: string };
      if (code !== '4006381333931') return jsonResponse({ error: 'Нічого не знайдено' }, 404);
      scans += 1;
      const qty = `${scans}.0000`;
      current.lines = current.lines.map((l) => (l.id === 3 ? { ...l, countedQty: qty } : l));
      return jsonResponse({ lineId: 3, itemId: 103, sku: 'IC-555', name: 'Таймер NE555', qty });
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });
    const scanner = await screen.findByLabelText('Сканер');

    await user.click(scanner);
    for (let i = 0; i < 4; i++) await user.keyboard('4006381333931{Enter}');
    expect(await screen.findByText('Таймер NE555 (IC-555): пораховано 4')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/inventory-audits/5/scan')).toHaveLength(4);
    expect(document.activeElement).toBe(scanner);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Пораховано: IC-555' }) as HTMLInputElement).value).toBe('4'),
    );

    await user.keyboard('UNKNOWN{Enter}');
    expect(await screen.findByText('Нічого не знайдено')).toBeTruthy();
  });

  it('posts with the chosen treatment of uncounted lines after the confirmation', async () => {
    const fetchMock = stubApi({ audit, lines }, (url) =>
      url === '/api/inventory-audits/5/post'
        ? jsonResponse({ ...audit, status: 'posted', version: 3, postedAt: '2026-11-21T10:00:00.000Z' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });
    await user.click(await screen.findByRole('button', { name: 'Провести' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Провести інвентаризацію?' });
    expect(within(confirm).getByText(/Непорахованих рядків: 2/)).toBeTruthy();
    await user.click(within(confirm).getByRole('radio', { name: 'Непораховані = 0' }));
    await user.click(within(confirm).getByRole('button', { name: 'Провести' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/inventory-audits/5/post')).toEqual([
        { uncounted: 'zero', version: 2 },
      ]),
    );
    expect(await screen.findByText('Інвентаризацію проведено')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Сканер')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Пораховано: R-10K' })).toBeNull();
  });

  it('hides the system quantities of a blind count and offers to start a draft', async () => {
    stubApi({ audit: { ...audit, blind: true }, lines });
    const user = userEvent.setup();
    const view = renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });
    const grid = await screen.findByRole('table', { name: 'Рядки інвентаризації' });
    expect(screen.getByText('Сліпий підрахунок: облікові кількості приховано')).toBeTruthy();
    expect(within(grid).queryByRole('columnheader', { name: 'За знімком' })).toBeNull();
    expect(within(grid).queryByRole('columnheader', { name: 'Розбіжність' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Розбіжності' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Показати облікові дані' }));
    expect(within(grid).getByRole('columnheader', { name: 'За знімком' })).toBeTruthy();
    view.unmount();

    const fetchMock = stubApi(
      { audit: { ...audit, status: 'draft', lineCount: 0, countedCount: 0 }, lines: [] },
      (url) => (url === '/api/inventory-audits/5/start' ? jsonResponse(audit) : undefined),
    );
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });
    await user.click(await screen.findByRole('button', { name: 'Почати підрахунок' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/inventory-audits/5/start')).toEqual([{ version: 2 }]),
    );
    expect(await screen.findByLabelText('Сканер')).toBeTruthy();
  });
});

describe('InventoryAuditPage — serial-tracked items', () => {
  it('counts a serial-tracked line by serial and names the missing and extra serials', async () => {
    const tracked = line({
      id: 4,
      sku: 'КТ-100',
      name: 'Контролер КТ-100',
      snapshotQty: '2.0000',
      onHand: '2.0000',
      countedQty: '1.0000',
      variance: '-1.0000',
      varianceValue: '-10.00',
      serialTracking: true,
      serials: ['SN-1'],
      missingSerials: ['SN-2'],
    });
    const fetchMock = stubApi({ audit, lines: [tracked] }, (url, init) => {
      if (url !== '/api/inventory-audits/5/lines/4' || init.method !== 'PATCH') return undefined;
      const body = JSON.parse(String(init.body)) as { serials: string[] };
      return jsonResponse({
        ...tracked,
        countedQty: '2.0000',
        variance: '0.0000',
        varianceValue: '0.00',
        serials: body.serials.map((x) => x.toUpperCase()),
        missingSerials: ['SN-2'],
        extraSerials: ['SN-7'],
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryAuditPage />, { path: '/inventory-audits/5' });

    const grid = await screen.findByRole('table', { name: 'Рядки інвентаризації' });
    // No quantity box: the count is the number of serials found.
    expect(within(grid).queryByRole('textbox', { name: 'Пораховано: КТ-100' })).toBeNull();
    expect(within(grid).getByText('Не знайдено (нестача): SN-2')).toBeTruthy();
    const found = within(grid).getByRole('list', { name: 'Знайдені серійні номери: КТ-100' });
    expect(within(found).getByText('SN-1')).toBeTruthy();
    await user.type(within(grid).getByRole('textbox', { name: 'Серійний номер: КТ-100' }), 'sn-7{Enter}');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/inventory-audits/5/lines/4')).toEqual([
        { serials: ['SN-1', 'sn-7'] },
      ]),
    );
    expect(await within(grid).findByText('Зайві (надлишок): SN-7')).toBeTruthy();
    expect(within(grid).getByText('SN-7')).toBeTruthy();
    // A serial taken off sends the list without it.
    await user.click(within(grid).getByRole('button', { name: 'Прибрати SN-1' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/inventory-audits/5/lines/4').at(-1)).toEqual({ serials: ['SN-7'] }),
    );
  });
});
