// A local HTTP server standing for a BAS / 1C HTTP service (reports-admin.md §15 'BAS / 1C' 2., the protocol in
// src/modules/integrations/bas-pull.contract.ts): `GET /hs/erp/documents?from=&to=` with Basic auth answers
// `{ documents }` — the documents the test put, those dated in the window. A wrong user or password gets 401. Every
// request is recorded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBas {
  /** The service's base URL (the settings' baseUrl). */
  url: string;
  user: string;
  password: string;
  documents: Array<Record<string, unknown> & { date: string }>;
  requests: Array<{ from: string | null; to: string | null; authorized: boolean }>;
  close(): Promise<void>;
}

export async function startFakeBas(user = 'erp', password = 'bas-pass-1'): Promise<FakeBas> {
  const fake = { user, password, documents: [], requests: [] } as unknown as FakeBas;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/hs/erp/documents') {
      res.writeHead(404).end();
      return;
    }
    const expected = `Basic ${Buffer.from(`${fake.user}:${fake.password}`).toString('base64')}`;
    const authorized = req.headers.authorization === expected;
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    fake.requests.push({ from, to, authorized });
    if (!authorized) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="1C"' }).end();
      return;
    }
    const documents = fake.documents.filter((d) => (!from || d.date >= from) && (!to || d.date <= to));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ documents }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/hs/erp`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
