export { serialNumbersRoutes } from './serial-numbers.routes.ts';
export { serialNumbersDemoSeeder } from './serial-numbers.demo.ts';
export { findSerials, moveSerials, serialStatusLabels, type SerialMove } from './serial-moves.ts';
export {
  checkSerials,
  generateSerials,
  generateSerialsIn,
  getSerial,
  registerSerials,
  registerValues,
  warrantyUntil,
  writeOffSerial,
  type GenerateInput,
  type RegisterInput,
} from './serial-numbers.service.ts';
export { ensureDefaultTemplate, previewTemplate, resolveTemplate } from './serial-templates.service.ts';
export { serialEvents, serialNumbers, serialTemplates } from './serial-numbers.table.ts';
export {
  createLineSerials,
  documentSerialMessages,
  documentSerials,
  lineSerialValues,
  pickLineSerials,
  serialTrackedItems,
  checkSerialInvariant,
  type DocumentSerial,
  type SerialInvariantProblem,
} from './document-serials.ts';
