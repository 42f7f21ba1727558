// What other parts of the server may use of the global search.
export { searchRoutes } from './search.routes.ts';
export { search, visibleGroups } from './search.service.ts';
