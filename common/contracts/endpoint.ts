import type { z } from 'zod';

/** Every API path starts with this; the table below names endpoints without it ('GET /inbox/:contentId'). */
export const API_PREFIX = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API: its request parts and its answer. `response` is the zod schema of the
 * JSON body of a successful answer, or 'file' for bytes the browser opens by URL (files, CSV, ZIP).
 */
export type Endpoint = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | 'file';
};

/** An endpoint's key: method and path below API_PREFIX, with :params. */
export type EndpointKey = `${Method} /${string}`;

/** The :params of a path as an object (values are put into the URL encoded). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

type PathOf<K> = K extends `${Method} ${infer P}` ? P : never;
type HasParams<K> = PathOf<K> extends `${string}:${string}` ? true : false;

/** What a caller passes: the path's params, the query and the body, each only where the endpoint has them. */
export type RequestOf<E extends Endpoint, K extends string> = (HasParams<K> extends true
  ? { params: PathParams<PathOf<K>> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined });

/** The JSON a successful answer carries (as the browser reads it). */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;
/** The JSON a handler may reply with (before the schema's defaults and transforms). */
export type ReplyOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

/** Splits 'GET /inbox/:contentId' into the method and the full path ('/api/inbox/:contentId'). */
export function splitKey(key: EndpointKey): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, path: API_PREFIX + key.slice(space + 1) };
}

/** The URL of an endpoint: params put into the path (encoded), the query appended (empty values left out). */
export function endpointUrl(
  key: EndpointKey,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  const path = splitKey(key).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`endpointUrl: ${key} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
