// A figure card's number reads the Ukrainian way: digits grouped, a decimal comma; a text value stays as given.
import { render, screen } from '@testing-library/react';
import { PackageIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { StatCard, statTones } from './stat-card.tsx';

describe('StatCard', () => {
  it.each([
    [40000, '40 000'],
    [12.5, '12,5'],
    [7, '7'],
    ['13 834 753 152,28 грн', '13 834 753 152,28 грн'],
  ])('shows %s as %s', (value, shown) => {
    render(
      <StatCard label="Позицій" hint="Товарів у списку" icon={PackageIcon} tone={statTones.primary} value={value} />,
    );
    // Testing Library folds the no-break spaces of grouped digits into plain spaces.
    expect(screen.getByText(shown)).toBeTruthy();
  });
});
