// A local HTTP server speaking the Nova Poshta API 2.0 envelope (sales.md §4), for tests: the app never depends on
// reaching the real service. It knows the API keys it is given and answers the methods tests need.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NpRequest {
  apiKey: string;
  modelName: string;
  calledMethod: string;
  methodProperties: Record<string, unknown>;
}

export interface FakeNovaPoshta {
  url: string;
  requests: NpRequest[];
  close(): Promise<void>;
}

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

export async function startFakeNovaPoshta(validKeys: readonly string[]): Promise<FakeNovaPoshta> {
  const requests: NpRequest[] = [];
  const server: Server = createServer((request, response) => {
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
      response.writeHead(200, { 'content-type': 'application/json' });
      if (!validKeys.includes(body.apiKey)) {
        response.end(JSON.stringify(answer(false, [], ['API key expired'])));
        return;
      }
      if (body.modelName === 'Counterparty' && body.calledMethod === 'getCounterparties') {
        response.end(
          JSON.stringify(
            answer(true, [
              {
                Ref: '2718756a-b39b-11e4-a77a-005056887b8d',
                Description: 'Приватна особа',
                CounterpartyType: 'PrivatePerson',
              },
            ]),
          ),
        );
        return;
      }
      response.end(JSON.stringify(answer(false, [], [`Method ${body.calledMethod} is not supported by the fake`])));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2.0/json/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
