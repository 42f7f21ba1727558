// One run of an integration as its card on /integrations shows it (reports-admin.md §15 'run log'; the rows are the
// kernel's integration_runs): how it was started, whether it worked, what it said, when it ended.
import { z } from './zod-uk.ts';

export const integrationRunRowSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  ok: z.boolean(),
  message: z.string(),
  finishedAt: z.string(),
});
export type IntegrationRunRow = z.infer<typeof integrationRunRowSchema>;
