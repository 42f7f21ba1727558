// What other modules' pages use of the scanner's web part: the scan dialog (the stock lists open it).
// A module reaches another's pages only through such an index (or its contract).
export { ScannerDialog } from './scanner-dialog.tsx';
