// The list and document toolkit of issue 20 as a user meets it: the table with its column chooser, row actions and
// phone cards; the filter state; the document's action bar; the reason dialog; the question before unsaved changes
// are thrown away.
import { useState } from 'react';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { getListQueryFn } from '@/web/lib/api.ts';
import { amountColumn, DataTable, documentNumberColumn, type DataColumn } from './data-table.tsx';
import { DocumentActionBar, ReasonDialog } from './document-actions.tsx';
import {
  ChoiceFilter,
  DocumentFilterBar,
  ListEmpty,
  PagedListCard,
  PeriodFilter,
  statusOptions,
  useListState,
  usePagedList,
} from './list-page.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';
import { setPhoneWidth } from '@/web/testing/viewport.ts';

interface Row {
  id: number;
  number: string;
  client: string;
  total: string;
  note: string;
}
const rows: Row[] = [
  { id: 1, number: 'ORD-2026-00001', client: 'Техноприлад', total: '1 200,00', note: 'терміново' },
  { id: 2, number: 'ORD-2026-00002', client: 'Імрад', total: '80,00', note: '' },
];
const columns: DataColumn<Row>[] = [
  { id: 'number', header: 'Номер', cell: (r) => r.number, sortField: 'number', primary: true },
  { id: 'client', header: 'Клієнт', cell: (r) => r.client, sortField: 'clientName' },
  { id: 'total', header: 'Сума', cell: (r) => r.total, numeric: true },
  { id: 'note', header: 'Примітка', cell: (r) => r.note, hiddenByDefault: true },
];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('erp.lastUserId', '7');
});
afterEach(() => vi.unstubAllGlobals());

type Handlers = {
  onOpen?: (row: Row) => void;
  onSort?: (field: string) => void;
  onEdit?: (id: number) => void;
  onCancel?: (id: number) => void;
};

function Table({ onOpen = () => {}, onSort = () => {}, onEdit = () => {}, onCancel = () => {} }: Handlers) {
  return (
    <DataTable
      id="orders"
      label="Замовлення"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.number}
      sort="-number"
      onSort={onSort}
      onRowClick={onOpen}
      empty="Замовлень немає"
      actions={(r) => [
        { label: `Редагувати ${r.number}`, onSelect: () => onEdit(r.id), inline: true },
        { label: 'Скасувати', onSelect: () => onCancel(r.id), destructive: true },
      ]}
    />
  );
}

