// Kanban 'Планування (Kanban)' (production.md §5): manufacturing orders seen as cards, API /api/production-tasks.
export { productionTasksRoutes } from './production-tasks.routes.ts';
export { listTasks, taskProgress } from './production-tasks.service.ts';
