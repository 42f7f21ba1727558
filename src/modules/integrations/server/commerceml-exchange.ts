// 1C's standard CommerceML exchange (reports-admin.md §15 'BAS / 1C' 1): 1C pushes its catalogue to
// `/api/integrations/commerceml/exchange?type=catalog&mode=…`, answering lines of text:
// - `checkauth` with HTTP Basic auth of a dedicated integration user → 'success', the cookie name and value 1C sends
//   back from then on (a session of that user, made by the auth module's own sign-in: throttled and audited);
// - `init` → 'zip=no' and 'file_limit=…' (the exchange's earlier files are dropped);
// - `file&filename=…` (POST, the raw XML, possibly in parts that are appended) → 'success';
// - `import&filename=…` → the products module's CommerceML import of that file → 'success', or 'failure' and why.
// Every step but checkauth needs the exchange cookie; the user needs the right to change /products. The browser's
// session cookie is never read here (access.byHandler), so no page of another site can drive an exchange. A refused
// sign-in or right is an HTTP 401/403 with the usual JSON error; a failed step of the exchange is 200 'failure' and
// the reason, as the protocol has it.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/server/kernel/db.ts';
import { DomainError } from '@/shared/api-error.ts';
import { loadSession, login, sha256 } from '@/modules/auth/server/index.ts';
import { decodeXml, importCommerceMl, CommerceMlError } from '@/modules/items/server/index.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import { commercemlExchangeFiles as files } from './commerceml-exchange.table.ts';

export const CML_COOKIE = 'erp_cml';
export const CML_FILE_LIMIT = 10 * 1024 * 1024;

export const cmlExchangeMessages = {
  noBasic: 'Потрібна базова авторизація (логін і пароль користувача інтеграції)',
  notSignedIn: 'Спочатку авторизуйтеся: mode=checkauth',
  noRight: 'Користувач інтеграції не має права змінювати товари (/products)',
  badType: 'Підтримується лише обмін каталогом: type=catalog',
  badMode: (mode: string) => `Невідомий режим обміну: ${mode}`,
  badFileName: 'Ім’я файлу — латинські літери, цифри, «.», «_» або «-», з розширенням .xml',
  tooLarge: `Файл обміну більший за ${CML_FILE_LIMIT / 1024 / 1024} МБ`,
  noFile: (name: string) => `Файл ${name} не завантажено в цьому обміні`,
  rowErrors: (n: number, first: string) => `Помилок у файлі: ${n}. Перша: ${first}`,
} as const;

const m = cmlExchangeMessages;
const FILE_NAME = /^[A-Za-z0-9._-]{1,100}\.xml$/;

function answer(reply: FastifyReply, status: number, lines: string[]) {
  return reply
    .status(status)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(lines.join('\n') + '\n');
}

function cookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CML_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

function basicOf(request: FastifyRequest): { username: string; password: string } | null {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) return null;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

async function assertMayImport(db: Db, userId: number) {
  if (!allows(await loadRights(db, userId), ['/products'], 'change')) throw new DomainError(403, m.noRight);
}

/** One request of the exchange, GET or POST; every refusal is a 'failure' line with the reason in Ukrainian. */
export async function commercemlExchange(db: Db, request: FastifyRequest, reply: FastifyReply, body: Buffer | null) {
  const query = request.query as Record<string, string | undefined>;
  try {
    const mode = query.mode ?? '';
    if (mode === 'checkauth') {
      const credentials = basicOf(request);
      if (!credentials) throw new DomainError(401, m.noBasic);
      // The auth module's own sign-in: throttled per account and address, audited (login_failed), like the page's.
      const { user, token } = await login(db, {
        ...credentials,
        rememberMe: false,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '1C CommerceML',
        previousToken: null,
        requestId: request.id,
      });
      await assertMayImport(db, user.id);
      return answer(reply, 200, ['success', CML_COOKIE, token]);
    }
    const token = cookieOf(request);
    const session = token ? await loadSession(db, token) : null;
    if (!session) throw new DomainError(401, m.notSignedIn);
    await assertMayImport(db, session.user.id);
    if ((query.type ?? 'catalog') !== 'catalog') throw new DomainError(400, m.badType);
    const sessionId = sha256(token!);
    const ctx = { userId: session.user.id, ip: request.ip, requestId: request.id, actor: '1c-exchange' };

    if (mode === 'init') {
      await db.delete(files).where(eq(files.sessionId, sessionId));
      return answer(reply, 200, ['zip=no', `file_limit=${CML_FILE_LIMIT}`]);
    }
    const fileName = query.filename ?? '';
    if (!FILE_NAME.test(fileName)) throw new DomainError(400, m.badFileName);
    const key = and(eq(files.sessionId, sessionId), eq(files.fileName, fileName));
    if (mode === 'file') {
      const chunk = body ?? Buffer.alloc(0);
      // A part is appended to what came before; the whole file stays within the limit.
      await db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ size: sql<number>`octet_length(${files.content})` })
          .from(files)
          .where(key)
          .for('update');
        if (Number(stored?.size ?? 0) + chunk.length > CML_FILE_LIMIT) throw new DomainError(413, m.tooLarge);
        if (stored) {
          await tx
            .update(files)
            .set({ content: sql`${files.content} || ${chunk}`, updatedAt: sql`now()` })
            .where(key);
        } else await tx.insert(files).values({ sessionId, fileName, content: chunk });
      });
      return answer(reply, 200, ['success']);
    }
    if (mode === 'import') {
      const [stored] = await db.select({ content: files.content }).from(files).where(key);
      if (!stored) throw new DomainError(400, m.noFile(fileName));
      const result = await importCommerceMl(db, ctx, decodeXml(stored.content), { dryRun: false, fileName });
      await db.delete(files).where(key);
      if (!result.committed) {
        const first = result.rows.find((r) => r.status === 'error');
        return answer(reply, 200, [
          'failure',
          m.rowErrors(result.counts.error, first ? `${first.name}: ${first.messages.join('; ')}` : ''),
        ]);
      }
      return answer(reply, 200, ['success']);
    }
    throw new DomainError(400, m.badMode(mode));
  } catch (error) {
    // Who may exchange is HTTP's business (401/403/429 as every endpoint answers them, in JSON); what went wrong in
    // the exchange itself is the protocol's: 200 and 'failure' with the reason, as 1C reads it.
    if (error instanceof DomainError && ![401, 403, 429].includes(error.status)) {
      return answer(reply, 200, ['failure', error.message]);
    }
    if (error instanceof CommerceMlError) return answer(reply, 200, ['failure', error.message]);
    throw error;
  }
}
