// What the tech cards' web code offers other modules (decision 0017): the tables of an operation's figures, which a
// recipe's preview shows as the card's own summary does.
export { FigureTable, OperationCells } from './operation-table.tsx';
