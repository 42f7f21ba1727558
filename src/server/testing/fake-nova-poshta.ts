// A local HTTP server speaking the Nova Poshta API 2.0 envelope (sales.md §3 'Fake server for tests'): the app never
// depends on reaching the real service. One POST endpoint dispatches on `modelName.calledMethod`; the print pages
// of my.novaposhta.ua (`/orders/printMarking…`, `/orders/printDocument…`) answer a small valid PDF. Refs and numbers
// are deterministic, every call is recorded, and switches simulate a lost answer (timeout), a 5xx and a scripted
// status progression. A key it was not given gets the service's own "API key expired" (success: false).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { kyivToday } from '@/shared/kyiv-date.ts';

export interface NpRequest {
  apiKey: string;
  modelName: string;
  calledMethod: string;
  methodProperties: Record<string, unknown>;
}

/** A waybill the fake created (InternetDocument.save). */
export interface FakeDocument {
  ref: string;
  number: string;
  /** dd.mm.yyyy, as sent in DateTime. */
  dateTime: string;
  infoRegClientBarcodes: string;
  statusCode: string;
  deleted: boolean;
  apiKey: string;
  properties: Record<string, unknown>;
}

export interface FakeCity {
  Ref: string;
  Description: string;
  AreaDescription: string;
  SettlementTypeDescription: string;
}

export interface FakeWarehouse {
  Ref: string;
  CityRef: string;
  Number: string;
  Description: string;
  ShortAddress: string;
  CategoryOfWarehouse: 'Branch' | 'Postomat' | 'Cargo';
  TotalMaxWeightAllowed: string;
  WarehouseStatus: string;
}

export type FakeFailure = 'timeout' | '5xx';

export interface FakeNovaPoshta {
  /** The API endpoint (NOVA_POSHTA_API_URL). */
  url: string;
  /** http://127.0.0.1:<port> — also the base of the print pages. */
  origin: string;
  /** Every API call received, in order (print pages are not API calls). */
  requests: NpRequest[];
  /** The calls of one `Model.method`. */
  calls(method: string): NpRequest[];
  /** Waybills by IntDocNumber. */
  documents: Map<string, FakeDocument>;
  /** The directory served by Address.getCities / getWarehouses (tests may change it). */
  cities: FakeCity[];
  warehouses: FakeWarehouse[];
  /** Adds `count` generated branches to a city (to exercise the pages of 500). */
  addWarehouses(cityRef: string, count: number): void;
  /** The scripted status progression: the next tracking answers `code` for this waybill. */
  setStatus(number: string, code: string): void;
  /**
   * The next `times` calls of `method` (any method when omitted) fail: '5xx' answers 502 without doing anything;
   * 'timeout' does the work and then drops the connection without an answer (the caller cannot know the outcome).
   */
  failNext(mode: FakeFailure, opts?: { method?: string; times?: number }): void;
  /** Forgets calls, waybills, scripted statuses and failures; restores the default directory. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeNovaPoshtaOptions {
  /** Listen on this port (0 or absent: any free port). */
  port?: number;
  host?: string;
}

/** The Ukrainian texts of the tracking codes (developers.novaposhta.ua, 'Статуси трекінгу'). */
export const fakeStatusTexts: Record<string, string> = {
  '1': 'Відправник самостійно створив цю накладну, але ще не надав до відправки',
  '2': 'Видалено',
  '3': 'Номер не знайдено',
  '4': 'Відправлення у місті відправника',
  '41': 'Відправлення у місті відправника (локальна доставка)',
  '5': 'Відправлення прямує до міста отримувача',
  '6': 'Відправлення у місті отримувача, орієнтовна доставка до відділення',
  '7': 'Прибув на відділення',
  '8': 'Прибув на відділення (завантажено в поштомат)',
  '9': 'Відправлення отримано',
  '10': 'Відправлення отримано. Протягом доби ви одержите SMS про надходження грошового переказу',
  '11': 'Відправлення отримано. Грошовий переказ видано одержувачу',
  '12': 'Нова пошта комплектує ваше відправлення',
  '14': 'Відправлення передано до огляду отримувачу',
  '101': 'На шляху до одержувача',
  '102': 'Відмова від отримання (відправником створено замовлення на повернення)',
  '103': 'Відмова одержувача (отримувач відмовився від відправлення)',
  '104': 'Змінено адресу',
  '105': 'Припинено зберігання',
  '106': 'Одержано і створено ЄН зворотньої доставки',
  '108': 'Відмова одержувача',
  '111': 'Невдала спроба доставки',
  '112': 'Дата доставки перенесена одержувачем',
};

