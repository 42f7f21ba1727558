// PLACEHOLDER — replaced by the module's routes (sales.md).
import type { AppInstance } from '@/server/endpoint.ts';

export async function serialNumbersRoutes(_app: AppInstance): Promise<void> {}
