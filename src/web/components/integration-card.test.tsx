// An integration card's button: its own icon while idle, a spinner while its request runs, never a form submit, and
// the props it is given (disabled, variant) passed on.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlugZapIcon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { IntegrationAction } from './integration-card.tsx';

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
