// The test fixture of the supplier receipts page (used only by tests): documents parsed by the contract, the page's
// requests answered by URL, and the steps the journeys share.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  receiptSchema,
  receiptSummarySchema,
  type Receipt,
  type ReceiptSummary,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
export { pick } from '@/web/testing/pick.ts';
import { itemOption, sourceOf } from '@/modules/items/web/item-options.fixture.ts';

const draftSummary: ReceiptSummary = receiptSummarySchema.parse({
  id: 7,
  number: 'GRN-2025-00007',
  documentDate: '2025-03-12',
  status: 'draft',
  supplierId: 3,
  supplierName: 'Радіомаг',
  warehouseId: 1,
  warehouseName: 'Склад матеріалів',
  documentTypeId: 2,
  documentTypeName: 'Видаткова накладна',
  supplierDocNumber: 'РН-0315',
  supplierDocDate: '2025-03-10',
  currencyCode: 'UAH',
  totalNet: '1250.00',
  totalVat: '250.00',
  totalGross: '1500.00',
  totalUah: '1500.00',
  lineCount: 1,
});

const postedSummary: ReceiptSummary = receiptSummarySchema.parse({
  ...draftSummary,
  id: 8,
  number: 'GRN-2025-00008',
  documentDate: '2025-03-05',
  status: 'posted',
  supplierId: 4,
  supplierName: 'Mouser Electronics',
  documentTypeName: 'Інвойс',
  supplierDocNumber: 'INV-88',
  supplierDocDate: '2025-03-01',
  currencyCode: 'USD',
  totalNet: '100.00',
  totalVat: '0.00',
  totalGross: '100.00',
  totalUah: '4150.00',
});

const cancelledSummary: ReceiptSummary = receiptSummarySchema.parse({
  ...draftSummary,
  id: 9,
  number: 'GRN-2025-00009',
  status: 'cancelled',
});

export const draft: Receipt = receiptSchema.parse({
  ...draftSummary,
  companyId: null,
  fxRate: '1.000000',
  pricesIncludeVat: false,
  extraCosts: '0.00',
  extraCostsMethod: 'by_value',
  notes: null,
  version: 3,
  postedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2025-03-12T08:00:00.000Z',
  lines: [
    {
      id: 70,
      lineNo: 1,
      itemId: 12,
      sku: 'C-100N',
      itemName: 'Конденсатор 100 нФ 0603',
      unitShortName: 'шт',
      qty: '1000.0000',
      enteredQty: '1000.0000',
      unitPrice: '1.250000',
      vatRate: '20',
      supplierItemName: 'CL10B104KB8NNNC',
      lineNet: '1250.00',
      lineVat: '250.00',
      lineGross: '1500.00',
      unitCost: null,
    },
  ],
});

export const posted: Receipt = receiptSchema.parse({
  ...draft,
  status: 'posted',
  version: 4,
  postedAt: '2025-03-12T09:30:00.000Z',
  lines: [{ ...draft.lines[0], unitCost: '1.250000' }],
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

export function listResponse(rows: ReceiptSummary[], total = rows.length) {
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/** The page's requests answered from the contract; `answer` handles what a test looks at. */
export function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url.startsWith('/api/supplier-receipts?'))
      return listResponse([draftSummary, postedSummary, cancelledSummary], 3);
    if (url.startsWith('/api/lookups/suppliers')) {
      return jsonResponse([
        { id: 3, label: 'Радіомаг' },
        { id: 4, label: 'Mouser Electronics' },
      ]);
    }
    if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 1, label: 'Склад матеріалів' }]);
    if (url.startsWith('/api/lookups/supplier-document-types')) {
      return jsonResponse([{ id: 2, label: 'Видаткова накладна' }]);
    }
    if (url.startsWith('/api/items/options')) {
      const products = sourceOf(url) === 'products';
      return jsonResponse([
        itemOption(products ? { id: 40, name: 'Контролер КТ-2' } : { id: 12, name: 'Конденсатор 100 нФ 0603' }),
      ]);
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

export const listUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/supplier-receipts?'));

export const requestsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

/** An input by its label; a required field's label ends with an asterisk hidden from assistive technology. */
export function field(container: HTMLElement, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(container).getByLabelText(new RegExp(`^${escaped}\\*?$`)) as HTMLInputElement;
}

export async function openReceipt(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: `Відкрити прихід ${number}` }));
  return screen.findByRole('dialog', { name: new RegExp(`Прихід ${number}`) });
}
