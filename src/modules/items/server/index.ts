export { itemsRoutes } from './items.routes.ts';
export { alternativesWithStock, type ItemAlternativeStock } from './item-alternatives.read.ts';
export { decodeXml, importCommerceMl } from './commerceml.service.ts';
export { CommerceMlError } from './commerceml.ts';
