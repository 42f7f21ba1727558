// RelatedDocuments (issue 21), the linked documents every document's drawer shows: groups with their counts, each
// number a link to its page (a file in a new tab), the date дд.мм.рррр, the status, the money with two decimals and
// a decimal comma; empty groups left out; the loading, error (with retry) and empty states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { RelatedDocuments, type RelatedDocumentGroup } from './related-documents.tsx';

const groups: RelatedDocumentGroup[] = [
  {
    key: 'invoice',
    label: 'Рахунки на оплату',
    items: [
      {
        key: 'invoice:5',
        number: 'ORD-2026-00005',
        href: '/api/orders/5/print/invoice',
        external: true,
        date: '2026-11-01',
        status: 'Виставлено',
        amount: '12345.5',
        currency: 'грн',
      },
    ],
  },
  {
    key: 'payment',
    label: 'Оплати',
    items: [
      { key: 'p:1', number: 'PAY-1', href: '/payments?open=1', date: '2026-11-03', status: 'Проведено', amount: '100' },
      { key: 'p:2', number: 'PAY-2', href: '/payments?open=2', date: null, status: 'Чернетка', detail: 'Повернення' },
    ],
  },
  { key: 'shipment', label: 'Відвантаження', items: [] },
];

describe('RelatedDocuments', () => {
  it('shows each group with its count and each document as a link with its date, status and amount', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<RelatedDocuments groups={groups} />, { path: '/orders?open=5' });
    const section = screen.getByRole('region', { name: "Пов'язані документи" });
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe("Пов'язані документи");
    // The empty group is left out.
    expect(
      within(section)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Рахунки на оплату (1)', 'Оплати (2)']);

    const invoice = within(section).getByRole('link', { name: /ORD-2026-00005/ });
    expect(invoice.getAttribute('href')).toBe('/api/orders/5/print/invoice');
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(invoice.getAttribute('aria-label')).toBe('ORD-2026-00005 (відкриється в новій вкладці)');
    const invoiceRow = invoice.closest('li')!;
    expect(within(invoiceRow).getByText('01.11.2026')).toBeTruthy();
    expect(within(invoiceRow).getByText('12 345,50 грн')).toBeTruthy();

    const payments = within(section).getByRole('region', { name: 'Оплати' });
    const [first, second] = within(payments).getAllByRole('listitem');
    expect(within(first!).getByText('03.11.2026')).toBeTruthy();
    expect(within(first!).getByText('100,00')).toBeTruthy();
    expect(within(second!).getByText('Чернетка')).toBeTruthy();
    expect(within(second!).getByText('Повернення')).toBeTruthy();
    expect(second!.textContent).not.toMatch(/\d{2}\.\d{2}\.\d{4}/);

    await user.click(within(payments).getByRole('link', { name: 'PAY-2' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/payments?open=2'));
  });

  it('says so when no group has a document, with the caller’s words when given', () => {
    const { rerender } = renderWithProviders(<RelatedDocuments groups={[{ key: 'x', label: 'Оплати', items: [] }]} />);
    expect(screen.getByText("Пов'язаних документів немає")).toBeTruthy();
    rerender(<RelatedDocuments title="Замовлення на виробництво" groups={[]} emptyText="Ще не створено" />);
    expect(screen.getByRole('region', { name: 'Замовлення на виробництво' })).toBeTruthy();
    expect(screen.getByText('Ще не створено')).toBeTruthy();
  });

  it('shows the loading state, then the error with a retry', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const { rerender } = renderWithProviders(<RelatedDocuments groups={undefined} isLoading />);
    expect(screen.getByRole('status').textContent).toBe('Завантаження документів...');
    rerender(<RelatedDocuments groups={undefined} isError onRetry={retry} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText("Не вдалося завантажити пов'язані документи")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('puts what the caller gives (the way back) under the title', () => {
    renderWithProviders(
      <RelatedDocuments groups={groups}>
        <a href="/orders?open=5">Повернутися до замовлення ORD-2026-00005</a>
      </RelatedDocuments>,
    );
    const section = screen.getByRole('region', { name: "Пов'язані документи" });
    expect(within(section).getByRole('link', { name: 'Повернутися до замовлення ORD-2026-00005' })).toBeTruthy();
  });
});
