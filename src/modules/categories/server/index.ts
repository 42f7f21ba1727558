export { categoriesRoutes } from './categories.routes.ts';
export { departmentsOfItems } from './category-departments.ts';
