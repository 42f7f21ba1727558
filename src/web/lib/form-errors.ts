// Puts the server's per-field messages (`fields` of a 400/409 answer) under the form's inputs.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/web/lib/api.ts';

/** True when at least one message landed on a field of the form; otherwise the caller shows a toast. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = formFields.find((candidate) => candidate === name);
    if (field === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
