// What other modules' pages use of the serial numbers' web part: the picker of a document line's serials (typed,
// scanned, chosen among those on hand, or filled automatically). A module reaches another's pages only through such
// an index (or its contract).
export { SerialPicker, serialUnits, type SerialChoices, type SerialPickerProps } from './serial-picker.tsx';
