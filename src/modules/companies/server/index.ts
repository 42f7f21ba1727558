export { companiesRoutes } from './companies.routes.ts';
