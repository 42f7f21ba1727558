import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { useOpenParam, useRecordDialogTarget } from './record-list.tsx';

function Drawer() {
  const [openId, setOpenId] = useOpenParam();
  return openId === null ? (
    <p>закрито</p>
  ) : (
    <button type="button" onClick={() => setOpenId(null)}>
      відкрито {openId}
    </button>
  );
}

function Dialog() {
  const dialog = useRecordDialogTarget();
  return (
    <>
      <p>{dialog.target ? (dialog.target.kind === 'create' ? 'новий' : `запис ${dialog.target.id}`) : 'нічого'}</p>
      <button type="button" onClick={dialog.create}>
        створити
      </button>
      <button type="button" onClick={dialog.close}>
        закрити
      </button>
    </>
  );
}

describe('useOpenParam', () => {
  it('opens what ?open= names, also when the address changes under the page, and drops it on close', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<Drawer />, { path: '/orders?open=5' });
    expect(screen.getByRole('button', { name: 'відкрито 5' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'відкрито 5' }));
    expect(screen.getByText('закрито')).toBeTruthy();
    expect(location.history!.at(-1)).toBe('/orders');
    // A palette hit on the same page: the address changes while the page stays.
    act(() => location.navigate('/orders?open=7'));
    expect(screen.getByRole('button', { name: 'відкрито 7' })).toBeTruthy();
    act(() => location.navigate('/orders?open=9'));
    expect(screen.getByRole('button', { name: 'відкрито 9' })).toBeTruthy();
  });
});

describe('useRecordDialogTarget', () => {
  it('follows ?open= the same way and keeps a new record apart from it', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<Dialog />, { path: '/recipes' });
    expect(screen.getByText('нічого')).toBeTruthy();
    act(() => location.navigate('/recipes?open=3'));
    expect(screen.getByText('запис 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'створити' }));
    expect(screen.getByText('новий')).toBeTruthy();
    expect(location.history!.at(-1)).toBe('/recipes');
    await user.click(screen.getByRole('button', { name: 'закрити' }));
    expect(screen.getByText('нічого')).toBeTruthy();
  });
});
