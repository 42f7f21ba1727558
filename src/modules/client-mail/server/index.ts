export { clientMailRoutes } from './client-mail.routes.ts';
