// Writing system events (reports-admin.md §16): `recordSystemEvent` never throws (a failing log must not fail the
// work it describes) and masks secret-looking keys as the audit does. The wrappers give the app's composition root
// one-line wirings: a job or mail logger whose warnings and errors also become events, and the 5xx hook.
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import type { EventCategory, EventLevel } from '../system-logs.messages.ts';
import { systemLogsMessages } from '../system-logs.messages.ts';
import { redactSecrets } from './audit.ts';
import { systemEvents } from './system-events.table.ts';

export interface SystemEvent {
  level: EventLevel;
  category: EventCategory;
  message: string;
  details?: unknown;
  requestId?: string | null;
}

const MAX_MESSAGE = 1000;

/** A value fit for jsonb: errors as their name and message (never a stack), everything else as JSON would write it. */
function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_key, v: unknown) =>
      v instanceof Error ? { name: v.name, message: v.message } : typeof v === 'bigint' ? String(v) : v,
    ),
  ) as unknown;
}

/** Stores one event; a failure to store it is swallowed (and reported to `onError` when given). */
export async function recordSystemEvent(
  db: DbOrTx,
  event: SystemEvent,
  onError?: (err: unknown) => void,
): Promise<void> {
  try {
    await db.insert(systemEvents).values({
      level: event.level,
      category: event.category,
      message: event.message.slice(0, MAX_MESSAGE),
      details: event.details === undefined ? null : redactSecrets(plain(event.details)),
      requestId: event.requestId ?? null,
    });
  } catch (err) {
    onError?.(err);
  }
}

export interface EventLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * A logger that also records its warnings and errors as system events of `category` (the jobs' and the mailer's log:
 * one wiring in main.ts instead of one in every job).
 */
export function withSystemEvents<L extends EventLog>(db: Db, log: L, category: EventCategory): L {
  const record = (level: EventLevel, obj: object, msg: string | undefined) => {
    const fallback = category === 'email' ? systemLogsMessages.server.mailFailed : systemLogsMessages.server.jobFailed;
    void recordSystemEvent(db, { level, category, message: msg ?? fallback, details: obj }, (err) =>
      log.error({ err }, 'system event not stored'),
    );
  };
  return Object.assign(Object.create(log) as L, {
    info: (obj: object, msg?: string) => log.info(obj, msg),
    warn: (obj: object, msg?: string) => {
      log.warn(obj, msg);
      record('warn', obj, msg);
    },
    error: (obj: object, msg?: string) => {
      log.error(obj, msg);
      record('error', obj, msg);
    },
  });
}

/** The error handler's hook: a 5xx answer becomes an 'http' error event with the route and the request id. */
export function serverErrorRecorder(db: Db) {
  return (request: { id: string; method: string; url: string }, error: unknown): Promise<void> =>
    recordSystemEvent(db, {
      level: 'error',
      category: 'http',
      message: systemLogsMessages.server.serverError,
      details: { method: request.method, url: request.url.split('?')[0], error },
      requestId: request.id,
    });
}

/** A failed sign-in as an 'auth' warning: the login tried and the address, never the password. */
export function recordFailedLogin(
  db: DbOrTx,
  attempt: { login: string; ip: string | null | undefined; requestId?: string | null },
): Promise<void> {
  return recordSystemEvent(db, {
    level: 'warn',
    category: 'auth',
    message: systemLogsMessages.server.loginFailed,
    details: { login: attempt.login, ip: attempt.ip ?? null },
    requestId: attempt.requestId ?? null,
  });
}
