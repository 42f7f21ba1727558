export { profileRoutes } from './profile.routes.ts';
export { userPhotos } from './profile.table.ts';
