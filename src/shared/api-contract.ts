/**
 * The generated contract (`api-types.ts`, from openapi/openapi.json) read as types the app's own
 * request builders take: which paths answer which methods, and the query and JSON body of each
 * operation. The offline outbox, the cached lists and the bench's action table are typed with these,
 * so a renamed server path or field fails `npm run typecheck` instead of a request at the bench.
 */
import type { paths } from './api-types.ts';

type ApiPath = keyof paths;
type HttpVerb = 'get' | 'post' | 'put' | 'patch' | 'delete';
type MutationVerb = Exclude<HttpVerb, 'get'>;

/** The operation a path answers for a verb; never when it does not answer it. */
type OperationOf<P extends ApiPath, M extends string> =
  Lowercase<M> extends keyof paths[P] ? Exclude<paths[P][Lowercase<M>], undefined> : never;

/** The verbs a path answers. */
type VerbsOf<P extends ApiPath> = {
  [M in HttpVerb]: [OperationOf<P, M>] extends [never] ? never : M;
}[HttpVerb];

/** The query an operation takes (never when it takes none). */
export type QueryOf<P extends ApiPath, M extends string> =
  OperationOf<P, M> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;

/** The JSON body an operation reads (never when it reads none). */
export type BodyOf<P extends ApiPath, M extends string> =
  OperationOf<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The `data` of an operation's 200 answer. */
type DataOf<P extends ApiPath, M extends string> =
  OperationOf<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/**
 * Paths a change can be queued to: they answer a write and carry no path parameter (a queued
 * request names its record in the query, as every offline operation of the contract does).
 */
export type MutationPath = {
  [P in ApiPath]: P extends `${string}{${string}`
    ? never
    : [Extract<VerbsOf<P>, MutationVerb>] extends [never]
      ? never
      : P;
}[ApiPath];

/** The methods a change is sent with (upper case, as sent). */
export type MutationMethod = Uppercase<MutationVerb>;

/** The methods, as sent (upper case), a path answers writes with. */
export type MutationMethodOf<P extends ApiPath> = Uppercase<Extract<VerbsOf<P>, MutationVerb>>;

/** Paths that answer a page `{ items, total, limit, offset }` to GET: the lists the app caches. */
export type ListPath = {
  [P in ApiPath]: DataOf<P, 'get'> extends { items: unknown[]; total: number } ? P : never;
}[ApiPath];

/** One row of a list path's page. */
export type ListItemOf<P extends ListPath> = DataOf<P, 'get'> extends { items: (infer T)[] } ? T : never;

/** The query a list path takes. */
export type ListQueryOf<P extends ListPath> = QueryOf<P, 'get'>;

/** The query part of a request: required when the operation requires one, absent when it takes none. */
type QueryPart<Q> = [Q] extends [never] ? { query?: undefined } : object extends Q ? { query?: Q } : { query: Q };

/** The body part of a request: required when the operation requires one, absent when it reads none. */
type BodyPart<P extends ApiPath, M extends string> = [BodyOf<P, M>] extends [never]
  ? { body?: undefined }
  : OperationOf<P, M> extends { requestBody: unknown }
    ? { body: BodyOf<P, M> }
    : { body?: BodyOf<P, M> };

/** A write as the contract names it: its method, path, query and body, each checked against the others. */
export type ContractMutation<P extends MutationPath, M extends MutationMethodOf<P>> = {
  method: M;
  path: P;
} & QueryPart<QueryOf<P, M>> &
  BodyPart<P, M>;

/** The path with its query written out, as it is stored in the outbox and sent (`/api/country?id=4`). */
export function pathWithQuery(path: string, query?: object): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}
