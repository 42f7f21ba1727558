// Recognises PostgreSQL errors through the wrappers Drizzle and the drivers put around them.
export function pgCode(err: unknown): { code?: string; constraint?: string } {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const obj = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof obj.code === 'string' && /^[0-9A-Z]{5}$/.test(obj.code)) {
      return { code: obj.code, constraint: typeof obj.constraint === 'string' ? obj.constraint : undefined };
    }
    e = obj.cause;
  }
  return {};
}

export function uniqueViolation(err: unknown): { constraint: string | undefined } | null {
  const { code, constraint } = pgCode(err);
  return code === '23505' ? { constraint } : null;
}

export function foreignKeyViolation(err: unknown): boolean {
  return pgCode(err).code === '23503';
}