describe('DataTable', () => {
  it('shows an opened row’s detail under that row, across the columns, and at the end of its card on a phone', () => {
    const detailed = (mobile: boolean) => {
      setPhoneWidth(mobile);
      return renderWithProviders(
        <DataTable
          id="orders"
          label="Замовлення"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty="Замовлень немає"
          rowDetail={(r) => (r.id === 1 ? <p>Рядки {r.number}</p> : null)}
        />,
      );
    };
    const wide = detailed(false);
    const bodyRows = within(screen.getByRole('table', { name: 'Замовлення' }))
      .getAllByRole('row')
      .slice(1);
    expect(bodyRows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('ORD-2026-00001'),
      'Рядки ORD-2026-00001',
      expect.stringContaining('ORD-2026-00002'),
    ]);
    // Across the three shown columns (the note is hidden by default).
    expect(within(bodyRows[1]!).getByRole('cell').getAttribute('colspan')).toBe('3');
    wide.unmount();
    detailed(true);
    const cards = within(screen.getByRole('list', { name: 'Замовлення' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Рядки ORD-2026-00001')).toBeTruthy();
    expect(within(cards[1]!).queryByText(/Рядки/)).toBeNull();
  });

  it('shows the declared columns, sorts by a header, opens a row and keeps its actions in reach', async () => {
    setPhoneWidth(false);
    const user = userEvent.setup();
    const onSort = vi.fn();
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<Table onSort={onSort} onOpen={onOpen} onEdit={onEdit} onCancel={onCancel} />);
    const table = screen.getByRole('table', { name: 'Замовлення' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Номер', 'Клієнт', 'Сума', 'Дії']);
    expect(within(table).getByRole('columnheader', { name: /Номер/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(within(table).getByRole('button', { name: /Клієнт/ }));
    expect(onSort).toHaveBeenCalledWith('clientName');
    await user.click(within(table).getByText('Імрад'));
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
    await user.click(within(table).getByRole('button', { name: 'Редагувати ORD-2026-00001' }));
    expect(onEdit).toHaveBeenCalledWith(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    // The destructive action is in the row's menu, never a bare button.
    await user.click(within(table).getByRole('button', { name: 'Дії: ORD-2026-00002' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Скасувати' }));
    expect(onCancel).toHaveBeenCalledWith(2);
    // The actions column sticks to the right edge of the scrolling table.
    expect(within(table).getByRole('columnheader', { name: 'Дії' }).className).toContain('sticky');
  });

  it('remembers the chosen columns per user', async () => {
    setPhoneWidth(false);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Table />);
    await user.click(screen.getByRole('button', { name: 'Стовпці' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Примітка' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Сума' }));
    expect((await screen.findByRole('menuitemcheckbox', { name: 'Номер' })).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Номер', 'Клієнт', 'Примітка', 'Дії']);
    unmount();
    renderWithProviders(<Table />);
    expect(headers()).toEqual(['Номер', 'Клієнт', 'Примітка', 'Дії']);
    // Another user of the same browser has his own.
    expect(JSON.parse(localStorage.getItem('erp.columns.7.orders')!)).toEqual(['total']);
    expect(localStorage.getItem('erp.columns.8.orders')).toBeNull();
  });

  it('shows a card per row under 768 px, with the row’s fields and actions', async () => {
    setPhoneWidth(true);
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderWithProviders(<Table onEdit={onEdit} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Замовлення' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('ORD-2026-00001')).toBeTruthy();
    expect(within(first!).getByText('Клієнт').nextElementSibling?.textContent).toBe('Техноприлад');
    expect(within(first!).queryByText('Примітка')).toBeNull();
    await user.click(within(first!).getByRole('button', { name: 'Редагувати ORD-2026-00001' }));
    expect(onEdit).toHaveBeenCalledWith(1);
  });

  it('says what an empty list means', () => {
    setPhoneWidth(false);
    renderWithProviders(
      <DataTable id="x" label="Порожньо" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Замовлень немає" />,
    );
    expect(screen.getByText('Замовлень немає')).toBeTruthy();
  });
});

describe('document columns and the empty list', () => {
  it('opens the row by its number once, never also by the row’s own click', async () => {
    setPhoneWidth(false);
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onRow = vi.fn();
    renderWithProviders(
      <DataTable
        id="docs"
        label="Документи"
        columns={[
          documentNumberColumn<Row>({
            header: 'Номер',
            number: (r) => r.number,
            openLabel: (number) => `Відкрити ${number}`,
            onOpen: (r) => onOpen(r.id),
            below: (r) => <span>{r.client}</span>,
          }),
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={onRow}
        empty="Документів немає"
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Номер/ })).toBeTruthy();
    expect(screen.getByText('Імрад')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Відкрити ORD-2026-00002' }));
    expect(onOpen).toHaveBeenCalledWith(2);
    expect(onRow).not.toHaveBeenCalled();
  });

  it('amountColumn shows hryvnias, and a foreign document’s own amount under them', () => {
    setPhoneWidth(false);
    const docs = [
      { id: 1, uah: '1200', gross: '1200', currency: 'UAH' },
      { id: 2, uah: '4150', gross: '100', currency: 'USD' },
    ];
    renderWithProviders(
      <DataTable
        id="docs"
        label="Документи"
        columns={[
          amountColumn<(typeof docs)[number]>({
            header: 'Сума, грн',
            sortField: 'totalUah',
            uah: (d) => d.uah,
            gross: (d) => d.gross,
            currency: (d) => d.currency,
          }),
        ]}
        rows={docs}
        rowKey={(d) => d.id}
        sort="-totalUah"
        onSort={() => {}}
        empty="Документів немає"
      />,
    );
    const [, uahRow, usdRow] = screen.getAllByRole('row');
    expect(within(uahRow!).getByText('1 200,00')).toBeTruthy();
    expect(within(uahRow!).queryByText(/UAH/)).toBeNull();
    expect(within(usdRow!).getByText('4 150,00')).toBeTruthy();
    expect(within(usdRow!).getByText('100,00 USD')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Сума, грн/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('an empty list says what is missing and what to do', () => {
    setPhoneWidth(false);
    renderWithProviders(
      <DataTable
        id="docs"
        label="Документи"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty={<ListEmpty title="Документів немає" hint="Змініть фільтри" />}
      />,
    );
    expect(screen.getByText('Документів немає')).toBeTruthy();
    expect(screen.getByText('Змініть фільтри')).toBeTruthy();
  });
});

describe('list filters', () => {
  it('ChoiceFilter offers all or one value and names itself by its label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <ChoiceFilter
        label="Статус"
        allLabel="Усі статуси"
        options={statusOptions(['draft', 'posted'] as const, { draft: 'Чернетка', posted: 'Проведено' })}
        value="all"
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Статус' });
    expect(select.textContent).toContain('Усі статуси');
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Усі статуси',
      'Чернетка',
      'Проведено',
    ]);
    await user.click(screen.getByRole('option', { name: 'Проведено' }));
    expect(onChange).toHaveBeenCalledWith('posted');
  });

  it('PeriodFilter takes the page’s own labels and gives the API’s dates', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <PeriodFilter
        id="docs-date"
        from=""
        to="2026-11-30"
        labels={{ from: 'Період з', to: 'Період по' }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('group', { name: 'Період' })).toBeTruthy();
    expect((screen.getByLabelText('Період по') as HTMLInputElement).value).toBe('30.11.2026');
    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    expect(onChange).toHaveBeenCalledWith({ dateFrom: '2026-11-01', dateTo: '2026-11-30' });
  });
});

describe('a document list (usePagedList, DocumentFilterBar, PagedListCard)', () => {
  const texts = {
    title: 'Документи',
    searchLabel: 'Пошук документів',
    searchPlaceholder: 'Номер',
    statusLabel: 'Статус',
    statusAll: 'Усі статуси',
    dateFrom: 'Період з',
    dateTo: 'Період по',
    loading: 'Завантаження...',
    loadError: 'Не вдалося завантажити документи',
    retry: 'Спробувати ще раз',
    empty: 'Документів не знайдено',
    emptyHint: 'Змініть фільтри',
    emptyStart: 'Створіть перший документ',
  };
  const initial = { page: 1, limit: 1, search: '', sort: '-number', status: 'all', dateFrom: '', dateTo: '' };

  function Documents({ onReset = () => {} }: { onReset?: () => void }) {
    const { list, query } = usePagedList(initial, {
      key: (filter) => ['/api/docs', filter],
      queryFn: getListQueryFn<Row>(),
    });
    return (
      <>
        <DocumentFilterBar
          id="docs"
          list={list}
          texts={texts}
          statuses={statusOptions(['draft', 'posted'] as const, { draft: 'Чернетка', posted: 'Проведено' })}
          onReset={onReset}
        />
        <PagedListCard
          list={list}
          query={query}
          texts={texts}
          emptySummary="0 документів"
          canCreate
          table={{ id: 'docs', columns, rowKey: (r) => r.id }}
        />
      </>
    );
  }

  it('sends the filter in its order, pages, sorts, resets, and says what an empty list means', async () => {
    setPhoneWidth(false);
    const fetchMock = stubFetch((url) => {
      if (!url.startsWith('/api/docs?')) return jsonResponse({ error: 'Не знайдено' }, 404);
      const page = new URL(url, 'http://x').searchParams.get('page');
      const items = url.includes('status=posted') ? [] : page === '2' ? [rows[1]] : [rows[0]];
      return new Response(JSON.stringify(items), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(url.includes('status') ? 0 : 2) },
      });
    });
    const urls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/docs?'));
    const user = userEvent.setup();
    const onReset = vi.fn();
    renderWithProviders(<Documents onReset={onReset} />);

    expect(await screen.findByText('ORD-2026-00001')).toBeTruthy();
    expect(urls()).toEqual(['/api/docs?page=1&limit=1&sort=-number']);
    expect(screen.getByRole('table', { name: 'Документи' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    expect(await screen.findByText('ORD-2026-00002')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Клієнт/ }));
    await vi.waitFor(() => expect(urls().at(-1)).toBe('/api/docs?page=1&limit=1&sort=clientName'));

    fireEvent.change(screen.getByLabelText('Період з'), { target: { value: '01.11.2026' } });
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Проведено' }));
    await vi.waitFor(() =>
      expect(urls().at(-1)).toBe('/api/docs?page=1&limit=1&sort=clientName&status=posted&dateFrom=2026-11-01'),
    );
    expect(await screen.findByText('Документів не знайдено')).toBeTruthy();
    expect(screen.getByText('Змініть фільтри')).toBeTruthy();
    expect(screen.getByText('0 документів')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Скинути фільтри' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    // Back to the unfiltered first page (cached, so no new request), the sort kept.
    expect(await screen.findByText('ORD-2026-00001')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Клієнт/ }).getAttribute('aria-sort')).toBe('ascending');
    expect((screen.getByLabelText('Період з') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Статус' }).textContent).toContain('Усі статуси');
  });
});

describe('useListState', () => {
  it('goes back to page 1 on a change, waits for typing, and resets all but the sort', () => {
    vi.useFakeTimers();
    try {
      const initial = { page: 1, limit: 20, sort: '-date', search: '', status: '' };
      const { result } = renderHook(() => useListState(initial));
      act(() => result.current.setPage(3));
      act(() => result.current.changeFilter({ status: 'draft' }));
      expect(result.current.filter).toMatchObject({ page: 1, status: 'draft' });
      expect(result.current.filtered).toBe(true);
      act(() => result.current.changeSearch('Техно'));
      expect(result.current.searchText).toBe('Техно');
      expect(result.current.filter.search).toBe('');
      act(() => vi.advanceTimersByTime(300));
      expect(result.current.filter.search).toBe('Техно');
      act(() => result.current.toggleSort('date'));
      expect(result.current.filter.sort).toBe('date');
      act(() => result.current.toggleSort('date'));
      expect(result.current.filter.sort).toBe('-date');
      act(() => result.current.reset());
      expect(result.current.filter).toEqual({ ...initial, sort: '-date' });
      expect(result.current.filtered).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DocumentActionBar', () => {
  it('leads with the next step and keeps destructive actions in the menu', async () => {
    const user = userEvent.setup();
    const cancel = vi.fn();
    renderWithProviders(
      <DocumentActionBar
        primary={{ id: 'ship', label: 'Відвантажити', onSelect: () => {} }}
        secondary={[{ id: 'print', label: 'Рахунок', onSelect: () => {} }]}
        more={[
          { id: 'cancel', label: 'Скасувати', destructive: true, onSelect: cancel },
          { id: 'copy', label: 'Копіювати', onSelect: () => {} },
        ]}
      />,
    );
    const bar = screen.getByRole('toolbar', { name: 'Дії з документом' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Відвантажити', 'Рахунок', 'Ще']);
    await user.click(within(bar).getByRole('button', { name: 'Ще' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Копіювати', 'Скасувати']);
    await user.click(screen.getByRole('menuitem', { name: 'Скасувати' }));
    expect(cancel).toHaveBeenCalled();
  });
});

describe('ReasonDialog', () => {
  it('asks for the reason, offers the usual ones and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = renderWithProviders(
      <ReasonDialog
        title="Скасувати замовлення?"
        description="Резерви буде знято."
        confirmLabel="Скасувати замовлення"
        suggestions={['Клієнт відмовився']}
        pending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Скасувати замовлення' }));
    expect(screen.getByText('Вкажіть причину')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Клієнт відмовився' }));
    await user.click(screen.getByRole('button', { name: 'Скасувати замовлення' }));
    expect(onConfirm).toHaveBeenCalledWith('Клієнт відмовився');
    rerender(
      <ReasonDialog
        title="Скасувати замовлення?"
        description="Резерви буде знято."
        confirmLabel="Скасувати замовлення"
        pending={false}
        error="Замовлення вже відвантажено"
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Замовлення вже відвантажено')).toBeTruthy();
  });
});

describe('useUnsavedChanges', () => {
  function FormDialog({ onClose }: { onClose: () => void }) {
    const [text, setText] = useState('');
    const guard = useUnsavedChanges(text !== '');
    return (
      <>
        <Dialog open onOpenChange={(open) => !open && guard.attempt(onClose)}>
          <DialogContent>
            <DialogTitle>Нове замовлення</DialogTitle>
            <input aria-label="Коментар" value={text} onChange={(e) => setText(e.target.value)} />
          </DialogContent>
        </Dialog>
        {guard.prompt}
      </>
    );
  }

  it('closes an untouched form at once and asks before Esc throws a filled one away', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<FormDialog onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    const closeFilled = vi.fn();
    renderWithProviders(<FormDialog onClose={closeFilled} />);
    await user.type(screen.getAllByLabelText('Коментар').at(-1)!, 'терміново');
    await user.keyboard('{Escape}');
    expect(closeFilled).not.toHaveBeenCalled();
    expect(await screen.findByText('Закрити без збереження?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Продовжити редагування' }));
    expect(closeFilled).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Закрити без збереження' }));
    expect(closeFilled).toHaveBeenCalledTimes(1);
  });
});
