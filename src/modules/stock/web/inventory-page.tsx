// 'Запаси товарів' (warehouse.md §1): products and semi-finished goods by warehouse, with status and value.
import { StockList, type StockListConfig } from './stock-list.tsx';
import { stockMessages } from './stock.messages.ts';

const config: StockListConfig = {
  id: 'inventory',
  title: stockMessages.list.inventoryTitle,
  subtitle: stockMessages.list.inventorySubtitle,
  categoryRoute: '/product-categories',
  route: '/inventory',
  bomAction: true,
  movementOfAllKinds: true,
  production: true,
};

export function InventoryPage() {
  return <StockList config={config} />;
}
