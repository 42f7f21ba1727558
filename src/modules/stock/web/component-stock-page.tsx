// 'Запаси компонентів' (warehouse.md §2): components and materials by warehouse, with status and value, and the
// purchasing view — on order, required, shortage, last purchase, package type, 'Замовити' on selected rows.
import { StockList, type StockListConfig } from './stock-list.tsx';
import { stockMessages } from './stock.messages.ts';

const config: StockListConfig = {
  id: 'component-stock',
  title: stockMessages.list.componentTitle,
  subtitle: stockMessages.list.componentSubtitle,
  categoryRoute: '/categories',
  route: '/component-stock',
  bomAction: false,
  movementOfAllKinds: false,
  purchasing: true,
};

export function ComponentStockPage() {
  return <StockList config={config} />;
}
