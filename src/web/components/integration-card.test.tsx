// An integration card's button: its own icon while idle, a spinner while its request runs, never a form submit, and
// the props it is given (disabled, variant) passed on. The check and run buttons every exchange's card takes from here:
// their outcome in a toast (red when it went wrong, the server's message when the request failed), a run refreshing
// what it changed, neither while the other runs, and only 'Перевірити з'єднання' for a user who may not change it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlugZapIcon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/web/lib/api.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import {
  IntegrationAction,
  IntegrationCheckActions,
  useIntegrationChecks,
  type IntegrationOutcome,
} from './integration-card.tsx';

describe('IntegrationAction', () => {
  it('shows its icon while idle and calls its handler', async () => {
    const onClick = vi.fn();
    render(
      <IntegrationAction icon={PlugZapIcon} onClick={onClick}>
        Перевірити з'єднання
      </IntegrationAction>,
    );
    const button = screen.getByRole('button', { name: "Перевірити з'єднання" });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.querySelector('.lucide-plug-zap')).not.toBeNull();
    expect(button.querySelector('.animate-spin')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('spins instead of its icon while pending and stays disabled when told', () => {
    render(
      <IntegrationAction icon={PlugZapIcon} pending disabled variant="ghost">
        Запустити зараз
      </IntegrationAction>,
    );
    const button = screen.getByRole('button', { name: 'Запустити зараз' }) as HTMLButtonElement;
    expect(button.querySelector('.animate-spin')).not.toBeNull();
    expect(button.querySelector('.lucide-plug-zap')).toBeNull();
    expect(button.disabled).toBe(true);
  });
});

function Checks(props: {
  test: () => Promise<IntegrationOutcome>;
  run: () => Promise<IntegrationOutcome>;
  canChange?: boolean;
  ready?: { test: boolean; run: boolean };
  onSettings?: () => void;
}) {
  const checks = useIntegrationChecks({
    test: props.test,
    run: props.run,
    refresh: [['/api/demo/settings'], ['/api/demo/rows']],
    failed: 'Не вдалося виконати дію',
  });
  return (
    <IntegrationCheckActions
      checks={checks}
      ready={props.ready ?? { test: true, run: true }}
      canChange={props.canChange ?? true}
      onSettings={props.onSettings}
    />
  );
}

const toastOf = async (text: string) => (await screen.findByText(text)).closest('li') as HTMLElement;

describe('useIntegrationChecks and IntegrationCheckActions', () => {
  it('tells a check’s outcome, red when it went wrong, and the server’s message when the request failed', async () => {
    const user = userEvent.setup();
    const test = vi
      .fn<() => Promise<IntegrationOutcome>>()
      .mockResolvedValueOnce({ ok: true, message: 'З’єднання встановлено' })
      .mockResolvedValueOnce({ ok: false, message: 'Сервер відмовив: невірний пароль' })
      .mockRejectedValueOnce(new ApiError(502, 'Bad Gateway', { error: 'Сервіс не відповідає' }))
      .mockRejectedValueOnce(new Error('network'));
    renderWithProviders(<Checks test={test} run={vi.fn()} />);
    const button = screen.getByRole('button', { name: "Перевірити з'єднання" });
    await user.click(button);
    expect((await toastOf('З’єднання встановлено')).className).not.toContain('destructive');
    await user.click(button);
    expect((await toastOf('Сервер відмовив: невірний пароль')).className).toContain('destructive');
    await user.click(button);
    expect((await toastOf('Сервіс не відповідає')).className).toContain('destructive');
    await user.click(button);
    expect((await toastOf('Не вдалося виконати дію')).className).toContain('destructive');
    expect(test).toHaveBeenCalledTimes(4);
  });

  it('refreshes what a run changed, and holds both buttons while one runs', async () => {
    const user = userEvent.setup();
    let finish!: (outcome: IntegrationOutcome) => void;
    const run = vi.fn(() => new Promise<IntegrationOutcome>((resolve) => (finish = resolve)));
    const onSettings = vi.fn();
    const { queryClient } = renderWithProviders(<Checks test={vi.fn()} run={run} onSettings={onSettings} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('button', { name: 'Запустити зараз' }));
    const test = screen.getByRole('button', { name: "Перевірити з'єднання" }) as HTMLButtonElement;
    const runButton = screen.getByRole('button', { name: 'Запустити зараз' }) as HTMLButtonElement;
    expect([test.disabled, runButton.disabled]).toEqual([true, true]);
    expect(invalidate).not.toHaveBeenCalled();
    finish({ ok: true, message: 'Завантажено 3 записи' });
    await toastOf('Завантажено 3 записи');
    await waitFor(() => expect(test.disabled).toBe(false));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['/api/demo/settings'],
      ['/api/demo/rows'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Налаштування' }));
    expect(onSettings).toHaveBeenCalledTimes(1);
  });

  it('offers only the check to a user who may not change the integration, and nothing before it is ready', () => {
    const { unmount } = renderWithProviders(
      <Checks test={vi.fn()} run={vi.fn()} canChange={false} onSettings={vi.fn()} />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(["Перевірити з'єднання"]);
    unmount();
    renderWithProviders(<Checks test={vi.fn()} run={vi.fn()} ready={{ test: true, run: false }} />);
    expect((screen.getByRole('button', { name: "Перевірити з'єднання" }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Запустити зараз' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
