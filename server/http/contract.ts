import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { type Endpoint, type ReplyOf, splitKey, API_PREFIX } from '../../common/contracts/endpoint';
import { type EndpointName, type Endpoints, endpoints } from '../../common/contracts/endpoints';

type Parsed<S> = S extends z.ZodType ? z.output<S> : never;

/** The request's parts, parsed with the endpoint's schemas when the handler asks (after its access checks). */
export type Input<E extends Endpoint> = {
  params(): Parsed<E['params']>;
  query(): Parsed<E['query']>;
  body(): Parsed<E['body']>;
};

type Handler<K extends EndpointName> = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: Input<Endpoints[K]>,
) => Promise<Endpoints[K]['response'] extends 'file' ? unknown : ReplyOf<Endpoints[K]>>;

function inputOf(endpoint: Endpoint, request: FastifyRequest): Input<Endpoint> {
  const parse = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) throw new Error('the endpoint table names no schema for this part');
    return schema.parse(value) as never;
  };
  return {
    params: () => parse(endpoint.params, request.params),
    query: () => parse(endpoint.query, request.query),
    body: () => parse(endpoint.body, request.body),
  };
}

/**
 * Registers the route of an endpoint of the table, like `app.get(path, [options,] handler)`:
 * method and path come from its key, the handler's answer must match the endpoint's response
 * type (a JSON endpoint sets a status with `reply.code(201)` and returns the body).
 */
export function serve<K extends EndpointName>(
  app: FastifyInstance,
  key: K,
  ...args: [handler: Handler<K>] | [options: RouteShorthandOptions, handler: Handler<K>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  const { method, path } = splitKey(key);
  const endpoint: Endpoint = endpoints[key];
  app.route({
    ...options,
    method,
    url: path,
    handler: (request, reply) => handler(request, reply, inputOf(endpoint, request) as Input<Endpoints[K]>),
  });
}

/** The table's entry of a served route, if any. */
export function endpointOf(method: string, url: string | undefined): Endpoint | undefined {
  if (!url?.startsWith(`${API_PREFIX}/`)) return undefined;
  return (endpoints as Record<string, Endpoint>)[`${method} ${url.slice(API_PREFIX.length)}`];
}

/**
 * Tests (CHECK_RESPONSES): every successful JSON answer of an endpoint in the table must match
 * its schema; a mismatch answers 500 and logs what differs, so an API test fails.
 */
export function installResponseCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    const endpoint = endpointOf(request.method, request.routeOptions.url);
    if (!endpoint || endpoint.response === 'file') return payload;
    const result = endpoint.response.safeParse(payload);
    if (result.success) return payload;
    request.log.error(
      { route: `${request.method} ${request.routeOptions.url}`, issues: result.error.issues },
      'answer does not match its schema in common/contracts/endpoints.ts',
    );
    throw new Error(`answer of ${request.method} ${request.routeOptions.url} does not match its schema`);
  });
}
