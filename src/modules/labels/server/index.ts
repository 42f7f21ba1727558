export { labelsRoutes } from './labels.routes.ts';
export { labelBarcodeOf, priceWithVat, renderLabelsPdf } from './labels.service.ts';
export { renderLabels, type LabelContent } from './labels.render.ts';
export { connectLabelMoOutputs, type MoOutputs, type MoOutputsSource } from './mo-outputs-port.ts';
