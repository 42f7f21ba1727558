export { itemsRoutes } from './items.routes.ts';
export { alternativesWithStock, type ItemAlternativeStock } from './item-alternatives.read.ts';
