// The keys of the stock settings in the `settings` table (read by the ledger, the read side and the gear dialog).
export const ALLOW_NEGATIVE_STOCK = 'stock.allowNegativeStock';
export const LOW_STOCK_THRESHOLD = 'stock.lowStockThreshold';