/** The fake's own private-person counterparty (the answer every client test of the key relies on). */
export const FAKE_PRIVATE_PERSON_REF = '2718756a-b39b-11e4-a77a-005056887b8d';

const answer = (success: boolean, data: unknown[], errors: string[] = []) => ({
  success,
  data,
  errors,
  warnings: [],
  info: [],
  messageCodes: [],
  errorCodes: errors.length ? ['20000200068'] : [],
  warningCodes: [],
  infoCodes: [],
});

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A deterministic UUID-shaped ref: the kind (a hex digit) and a counter. */
const refOf = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function defaultDirectory(): { cities: FakeCity[]; warehouses: FakeWarehouse[] } {
  const names: Array<[string, string]> = [
    ['Київ', 'Київська'],
    ['Львів', 'Львівська'],
    ['Харків', 'Харківська'],
    ['Одеса', 'Одеська'],
    ['Дніпро', 'Дніпропетровська'],
    ['Біла Церква', 'Київська'],
  ];
  const cities = names.map(([name, area], i) => ({
    Ref: refOf(0xc1, i + 1),
    Description: name,
    AreaDescription: area,
    SettlementTypeDescription: 'місто',
  }));
  const warehouses: FakeWarehouse[] = [];
  let n = 0;
  for (const city of cities) {
    for (let k = 1; k <= 3; k++) {
      n += 1;
      const postomat = k === 3;
      warehouses.push({
        Ref: refOf(0xa1, n),
        CityRef: city.Ref,
        Number: String(postomat ? 100 + k : k),
        Description: postomat
          ? `Поштомат "Нова Пошта" №${100 + k}: вул. Центральна, ${k}`
          : `Відділення №${k}: вул. Шевченка, ${k * 10}`,
        ShortAddress: `${city.Description}, вул. ${postomat ? 'Центральна' : 'Шевченка'}, ${k * 10}`,
        CategoryOfWarehouse: postomat ? 'Postomat' : 'Branch',
        TotalMaxWeightAllowed: postomat ? '20' : '0',
        WarehouseStatus: 'Working',
      });
    }
  }
  return { cities, warehouses };
}

/** A minimal valid one-page PDF (the print pages' stand-in), its xref offsets computed. */
export function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 20 150 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 283 283] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** 'dd.mm.yyyy' → 'yyyy-mm-dd' (or null). */
function isoOf(npDate: unknown): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(String(npDate ?? ''));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
function npDateOf(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}
function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
// Nova Poshta's dates are Kyiv calendar dates: between 22:00 and 24:00 UTC the UTC date is already yesterday in Kyiv.
const todayIso = () => kyivToday();

const SAVE_REQUIRED = [
  'PayerType',
  'PaymentMethod',
  'DateTime',
  'CargoType',
  'Weight',
  'ServiceType',
  'SeatsAmount',
  'Description',
  'Cost',
  'CitySender',
  'Sender',
  'SenderAddress',
  'ContactSender',
  'SendersPhone',
  'CityRecipient',
  'Recipient',
  'RecipientAddress',
  'ContactRecipient',
  'RecipientsPhone',
] as const;

