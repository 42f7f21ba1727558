// The shop-floor terminal as an operator works it: open an operation from the queue and start it, then tap the
// finished quantity on the numeric keypad (the terminal has no text field for it).
import type { Locator, Page } from 'playwright-core';
import { toastTitle } from './session.ts';

/** Opens `<moNumber>, <seq> <name>` from the queue once it is workable, and presses 'Почати'. */
export async function startQueuedOperation(page: Page, moNumber: string, op: { seq: number; name: string }) {
  const queued = page.getByRole('button', { name: `${moNumber}, ${op.seq} ${op.name}` });
  await queued.and(page.locator(':enabled')).waitFor();
  await queued.click();
  await page.getByRole('heading', { level: 2, name: `${op.seq} · ${op.name}` }).waitFor();
  await page.getByRole('button', { name: 'Почати', exact: true }).click();
  await toastTitle(page, 'Виконано: Почати').last().waitFor();
}

/** Taps the digits of `value` on the finish dialog's keypad. */
export async function tapKeypad(dialog: Locator, value: string) {
  const keypad = dialog.getByRole('group', { name: 'Цифрова клавіатура' });
  for (const key of value) await keypad.getByRole('button', { name: key, exact: true }).click();
}
