import {
  type Endpoint,
  endpointUrl,
  type RequestOf,
  type ResponseOf,
  splitKey,
} from '../../../common/contracts/endpoint';
// Types only: the schemas of the table stay out of the browser's bundle.
import type { EndpointName, Endpoints } from '../../../common/contracts/endpoints';
import { type Options, request } from '../lib/api';

type Req<K extends EndpointName> = RequestOf<Endpoints[K], K>;
/** The request argument is optional where the endpoint needs no params and no body. */
type Args<K extends EndpointName> =
  Record<never, never> extends Req<K> ? [req?: Req<K>, opts?: Options] : [req: Req<K>, opts?: Options];

type Query = Record<string, string | number | boolean | null | undefined>;

/** Calls an endpoint of the table (common/contracts/endpoints.ts) and returns its typed answer. */
export function call<K extends EndpointName>(key: K, ...[req, opts]: Args<K>): Promise<ResponseOf<Endpoints[K]>> {
  const r = (req ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown };
  const { method } = splitKey(key);
  const body = method === 'GET' || method === 'DELETE' ? undefined : (r.body ?? {});
  return request(method, endpointUrl(key, r.params, r.query), body, opts);
}

type UrlArgs<K extends EndpointName> =
  Req<K> extends { params: infer P }
    ? [params: P, query?: Req<K>['query']]
    : [params?: undefined, query?: Req<K>['query']];

/** The URL of an endpoint, for links, images, players and uploads (files, CSV, ZIP). */
export function apiUrl<K extends EndpointName>(key: K, ...[params, query]: UrlArgs<K>): string {
  return endpointUrl(key, params as Record<string, string | number> | undefined, query as Query | undefined);
}

export type { Endpoint, EndpointName, Endpoints, ResponseOf };
/** The answer of an endpoint (what `call` resolves to). */
export type Answer<K extends EndpointName> = ResponseOf<Endpoints[K]>;
