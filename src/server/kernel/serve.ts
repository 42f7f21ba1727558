// Registers a module's endpoints (src/shared/endpoint.ts) with their schemas and handlers, one Fastify route each:
// the method, path, access and options come from the endpoint, validation and serialisation from the contract's zod
// schemas, and every endpoint of the map must have its handler (decision 0016).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointSchemas } from '@/shared/endpoint.ts';
import type { AppInstance } from './endpoint.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request a handler gets: Fastify's, typed by the endpoint's schemas. */
export type EndpointRequest<S extends EndpointSchemas> = FastifyRequest<{
  Params: Out<S['params']>;
  Querystring: Out<S['query']>;
  Body: Out<S['body']>;
}>;

/** One page of a list as a service answers it; `serve` sends the rows with the total in X-Total-Count. */
export interface ListAnswer<T> {
  rows: T[];
  /** Exact, or a count that stopped at COUNT_BOUND (src/server/kernel/count.ts). */
  total: number;
  capped?: boolean;
}

type Answer<S extends EndpointSchemas, D> = D extends { list: true }
  ? Out<S['response']> extends ReadonlyArray<infer T>
    ? ListAnswer<T>
    : never
  : S extends { response: z.ZodType }
    ? z.input<S['response']>
    : unknown;

export type EndpointHandler<S extends EndpointSchemas, D = unknown> = (
  request: EndpointRequest<S>,
  reply: FastifyReply,
) => Promise<Answer<S, D> | FastifyReply>;

type HandlersOf<E extends Record<string, Endpoint>> = {
  [K in keyof E]: E[K] extends Endpoint<infer S, infer D> ? EndpointHandler<S, D> : never;
};

/**
 * Registers every endpoint of `endpoints` with the schemas of the same key in `schemas` and its handler. A handler
 * answers the response's input shape (the serialiser checks it), a list handler `{ rows, total }`, or the reply it
 * already sent (a file).
 */
export function serve<S extends Record<string, EndpointSchemas>, E extends { [K in keyof S]: Endpoint<S[K]> }>(
  app: AppInstance,
  endpoints: E,
  schemas: S,
  handlers: HandlersOf<E>,
): void {
  for (const key of Object.keys(endpoints) as Array<keyof S & string>) {
    const endpoint = endpoints[key] as Endpoint;
    const s: EndpointSchemas = schemas[key] ?? {};
    const handler = handlers[key] as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    const status = endpoint.status ?? 200;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { access: endpoint.access, ...(endpoint.bodyTypes ? { bodyTypes: endpoint.bodyTypes } : {}) },
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      schema: {
        ...(s.params ? { params: s.params } : {}),
        ...(s.query ? { querystring: s.query } : {}),
        ...(s.body ? { body: s.body } : {}),
        ...(s.response ? { response: { [status]: s.response } } : {}),
      },
      handler: async (request, reply) => {
        const answer = await handler(request, reply);
        if (answer === reply) return reply;
        if (endpoint.list) {
          const { rows, total, capped = false } = answer as ListAnswer<unknown>;
          return reply.sendList(rows, { total, capped });
        }
        if (status !== 200) reply.status(status);
        return answer;
      },
    });
  }
}
