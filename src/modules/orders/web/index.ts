// The parts of the client orders page other modules' pages use: the linked documents of a document's drawer and the
// way back to the order a document was opened from (issue 21).
export {
  BackToOrder,
  FROM_ORDER_PARAM,
  FROM_ORDER_VALUE,
  LinkedDocuments,
  openedFromOrder,
  orderDrawerHref,
  relatedGroupsOf,
} from './related.tsx';
