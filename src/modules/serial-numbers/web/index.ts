// What other modules' pages use of the serial numbers' web part: the field where a document's serials are typed or
// scanned. A module reaches another's pages only through such an index (or its contract).
export { SerialsInput } from './serials-input.tsx';
