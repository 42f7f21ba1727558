// The confirmations of 'Повернути в чернетку', 'Скасувати' and revoking the production approval show the
// manufacturing orders linked to the order's lines (sales.md §1.1, §1.3; issue 22 item 2): a refusal naming them for
// the first and the last, what cancelling does to them, and the server's refusal when it answers 409.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderManufacturingLink } from '@/modules/orders/order-manufacturing.contract.ts';
import type { Order } from '@/modules/orders/orders.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ActionDialog, type DialogAction } from './order-action-dialog.tsx';
import { confirmed } from './orders.fixture.ts';

const approved: Order = { ...confirmed, productionApproved: true, productionApprovalNote: 'Погоджено' };

const link = (id: number, status: string, statusLabel: string): OrderManufacturingLink => ({
  id,
  number: `MO-2026-0000${id}`,
  status,
  statusLabel,
  itemName: 'Блок живлення БЖ-12/2',
  qty: '2.0000',
});
const links = [link(3, 'released', 'Запущено'), link(4, 'planned', 'Заплановано'), link(5, 'cancelled', 'Скасовано')];

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(mos: OrderManufacturingLink[], answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    // The GET carries a cache-busting parameter.
    if (url.split('?')[0] === '/api/orders/5/manufacturing-orders') return jsonResponse(mos);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderDialog(action: DialogAction, order: Order = confirmed) {
  const onDone = vi.fn();
  renderWithProviders(<ActionDialog order={order} action={action} onDone={onDone} onDeleted={() => undefined} />, {
    path: '/orders',
  });
  return onDone;
}

afterEach(() => vi.unstubAllGlobals());

describe('order confirmations and the linked manufacturing orders', () => {
  it('return to draft: names the linked MOs (not the cancelled one) and shows the server refusal', async () => {
    const refusal =
      'До рядків замовлення прив’язані виробничі замовлення: MO-2026-00003 (Запущено), MO-2026-00004 ' +
      '(Заплановано) — повернути його в чернетку не можна';
    const fetchMock = stubApi(links, (url, init) =>
      url === '/api/orders/5/return-to-draft' && init.method === 'POST'
        ? jsonResponse({ error: refusal }, 409)
        : undefined,
    );
    const onDone = renderDialog('return-to-draft');
    const dialog = await screen.findByRole('alertdialog', { name: 'Повернути в чернетку?' });
    const notice = await within(dialog).findByRole('alert', { name: 'Прив’язані виробничі замовлення' });
    expect(within(notice).getByText(/повернути його в чернетку не можна/)).toBeTruthy();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'MO-2026-00003 · Запущено · Блок живлення БЖ-12/2 × 2',
      'MO-2026-00004 · Заплановано · Блок живлення БЖ-12/2 × 2',
    ]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Повернути в чернетку' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/orders/5/return-to-draft')).toEqual([{ version: 4 }]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('return to draft: no notice when only a cancelled MO is left linked', async () => {
    stubApi([link(5, 'cancelled', 'Скасовано')]);
    renderDialog('return-to-draft');
    const dialog = await screen.findByRole('alertdialog', { name: 'Повернути в чернетку?' });
    await waitFor(() => expect(within(dialog).queryByText(/Перевіряю/)).toBeNull());
    expect(within(dialog).queryByText(/Не вдалося перевірити/)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(/MO-2026-00005/)).toBeNull();
  });

  it('cancel: says the links go, the MOs stay and the running ones do not stop; sends only the reason', async () => {
    const fetchMock = stubApi(links, (url, init) =>
      url === '/api/orders/5/cancel' && init.method === 'POST'
        ? jsonResponse({ ...confirmed, status: 'cancelled', version: 5 })
        : undefined,
    );
    const onDone = renderDialog('cancel');
    const dialog = await screen.findByRole('alertdialog', { name: 'Скасувати замовлення?' });
    const notice = await within(dialog).findByRole('region', { name: 'Прив’язані виробничі замовлення' });
    expect(within(notice).getByText(/Прив’язку цих виробничих замовлень буде знято/)).toBeTruthy();
    expect(within(notice).getByText(/самі не зупиняться/)).toBeTruthy();
    expect(within(notice).getAllByRole('listitem')).toHaveLength(2);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Причина/), 'Клієнт відмовився');
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodiesOf(fetchMock, '/api/orders/5/cancel')).toEqual([{ version: 4, reason: 'Клієнт відмовився' }]);
  });

  it('cancel: no running-MO note when the linked MOs are only planned', async () => {
    stubApi([link(4, 'planned', 'Заплановано')]);
    renderDialog('cancel');
    const dialog = await screen.findByRole('alertdialog', { name: 'Скасувати замовлення?' });
    const notice = await within(dialog).findByRole('region', { name: 'Прив’язані виробничі замовлення' });
    expect(within(notice).getByText(/MO-2026-00004/)).toBeTruthy();
    expect(within(notice).queryByText(/самі не зупиняться/)).toBeNull();
  });

  it('revoking the approval: the refusal shows once the switch is off and goes when it is on again', async () => {
    stubApi(links);
    renderDialog('production-approval', approved);
    const dialog = await screen.findByRole('alertdialog', { name: 'Дозвіл на виробництво' });
    const user = userEvent.setup();
    // The dialog opens on the opposite of the current state: off for an approved order — a revocation.
    const notice = await within(dialog).findByRole('alert', { name: 'Прив’язані виробничі замовлення' });
    expect(within(notice).getByText(/відкликати дозвіл на виробництво не можна/)).toBeTruthy();
    await user.click(within(dialog).getByRole('switch'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
