// What every answer to bad input must look like (DESIGN §6, domain README §10): never a 5xx; no stack trace, file
// path or SQL/driver text anywhere in the body; every 4xx is JSON `{ error }` with a Ukrainian message.
// The generators never produce a string these patterns match, so an echoed input is not a false alarm.

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const STACK = [/\n\s+at\s+\S/, /\bat\s+[\w$.<>]+\s+\([^)]*:\d+:\d+\)/, /\b[A-Z]\w*Error\b/];
const PATHS = [
  /\/work\//,
  /\/home\//,
  /node_modules/,
  /\/src\/(?:server|modules|shared|resources|web)\//,
  /\b[\w-]+\.(?:ts|js|mjs|cjs):\d+/,
];
const SQL = [
  /Failed query/i,
  /violates (?:unique|foreign key|not-null|check|exclusion) constraint/i,
  /duplicate key value/i,
  /syntax error at or near/i,
  /invalid input syntax for/i,
  /out of range for type/i,
  /value too long for type/i,
  /invalid byte sequence/i,
  /relation "[^"]+" does not exist/i,
  /column "[^"]+" (?:does not exist|of relation)/i,
  /\bSQLSTATE\b/,
  /\bparams:\s/,
  /\b(?:select|insert\s+into|update|delete\s+from)\b[^\n]{0,200}?"[a-z_]+"/i,
];

const CYRILLIC = /[\u0400-\u04FF]/;
const BINARY_TYPES = /^(?:application\/pdf|application\/vnd\.|application\/zip|application\/octet-stream|image\/)/;

function contentType(a: Answer): string {
  const v = a.headers['content-type'];
  return String(Array.isArray(v) ? v[0] : (v ?? ''));
}

/** Every string (keys too) of a JSON value, one per line, so patterns see decoded text. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

/** Problems with one answer; empty when it is acceptable. */
export function judge(a: Answer): string[] {
  const problems: string[] = [];
  const type = contentType(a);
  if (a.statusCode >= 500) problems.push(`статус ${a.statusCode} (5xx)`);

  let parsed: unknown = undefined;
  let isJson = false;
  if (/json/.test(type)) {
    try {
      parsed = JSON.parse(a.body);
      isJson = true;
    } catch {
      problems.push('тіло з типом JSON не розбирається як JSON');
    }
  }

  if (!BINARY_TYPES.test(type)) {
    const text = isJson ? strings(parsed).join('\n') : a.body;
    for (const [what, patterns] of [
      ['стек викликів', STACK],
      ['шлях до файлу', PATHS],
      ['текст SQL або драйвера', SQL],
    ] as const) {
      const hit = patterns.map((p) => p.exec(text)).find((m) => m !== null);
      if (hit) problems.push(`у відповіді ${what}: «${hit[0].slice(0, 120)}»`);
    }
  }

  if (a.statusCode >= 400) {
    if (!/^application\/json/.test(type)) problems.push(`помилка ${a.statusCode} не в JSON (content-type «${type}»)`);
    else if (isJson) {
      const body = parsed as { error?: unknown; fields?: unknown };
      if (!body || typeof body !== 'object' || Array.isArray(body)) problems.push('тіло помилки не є обʼєктом');
      else if (typeof body.error !== 'string') problems.push('у тілі помилки немає рядка `error`');
      else if (!CYRILLIC.test(body.error)) problems.push(`\`error\` не українською: «${body.error.slice(0, 120)}»`);
      if (body && typeof body === 'object' && body.fields !== undefined) {
        const fields = body.fields;
        const ok =
          fields !== null &&
          typeof fields === 'object' &&
          !Array.isArray(fields) &&
          Object.values(fields).every((v) => typeof v === 'string');
        if (!ok) problems.push('`fields` має бути обʼєктом рядків');
      }
    }
  }
  return problems;
}

/** Long runs of one character collapsed (`A×102400`) and the rest cut, so a report stays readable. */
export function shorten(text: string, max = 1500): string {
  const collapsed = text.replace(/([\s\S])\1{19,}/gu, (run, ch: string) => `${ch}×${[...run].length}`);
  return collapsed.length <= max
    ? collapsed
    : `${collapsed.slice(0, max - 200)} …[${collapsed.length} символів]… ${collapsed.slice(-150)}`;
}

export function describeAnswer(a: Answer): string {
  const type = contentType(a);
  const body = BINARY_TYPES.test(type) ? `[${a.body.length} байтів ${type}]` : shorten(a.body, 800);
  return `${a.statusCode} ${type}\n${body}`;
}
