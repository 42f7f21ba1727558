// A real IMAP server for the bank mailbox tests: Debian's Dovecot (installed by scripts/test-env.sh, as CI does),
// started on a free local port with its own configuration, users file and maildir in a temporary folder — the system
// service is never touched. Messages are delivered with IMAP APPEND, as a mail server would file them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './free-port.ts';

const DOVECOT = '/usr/sbin/dovecot';

export interface ImapTestServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Files a raw message into INBOX; answers its UID. */
  deliver(raw: string): Promise<number>;
  /** The flags of a message by its UID (to see that nobody marked it). */
  flagsOf(uid: number): Promise<string[]>;
  close(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, log: string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`Dovecot зупинився (код ${child.exitCode}); журнал: ${log}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Dovecot не відповів на порту ${port}; журнал: ${log}`);
}

export async function startImap(): Promise<ImapTestServer> {
  if (!existsSync(DOVECOT)) {
    throw new Error(`${DOVECOT} не знайдено: встановіть пакет dovecot-imapd (scripts/test-env.sh робить це в CI)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-imap-'));
  chmodSync(dir, 0o755);
  for (const sub of ['base', 'state', 'mail']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  const user = 'bank';
  const password = 'bank-imap-pass';
  writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}::::::\n`);
  const log = path.join(dir, 'dovecot.log');
  // As root Dovecot runs its workers as its own users; otherwise everything runs as the current user.
  const owner = asRoot ? 'dovecot' : userInfo().username;
  const config = [
    'protocols = imap',
    'listen = 127.0.0.1',
    `base_dir = ${dir}/base`,
    `state_dir = ${dir}/state`,
    `log_path = ${log}`,
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `default_internal_user = ${owner}`,
    `default_login_user = ${asRoot ? 'dovenull' : owner}`,
    `default_internal_group = ${asRoot ? 'dovecot' : owner}`,
    'first_valid_uid = 1',
    `mail_location = maildir:${dir}/mail/%u`,
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/users\n}`,
    `userdb {\n  driver = static\n  args = uid=${owner} gid=${asRoot ? 'dovecot' : owner} home=${dir}/mail/%u\n}`,
    `service imap-login {\n  chroot =\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service anvil {\n  chroot =\n}',
  ].join('\n');
  writeFileSync(path.join(dir, 'dovecot.conf'), config + '\n');
  if (asRoot) {
    const ids = (name: string) => Number(execFileSync('id', ['-u', name]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'dovecot']).toString().trim());
    chownSync(path.join(dir, 'mail'), ids('dovecot'), gid);
  }
  const child = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  await waitForPort(port, child, log);

  const client = async () => {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false });
    await c.connect();
    return c;
  };
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    async deliver(raw) {
      const c = await client();
      try {
        const appended = await c.append('INBOX', raw);
        return Number(appended && typeof appended === 'object' ? appended.uid : 0);
      } finally {
        await c.logout();
      }
    },
    async flagsOf(uid) {
      const c = await client();
      try {
        const lock = await c.getMailboxLock('INBOX');
        try {
          const message = await c.fetchOne(String(uid), { flags: true }, { uid: true });
          return message ? [...(message.flags ?? [])] : [];
        } finally {
          lock.release();
        }
      } finally {
        await c.logout();
      }
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
