// The list state's reset (issue 20's toolkit): a search typed just before 'Скинути фільтри' is dropped, not applied
// after its pause under an empty search box (a resource-page test caught it once on a busy CI machine).
import { act, renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useListState } from './list-page.tsx';

it('drops a search typed just before the reset instead of applying it after its pause', () => {
  vi.useFakeTimers();
  try {
    const { result } = renderHook(() => useListState({ page: 1, limit: 50, search: '', status: '' }));
    act(() => result.current.changeFilter({ status: 'posted' }));
    act(() => result.current.changeSearch('кг'));
    act(() => result.current.reset());
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(result.current.filter).toMatchObject({ search: '', status: '' });
    expect(result.current.searchText).toBe('');
    expect(result.current.filtered).toBe(false);
  } finally {
    vi.useRealTimers();
  }
});
