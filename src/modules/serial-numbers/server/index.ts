export { serialNumbersRoutes } from './serial-numbers.routes.ts';
