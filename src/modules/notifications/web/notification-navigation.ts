// Where 'Перейти' leads (spec §7; reports-admin.md §9), and the full page load that takes the user there.

/** Answers an order's number by its id; may throw or answer nothing when the order cannot be read. */
export type OrderNumberLookup = (orderId: string) => Promise<string | null | undefined>;

const ORDER_URL = /^\/orders\/([^/?#]*)/;
const PAYMENT_URL = /^\/(?:payments|unprocessed-payments)\//;
const CLIENT_URL = /^\/clients\//;
// These client sub-pages are routes of their own (spec §2), so they are opened as they are.
const CLIENT_SUB_PAGE = /^\/clients\/[^/?#]+\/(?:nova-poshta-settings|delivery-settings)(?:[/?#]|$)/;

/**
 * Spec §7: '/orders/{id}' → '/orders?search={orderNumber}' (or '/orders' when the lookup fails or the id is
 * missing); '/payments/…' and '/unprocessed-payments/…' → '/payments'; '/clients/…' → '/clients' except the
 * nova-poshta-settings and delivery-settings sub-pages; anything else as it is.
 */
export async function resolveActionUrl(actionUrl: string, lookupOrderNumber: OrderNumberLookup): Promise<string> {
  const order = ORDER_URL.exec(actionUrl);
  if (order) {
    const id = decodeSegment(order[1] ?? '');
    if (!id) return '/orders';
    try {
      const orderNumber = await lookupOrderNumber(id);
      return orderNumber ? `/orders?search=${encodeURIComponent(orderNumber)}` : '/orders';
    } catch {
      return '/orders';
    }
  }
  if (PAYMENT_URL.test(actionUrl)) return '/payments';
  if (CLIENT_URL.test(actionUrl)) return CLIENT_SUB_PAGE.test(actionUrl) ? actionUrl : '/clients';
  return actionUrl;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return segment.trim();
  }
}
