import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/web/components/ui/toaster.tsx';
import { ApiError } from './api.ts';
import {
  failureToast,
  reducer,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toast,
  type ToasterToast,
} from './use-toast.ts';

describe('toasts', () => {
  it('keeps the constants of spec §9', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION).toBe(5000);
  });

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Помилка', description: 'Вкажіть логін і пароль' });
      toast({ title: 'Лист відправлено', description: 'Перевірте електронну пошту' });
    });

    expect(screen.getByText('Лист відправлено')).toBeTruthy();
    expect(screen.getByText('Перевірте електронну пошту')).toBeTruthy();
    expect(screen.queryByText('Вкажіть логін і пароль')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('a failure toast names the server’s reason, else the fallback, under its title', () => {
    render(<Toaster />);
    act(() => failureToast('Не вдалося зберегти', 'Спробуйте ще раз')(new ApiError(409, 'x', { error: 'Змінено' })));
    expect(screen.getByText('Не вдалося зберегти')).toBeTruthy();
    expect(screen.getByText('Змінено')).toBeTruthy();
    act(() => failureToast('Не вдалося провести', 'Спробуйте ще раз')(new Error('network')));
    expect(screen.getByText('Не вдалося провести')).toBeTruthy();
    expect(screen.getByText('Спробуйте ще раз')).toBeTruthy();
  });

  it('closes a dismissed toast and removes it only later', () => {
    const first: ToasterToast = { id: '1', title: 'А', open: true };
    const added = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: first });
    const dismissed = reducer(added, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(dismissed.toasts).toEqual([{ ...first, open: false }]);
    expect(reducer(dismissed, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([]);
  });

  it('hides a toast when it is dismissed', () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Успіх', description: 'Пароль успішно змінено' });
    });
    expect(screen.getByText('Пароль успішно змінено')).toBeTruthy();
    act(() => handle?.dismiss());
    expect(screen.queryByText('Пароль успішно змінено')).toBeNull();
  });
});
