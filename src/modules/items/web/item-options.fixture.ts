// An option of the item picker (GET /api/items/options) for web tests: a whole answer row from a few fields.
import type { ItemOption } from '@/modules/items/items.contract.ts';

export function itemOption(fields: Pick<ItemOption, 'id' | 'name'> & Partial<ItemOption>): ItemOption {
  return {
    sku: `SKU-${fields.id}`,
    kind: 'component',
    barcode: null,
    unitShortName: 'шт',
    retailPrice: null,
    wholesalePrice: null,
    vatRate: '20',
    purchasePrice: null,
    purchaseCurrency: null,
    available: null,
    ...fields,
  };
}

/** The source a picker asked for ('components', 'products' or 'all'). */
export const sourceOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('source');
