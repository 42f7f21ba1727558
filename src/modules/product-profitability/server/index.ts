// Product profitability ('Рентабельність продуктів', reports-admin.md §7): the routes.
export { productProfitabilityRoutes } from './product-profitability.routes.ts';
