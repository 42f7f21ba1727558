import { describe, expect, it, vi } from 'vitest';
import { resolveActionUrl } from './notification-navigation.ts';

const noLookup = vi.fn(async () => {
  throw new Error('not expected');
});

describe('resolveActionUrl (spec §7)', () => {
  it('turns an order into a search by its number, URL-encoded', async () => {
    const lookup = vi.fn(async (id: string) => (id === '42' ? 'ЗМ-2025/0042 A' : undefined));
    expect(await resolveActionUrl('/orders/42', lookup)).toBe(`/orders?search=${encodeURIComponent('ЗМ-2025/0042 A')}`);
    expect(lookup).toHaveBeenCalledWith('42');
  });

  it('falls back to /orders when the lookup fails, answers nothing or the id is missing', async () => {
    const failing = vi.fn(async () => {
      throw new Error('404: Не знайдено');
    });
    expect(await resolveActionUrl('/orders/7', failing)).toBe('/orders');
    expect(await resolveActionUrl('/orders/7', async () => undefined)).toBe('/orders');
    expect(await resolveActionUrl('/orders/7', async () => '')).toBe('/orders');
    expect(await resolveActionUrl('/orders/', noLookup)).toBe('/orders');
    expect(noLookup).not.toHaveBeenCalled();
  });

  it('sends payments and unprocessed bank payments to /payments', async () => {
    expect(await resolveActionUrl('/payments/15', noLookup)).toBe('/payments');
    expect(await resolveActionUrl('/unprocessed-payments/99', noLookup)).toBe('/payments');
    expect(await resolveActionUrl('/payments', noLookup)).toBe('/payments');
  });

  it('sends clients to /clients, except their Nova Poshta and delivery settings', async () => {
    expect(await resolveActionUrl('/clients/5', noLookup)).toBe('/clients');
    expect(await resolveActionUrl('/clients/5/contacts', noLookup)).toBe('/clients');
    expect(await resolveActionUrl('/clients/5/nova-poshta-settings', noLookup)).toBe('/clients/5/nova-poshta-settings');
    expect(await resolveActionUrl('/clients/5/delivery-settings', noLookup)).toBe('/clients/5/delivery-settings');
  });

  it('leaves anything else as it is', async () => {
    for (const url of [
      '/shortage?itemId=12',
      '/inventory?search=R-10K',
      '/integrations',
      '/notifications',
      '/orders',
    ]) {
      expect(await resolveActionUrl(url, noLookup)).toBe(url);
    }
    expect(noLookup).not.toHaveBeenCalled();
  });
});
