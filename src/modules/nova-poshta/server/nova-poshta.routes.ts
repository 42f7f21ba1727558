// PLACEHOLDER — replaced by the Nova Poshta integration routes (settings, directory search, refresh).
import type { AppInstance } from '@/server/endpoint.ts';

export async function novaPoshtaRoutes(_app: AppInstance): Promise<void> {}
