// A real SMTP server for the mail tests (the smtp-server package on a local port): the outbox delivers to it over
// SMTP with AUTH, and the test reads the raw messages it received.
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

export interface SmtpTestServer {
  port: number;
  inbox: Received[];
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that accepts the user 'mailer' / 's3cret' and keeps what it receives. */
export function startSmtp(): Promise<SmtpTestServer> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 's3cret') cb(null, { user: auth.username });
      else cb(new Error('Invalid credentials'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.server.address() as { port: number }).port;
      resolve({ port, inbox, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

/** Polls `fn` until it answers something (the outbox delivers asynchronously). */
export async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
