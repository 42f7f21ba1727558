import type { ReactNode } from 'react';

/** The message under an input: an error (announced) or a hint. The input points at it with aria-describedby. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id} role="alert" className="text-sm text-destructive dark:text-red-400">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}
