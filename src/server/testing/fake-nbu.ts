// A local HTTP server speaking the NBU's exchange-rate directory (reports-admin.md §18 'Source'): GET
// `/NBUStatService/v1/statdirectory/exchange?date=YYYYMMDD&json` answers the JSON array
// `[{r030, txt, rate, cc, exchangedate}]` of the rates set for that day, `[]` for a day it has none for (a weekend,
// a day not published yet). Rates are written into the body as the decimal text given (JSON numbers, as NBU sends
// them). Every request is recorded; `failing` answers 500 until switched off.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNbu {
  /** The directory's URL, for NBU_API_URL. */
  url: string;
  /** Rates by day (YYYY-MM-DD) and code: UAH per unit, as decimal text ('41.2345'). */
  setRates(date: string, rates: Record<string, string>): void;
  /** The days asked, in order (YYYYMMDD). */
  requests: string[];
  failing: boolean;
  close(): Promise<void>;
}

const NAMES: Record<string, [number, string]> = {
  USD: [840, 'Долар США'],
  EUR: [978, 'Євро'],
  PLN: [985, 'Злотий'],
  GBP: [826, 'Фунт стерлінгів'],
};

export async function startFakeNbu(): Promise<FakeNbu> {
  const days = new Map<string, Record<string, string>>();
  const fake: Omit<FakeNbu, 'url' | 'close'> = {
    setRates: (date, rates) => days.set(date, { ...(days.get(date) ?? {}), ...rates }),
    requests: [],
    failing: false,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/NBUStatService/v1/statdirectory/exchange') {
      res.writeHead(404).end();
      return;
    }
    const asked = url.searchParams.get('date') ?? '';
    fake.requests.push(asked);
    if (fake.failing) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const match = /^(\d{4})(\d{2})(\d{2})$/.exec(asked);
    const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
    const rates = days.get(date) ?? {};
    const body = Object.entries(rates).map(([cc, rate]) => {
      const [r030, txt] = NAMES[cc] ?? [0, cc];
      // The rate goes in as written: a JSON number with the NBU's digits.
      return `{"r030":${r030},"txt":${JSON.stringify(txt)},"rate":${rate},"cc":"${cc}","exchangedate":"${match![3]}.${match![2]}.${match![1]}"}`;
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(`[${body.join(',')}]`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/NBUStatService/v1/statdirectory/exchange`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeNbu;
}
