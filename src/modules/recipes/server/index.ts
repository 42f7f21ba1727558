import type { AppDeps, AppInstance } from '@/server/endpoint.ts';

// PLACEHOLDER — replaced by the module's real routes.
export async function recipesRoutes(_app: AppInstance, _deps: AppDeps): Promise<void> {}
