// The serial-numbers module's public surface (sales.md §4): the routes, the services and tables the documents that
// move serials use, and the port the stock module implements for 'Списати' (connected in the composition root).
export { serialNumbersRoutes } from './serial-numbers.routes.ts';
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
export { connectSerialWriteOffs, type SerialWriteOff, type SerialWriteOffs } from './serial-write-offs.ts';
export { ensureDefaultTemplate, previewTemplate, resolveTemplate } from './serial-templates.service.ts';
export { documentLineSerials, serialEvents, serialNumbers, serialTemplates } from './serial-numbers.table.ts';
export {
  addDraftSerial,
  clearDraftSerials,
  draftSerials,
  draftSerialValues,
  saveDraftLineSerials,
  saveDraftSerials,
  saveLineSerials,
} from './draft-serials.ts';
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
