import type { Static, TObject, TSchema } from 'typebox';

/** The four back-office services of SPEC §7; each route belongs to one. */
export type Service = 'auth' | 'event store' | 'content' | 'control' | 'engine';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One REST call of the contract. `path` uses Fastify's `:name` parameters and always starts
 * with `/api/1/`. Every route needs a token unless `public` is set (only authenticate).
 */
export interface RouteDef {
  method: Method;
  path: string;
  service: Service;
  summary: string;
  public?: boolean;
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  /** Body arrives as multipart/form-data (file uploads); `body` then describes its text fields. */
  multipart?: boolean;
  reply: TSchema;
}

export const defineRoute = <const R extends RouteDef>(route: R): R => route;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;
export type RouteParams<R extends RouteDef> = StaticOr<R['params'], Record<string, never>>;
export type RouteQuery<R extends RouteDef> = StaticOr<R['query'], Record<string, never>>;
export type RouteBody<R extends RouteDef> = StaticOr<R['body'], undefined>;
export type RouteReply<R extends RouteDef> = Static<R['reply']>;

/** Fills a route's `:name` parameters: `buildPath(routes.leagues, {p: 1, s: 1})` gives `/api/1/1/1/leagues`. */
export function buildPath(route: Pick<RouteDef, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Serialises a query object, leaving out undefined, null and empty-string values. Arrays repeat the
 * key (`ids=1&ids=2`), which the server's querystring parser reads back as an array.
 */
export function buildQuery(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
