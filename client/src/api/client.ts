import {
  buildPath,
  buildQuery,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@odds/protocol';
import { ApiError, errorFromResponse, handleApiError, type ErrorFlags } from './errors';
import { announceSaved, isSave } from '../stores/notices';
import { authorizedFetch } from './authorizedFetch';

type ParamsOption<R extends RouteDef> =
  RouteParams<R> extends Record<string, never> ? { params?: undefined } : { params: RouteParams<R> };

export type ApiOptions<R extends RouteDef> = ParamsOption<R> &
  ErrorFlags & {
    query?: Partial<RouteQuery<R>>;
    body?: RouteBody<R>;
    signal?: AbortSignal;
  };

/** Routes with path parameters must be given them; the others may be called with no options. */
type ApiArgs<R extends RouteDef> =
  RouteParams<R> extends Record<string, never> ? [options?: ApiOptions<R>] : [options: ApiOptions<R>];

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Calls one route of the protocol table: `api(routes.matches, {params: {p, s}, query: {start: 0}})`.
 * Resolves with the typed reply; rejects with an ApiError after reporting it per SPEC §8.
 * An aborted call rejects with its AbortError and reports nothing: the caller moved on.
 * A call refused because the session ended waits for the sign-in dialog and is then made again.
 */
export async function api<R extends RouteDef>(route: R, ...[options]: ApiArgs<R>): Promise<RouteReply<R>> {
  const { params, query, body, signal, ...flags } = (options ?? {}) as ApiOptions<R>;
  const url = buildPath(route, params as Record<string, string | number> | undefined) + buildQuery(query);

  const headers: Record<string, string> = { Accept: 'application/json' };
  // Only with a body: Fastify refuses an empty body that claims to be JSON.
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    // A 401 waits for the operator to sign in again and is sent again (authorizedFetch.ts),
    // unless the caller handles its failures itself (the login form, the session check).
    response = await authorizedFetch(
      url,
      { method: route.method, headers, body: body === undefined ? null : JSON.stringify(body), signal: signal ?? null },
      !flags.silent,
    );
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    const error = new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    handleApiError(error, flags);
    throw error;
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    handleApiError(error, flags);
    throw error;
  }
  if (isSave(route)) announceSaved(route);
  if (response.status === 204) return undefined as RouteReply<R>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as RouteReply<R>;
}