export async function startFakeNovaPoshta(
  validKeys: readonly string[],
  options: FakeNovaPoshtaOptions = {},
): Promise<FakeNovaPoshta> {
  const requests: NpRequest[] = [];
  const documents = new Map<string, FakeDocument>();
  const directory = defaultDirectory();
  let failures: Array<{ mode: FakeFailure; method: string | null; left: number }> = [];
  let seq = 0;
  let generated = 0;

  const paged = <T>(rows: readonly T[], props: Record<string, unknown>) => {
    const limit = Math.max(1, Math.min(Number(props.Limit ?? 500) || 500, 500));
    const page = Math.max(1, Number(props.Page ?? 1) || 1);
    return rows.slice((page - 1) * limit, page * limit);
  };

  /** The answer of one method: data, or the errors of success: false. */
  function handle(body: NpRequest): { data: unknown[] } | { errors: string[] } {
    const p = body.methodProperties ?? {};
    const method = `${body.modelName}.${body.calledMethod}`;
    switch (method) {
      case 'Counterparty.getCounterparties':
        return {
          data: [{ Ref: FAKE_PRIVATE_PERSON_REF, Description: 'Приватна особа', CounterpartyType: 'PrivatePerson' }],
        };
      case 'Counterparty.getCounterpartyContactPersons':
        return {
          data: [
            {
              Ref: refOf(0xcc, 1),
              Description: 'Петренко Олена Іванівна',
              LastName: 'Петренко',
              FirstName: 'Олена',
              MiddleName: 'Іванівна',
              Phones: '380501112233',
            },
          ],
        };
      case 'Counterparty.save': {
        if (!p.FirstName || !p.LastName || !p.Phone) return { errors: ['FirstName, LastName and Phone are required'] };
        seq += 1;
        const contactRef = refOf(0xcf, seq);
        const name = [p.LastName, p.FirstName, p.MiddleName].filter(Boolean).join(' ');
        return {
          data: [
            {
              Ref: FAKE_PRIVATE_PERSON_REF,
              Description: 'Приватна особа',
              FirstName: p.FirstName,
              MiddleName: p.MiddleName ?? '',
              LastName: p.LastName,
              CounterpartyType: 'PrivatePerson',
              ContactPerson: {
                success: true,
                data: [{ Ref: contactRef, Description: name, FirstName: p.FirstName, LastName: p.LastName }],
                errors: [],
              },
            },
          ],
        };
      }
      case 'Address.getCities': {
        let rows = directory.cities;
        if (p.Ref) rows = rows.filter((c) => c.Ref === p.Ref);
        if (p.FindByString) {
          const s = String(p.FindByString).toLowerCase();
          rows = rows.filter((c) => c.Description.toLowerCase().includes(s));
        }
        return { data: paged(rows, p) };
      }
      case 'Address.getWarehouses': {
        let rows = directory.warehouses;
        if (p.CityRef) rows = rows.filter((w) => w.CityRef === p.CityRef);
        return { data: paged(rows, p) };
      }
      case 'Address.searchSettlements': {
        const s = String(p.CityName ?? '').toLowerCase();
        const found = directory.cities.filter((c) => c.Description.toLowerCase().includes(s));
        return {
          data: [
            {
              TotalCount: found.length,
              Addresses: paged(found, p).map((c) => ({
                Present: `м. ${c.Description}, ${c.AreaDescription} обл.`,
                Warehouses: directory.warehouses.filter((w) => w.CityRef === c.Ref).length,
                MainDescription: c.Description,
                Area: c.AreaDescription,
                Region: '',
                SettlementTypeCode: 'м.',
                Ref: c.Ref.replace(/^000000c1/, '000000d1'),
                DeliveryCity: c.Ref,
              })),
            },
          ],
        };
      }
      case 'InternetDocument.getDocumentPrice': {
        const weight = Number(p.Weight ?? 0);
        if (!p.CitySender || !p.CityRecipient || !(weight > 0))
          return { errors: ['CitySender, CityRecipient, Weight required'] };
        const cost = 70 + 10 * Math.max(0, Math.ceil(weight) - 1);
        return { data: [{ AssessedCost: Number(p.Cost ?? 0), Cost: cost }] };
      }
      case 'InternetDocument.getDocumentDeliveryDate': {
        const from = isoOf(p.DateTime) ?? todayIso();
        return {
          data: [
            {
              DeliveryDate: {
                date: `${plusDays(from, 1)} 00:00:00.000000`,
                timezone_type: 3,
                timezone: 'Europe/Kiev',
              },
            },
          ],
        };
      }
      case 'InternetDocument.save': {
        const missing = SAVE_REQUIRED.filter((k) => p[k] === undefined || p[k] === null || p[k] === '');
        if (missing.length) return { errors: missing.map((k) => `${k} is empty`) };
        seq += 1;
        const number = `20450${String(seq).padStart(9, '0')}`;
        const doc: FakeDocument = {
          ref: refOf(0xd0, seq),
          number,
          dateTime: String(p.DateTime),
          infoRegClientBarcodes: String(p.InfoRegClientBarcodes ?? ''),
          statusCode: '1',
          deleted: false,
          apiKey: body.apiKey,
          properties: p,
        };
        documents.set(number, doc);
        const weight = Number(p.Weight);
        return {
          data: [
            {
              Ref: doc.ref,
              CostOnSite: 70 + 10 * Math.max(0, Math.ceil(weight) - 1),
              EstimatedDeliveryDate: npDateOf(plusDays(isoOf(p.DateTime) ?? todayIso(), 1)),
              IntDocNumber: number,
              TypeDocument: 'InternetDocument',
            },
          ],
        };
      }
      case 'InternetDocument.getDocumentList': {
        const from = isoOf(p.DateTimeFrom ?? p.DateTime) ?? '0000-00-00';
        const to = isoOf(p.DateTimeTo ?? p.DateTime) ?? '9999-99-99';
        const rows = [...documents.values()]
          .filter((d) => !d.deleted && d.apiKey === body.apiKey)
          .filter((d) => {
            const at = isoOf(d.dateTime) ?? '';
            return at >= from && at <= to;
          })
          .map((d) => ({
            Ref: d.ref,
            IntDocNumber: d.number,
            InfoRegClientBarcodes: d.infoRegClientBarcodes,
            DateTime: `${isoOf(d.dateTime)} 10:00:00`,
            StateId: Number(d.statusCode),
            StateName: fakeStatusTexts[d.statusCode] ?? '',
          }));
        return { data: rows };
      }
      case 'InternetDocument.delete': {
        const refs = ([] as unknown[]).concat(p.DocumentRefs ?? []).map(String);
        const deleted: Array<{ Ref: string }> = [];
        for (const doc of documents.values()) {
          if (refs.includes(doc.ref) && !doc.deleted) {
            if (doc.statusCode !== '1') return { errors: ['Document can not be deleted'] };
            doc.deleted = true;
            doc.statusCode = '2';
            deleted.push({ Ref: doc.ref });
          }
        }
        return deleted.length ? { data: deleted } : { errors: ['Document not found'] };
      }
      case 'TrackingDocument.getStatusDocuments': {
        const docs = Array.isArray(p.Documents) ? (p.Documents as Array<Record<string, unknown>>) : [];
        if (docs.length > 100) return { errors: ['Documents limit 100 exceeded'] };
        return {
          data: docs.map((d) => {
            const number = String(d.DocumentNumber ?? '');
            const doc = documents.get(number);
            if (!doc) return { Number: number, StatusCode: '3', Status: fakeStatusTexts['3'] };
            const code = doc.statusCode;
            const received = ['9', '10', '11', '106'].includes(code);
            return {
              Number: number,
              StatusCode: code,
              Status: fakeStatusTexts[code] ?? `Статус ${code}`,
              ScheduledDeliveryDate: `${npDateOf(plusDays(isoOf(doc.dateTime) ?? todayIso(), 1))} 13:00:00`,
              RecipientDateTime: received ? `${npDateOf(todayIso())} 12:30:00` : '',
              CityRecipient: 'Київ',
            };
          }),
        };
      }
      default:
        return { errors: [`Method ${body.calledMethod} is not supported by the fake`] };
    }
  }

  /** The failure armed for this method, used up by this call. */
  function takeFailure(method: string): FakeFailure | null {
    const found = failures.find((f) => f.left > 0 && (f.method === null || f.method === method));
    if (!found) return null;
    found.left -= 1;
    failures = failures.filter((f) => f.left > 0);
    return found.mode;
  }

  function servePrint(request: IncomingMessage, response: ServerResponse): boolean {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname);
    const match =
      /^\/orders\/(printMarking100x100|printMarking85x85|printDocument)\/orders(?:\[\])?\/([^/]+)\/type\/[^/]+\/apiKey\/([^/]+)/.exec(
        path,
      );
    if (!match) return false;
    const [, form, refs, key] = match;
    const known = refs!
      .split(',')
      .some((r) => [...documents.values()].some((d) => (d.ref === r || d.number === r) && !d.deleted));
    if (!validKeys.includes(key!) || !known) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><body>Документ не знайдено</body></html>');
      return true;
    }
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end(minimalPdf(`${form} ${refs}`));
    return true;
  }

  const server: Server = createServer((request, response) => {
    if (request.method === 'GET') {
      if (!servePrint(request, response)) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not found');
      }
      return;
    }
    void bodyOf(request).then((text) => {
      let body: NpRequest;
      try {
        body = JSON.parse(text) as NpRequest;
      } catch {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer(false, [], ['Invalid JSON'])));
        return;
      }
      requests.push(body);
      const method = `${body.modelName}.${body.calledMethod}`;
      const failure = takeFailure(method);
      if (failure === '5xx') {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      if (!validKeys.includes(body.apiKey)) {
        if (failure === 'timeout') {
          request.socket.destroy();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer(false, [], ['API key expired'])));
        return;
      }
      const result = handle(body);
      if (failure === 'timeout') {
        // The work is done, the answer is lost: the caller cannot tell whether it happened.
        setTimeout(() => request.socket.destroy(), 20);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify('errors' in result ? answer(false, [], result.errors) : answer(true, result.data)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

  return {
    url: `${origin}/v2.0/json/`,
    origin,
    requests,
    calls: (method) => requests.filter((r) => `${r.modelName}.${r.calledMethod}` === method),
    documents,
    get cities() {
      return directory.cities;
    },
    set cities(rows: FakeCity[]) {
      directory.cities = rows;
    },
    get warehouses() {
      return directory.warehouses;
    },
    set warehouses(rows: FakeWarehouse[]) {
      directory.warehouses = rows;
    },
    addWarehouses(cityRef, count) {
      for (let i = 0; i < count; i++) {
        generated += 1;
        directory.warehouses.push({
          Ref: refOf(0xa2, generated),
          CityRef: cityRef,
          Number: String(1000 + generated),
          Description: `Відділення №${1000 + generated}: вул. Нова, ${generated}`,
          ShortAddress: `вул. Нова, ${generated}`,
          CategoryOfWarehouse: 'Branch',
          TotalMaxWeightAllowed: '0',
          WarehouseStatus: 'Working',
        });
      }
    },
    setStatus(number, code) {
      const doc = documents.get(number);
      if (!doc) throw new Error(`fake Nova Poshta: no waybill ${number}`);
      doc.statusCode = code;
    },
    failNext(mode, opts = {}) {
      failures.push({ mode, method: opts.method ?? null, left: opts.times ?? 1 });
    },
    reset() {
      requests.length = 0;
      documents.clear();
      failures = [];
      const fresh = defaultDirectory();
      directory.cities = fresh.cities;
      directory.warehouses = fresh.warehouses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
