export { techCardsRoutes } from './tech-cards.routes.ts';
export { techCardsDemoSeeder } from './tech-cards.demo.ts';
export {
  copyTechCard,
  createModification,
  createTechCard,
  effectiveOperationViews,
  getTechCard,
  makeDefaultTechCard,
  techCardCost,
  techCardsOfItem,
  updateTechCard,
} from './tech-cards.service.ts';
