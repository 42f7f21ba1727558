// The toolkit's search box (issue 20): the text shows every keystroke, the search is applied once the typing pauses,
// and clearing the box drops a search still waiting — a reset or a closed picker is never undone by an earlier
// keystroke. Fake timers stand in for the pause; each case fails when `clear`/`show` do not cancel.
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useSearchBox } from './use-search-box.ts';
import { SearchCombobox } from './search-combobox.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function box(initial = '') {
  const applied: string[] = [];
  const hook = renderHook(() => useSearchBox(initial, (text) => applied.push(text)));
  return { hook, applied };
}

it('applies only the last keystroke, trimmed, after the pause', () => {
  const { hook, applied } = box();
  act(() => hook.result.current.change(' к'));
  act(() => hook.result.current.change(' кг '));
  expect(hook.result.current.text).toBe(' кг ');
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
  expect(applied).toEqual([]);
  act(() => vi.advanceTimersByTime(1));
  expect(applied).toEqual(['кг']);
});

it('clear empties the box and the search waiting for its pause never arrives', () => {
  const { hook, applied } = box('резистор');
  expect(hook.result.current.text).toBe('резистор');
  act(() => hook.result.current.change('кон'));
  act(() => hook.result.current.clear());
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 3));
  expect(hook.result.current.text).toBe('');
  expect(applied).toEqual([]);
});

it('show puts a search from the address in the box without applying it, and drops the one typed before', () => {
  const { hook, applied } = box();
  act(() => hook.result.current.change('стар'));
  act(() => hook.result.current.show('МВ-00012'));
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 3));
  expect(hook.result.current.text).toBe('МВ-00012');
  expect(applied).toEqual([]);
});

it('a picker closed before its pause opens again on an empty search, not on the one typed before closing', async () => {
  const asked: string[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SearchCombobox<string>
        shown={null}
        placeholder="Товар"
        aria-label="Товар"
        query={(search) => ({
          queryKey: ['picker-test', search],
          queryFn: () => {
            asked.push(search);
            return [`знайдено «${search}»`];
          },
        })}
        keyOf={(option) => option}
        renderOption={(option) => option}
        onPick={() => undefined}
      />
    </QueryClientProvider>,
  );
  const trigger = screen.getByRole('combobox', { name: 'Товар' });
  fireEvent.click(trigger);
  await act(() => vi.advanceTimersByTimeAsync(0));
  fireEvent.change(screen.getByRole('combobox', { name: 'Пошук' }), { target: { value: 'кг' } });
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Пошук' }), { key: 'Escape' });
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 3));
  fireEvent.click(trigger);
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect((screen.getByRole('combobox', { name: 'Пошук' }) as HTMLInputElement).value).toBe('');
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(asked).not.toContain('кг');
  expect(screen.getByText('знайдено «»')).toBeTruthy();
});
