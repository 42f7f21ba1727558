// The SMTP settings (reports-admin.md §13): one `settings` row, 'email.smtp' — host, port, security, username, the
// password sealed with the app key (src/server/kernel/secrets.ts), the sender and reply-to, active or not. Which
// transport sends: these settings when active and complete, else SMTP_URL, else the log only. Certificates are always
// verified. GET answers `hasPassword`, never the password; a change is audited without it.
import { eq } from 'drizzle-orm';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { openSecret, sealSecret } from '@/server/kernel/secrets.ts';
import { DomainError } from '@/shared/api-error.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { EmailSettings, emailSettingsBodySchema } from '../email-settings.contract.ts';
import { emailSettingsMessages as m, type EmailTransport, type SmtpSecurity } from '../email-settings.messages.ts';

export const SMTP_SETTINGS_KEY = 'email.smtp';

export interface StoredSmtp {
  host: string | null;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  passwordSealed: string | null;
  fromEmail: string | null;
  fromName: string | null;
  replyTo: string | null;
  isActive: boolean;
}

const defaults: StoredSmtp = {
  host: null,
  port: 587,
  security: 'starttls',
  username: null,
  passwordSealed: null,
  fromEmail: null,
  fromName: null,
  replyTo: null,
  isActive: false,
};

export async function readSmtpSettings(db: DbOrTx, lock = false): Promise<StoredSmtp> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, SMTP_SETTINGS_KEY));
  const [row] = lock ? await query.for('update') : await query;
  return { ...defaults, ...((row?.value ?? {}) as Partial<StoredSmtp>) };
}

/** Active and complete: the settings can send. */
export const smtpUsable = (s: StoredSmtp): boolean => s.isActive && Boolean(s.host) && Boolean(s.fromEmail);

/** nodemailer's options of the settings; certificates always verified. */
export function smtpTransportOptions(s: StoredSmtp, appSecret: string): SMTPTransport.Options {
  const password = s.passwordSealed ? openSecret(appSecret, s.passwordSealed) : null;
  return {
    host: s.host ?? undefined,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    ...(s.username ? { auth: { user: s.username, pass: password ?? '' } } : {}),
    tls: { rejectUnauthorized: true },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

export const fromOf = (s: StoredSmtp): string =>
  s.fromName ? `"${s.fromName.replace(/"/g, "'")}" <${s.fromEmail}>` : (s.fromEmail ?? '');

export function transportInUse(s: StoredSmtp, smtpUrl: string | null): EmailTransport {
  return smtpUsable(s) ? 'settings' : smtpUrl ? 'env' : 'log';
}

export async function presentSmtpSettings(db: DbOrTx, smtpUrl: string | null): Promise<EmailSettings> {
  const s = await readSmtpSettings(db);
  const { passwordSealed, ...rest } = s;
  return { ...rest, hasPassword: passwordSealed !== null, transport: transportInUse(s, smtpUrl) };
}

export async function saveSmtpSettings(
  db: DbOrTx,
  ctx: AuditContext,
  appSecret: string,
  smtpUrl: string | null,
  body: z.output<typeof emailSettingsBodySchema>,
): Promise<EmailSettings> {
  await db.transaction(async (tx) => {
    const before = await readSmtpSettings(tx, true);
    const { password, ...fields } = body;
    const next: StoredSmtp = { ...before };
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
    }
    if (password !== undefined) next.passwordSealed = password === null ? null : sealSecret(appSecret, password);
    if (next.isActive && (!next.host || !next.fromEmail)) throw new DomainError(400, m.incomplete);
    await tx
      .insert(settings)
      .values({ key: SMTP_SETTINGS_KEY, value: next, updatedBy: ctx.userId })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedBy: ctx.userId } });
    const shown = ({ passwordSealed, ...rest }: StoredSmtp) => ({ ...rest, hasPassword: passwordSealed !== null });
    await audit(tx, ctx, {
      action: 'update',
      entityType: 'email_settings',
      before: shown(before),
      after: { ...shown(next), passwordChanged: password !== undefined },
    });
  });
  return presentSmtpSettings(db, smtpUrl);
}
