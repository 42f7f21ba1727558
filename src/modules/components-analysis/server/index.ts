// Components analysis ('Аналіз компонентів', reports-admin.md §8): the routes.
export { componentsAnalysisRoutes } from './components-analysis.routes.ts';
