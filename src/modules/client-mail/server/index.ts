export { clientMailRoutes } from './client-mail.routes.ts';
export { clientMailDemoSeeder } from './client-mail.demo.ts';
