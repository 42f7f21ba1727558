export { labelsRoutes } from './labels.routes.ts';
export { labelBarcodeOf, priceWithVat } from './labels.service.ts';
export { renderLabels, type LabelContent } from './labels.render.ts';
