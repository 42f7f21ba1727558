// Choosing an option of a picker in a web test: open the combobox, click the option by its accessible name (a
// regular expression for a two-line option whose name is followed by its details).
import { screen } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';

export async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}
