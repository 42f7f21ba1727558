// The pages under a list (ListPagination): exact totals with their digits grouped, and a total the server stopped
// counting at (decision 0031) — 'понад', with 'Наступна' open on the last counted page.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination } from './data-list.tsx';

// Testing Library folds the no-break spaces of the grouped digits into plain spaces before matching.
describe('ListPagination', () => {
  it('says the exact total and closes "next" on the last page', () => {
    render(<ListPagination page={3} pageSize={50} total={120} emptySummary="0 записів" onPageChange={() => {}} />);
    expect(screen.getByText('Показано 101–120 з 120')).toBeTruthy();
    expect(screen.getByText('Сторінка 3 з 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Наступна сторінка' }).hasAttribute('disabled')).toBe(true);
  });

  it('groups the digits of a large exact total', () => {
    render(<ListPagination page={1} pageSize={50} total={200000} emptySummary="" onPageChange={() => {}} />);
    expect(screen.getByText('Показано 1–50 з 200 000')).toBeTruthy();
    expect(screen.getByText('Сторінка 1 з 4 000')).toBeTruthy();
  });

  it('a capped total reads "понад" and still lets the user go past its last counted page', () => {
    const onPageChange = vi.fn();
    render(
      <ListPagination page={200} pageSize={50} total={10000} capped emptySummary="" onPageChange={onPageChange} />,
    );
    expect(screen.getByText('Показано 9 951–10 000 з понад 10 000')).toBeTruthy();
    expect(screen.getByText('Сторінка 200 з понад 200')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Наступна сторінка' }));
    expect(onPageChange).toHaveBeenCalledWith(201);
  });
});
