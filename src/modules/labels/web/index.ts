// What other modules' pages use of the labels' web part: the print-labels dialog (stock lists, the scanner, items).
// A module reaches another's pages only through such an index (or its contract).
export { LabelsDialog, type LabelItem } from './labels-dialog.tsx';
