export { techCardsRoutes } from './tech-cards.routes.ts';
export { effectiveOperationViews, getTechCard, techCardCost, techCardsOfItem } from './tech-cards.read.ts';
export {
  copyTechCard,
  createModification,
  createTechCard,
  makeDefaultTechCard,
  updateTechCard,
} from './tech-cards.write.ts';
