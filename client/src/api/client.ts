import { buildPath, buildQuery, type RouteBody, type RouteDef, type RouteParams, type RouteQuery, type RouteReply } from '@odds/protocol';
import { ApiError, errorFromResponse, handleApiError, type ErrorFlags } from './errors';
import { announceSaved, isSave } from '../feedback/notices';
import { authorizedFetch } from './authorizedFetch';
import { IDEMPOTENCY_HEADER, IN_PROGRESS_CODE, keyFor, retryWait, settled, UNSETTLED_STATUSES, unsettledKey } from './idempotency';

type ParamsOption<R extends RouteDef> = RouteParams<R> extends Record<string, never> ? { params?: undefined } : { params: RouteParams<R> };

export type ApiOptions<R extends RouteDef> = ParamsOption<R> &
  ErrorFlags & {
    query?: Partial<RouteQuery<R>>;
    body?: RouteBody<R>;
    signal?: AbortSignal;
  };

/** Routes with path parameters must be given them; the others may be called with no options. */
type ApiArgs<R extends RouteDef> = RouteParams<R> extends Record<string, never> ? [options?: ApiOptions<R>] : [options: ApiOptions<R>];

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

  const text = body === undefined ? null : JSON.stringify(body);
  // A POST is one save attempt with one Idempotency-Key (idempotency.ts), kept across its retries.
  const key = route.method === 'POST' ? keyFor(url, text) : null;
  if (key) headers[IDEMPOTENCY_HEADER] = key;

  let response: Response | null = null;
  let error: ApiError | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      // A 401 waits for the operator to sign in again and is sent again (authorizedFetch.ts),
      // unless the caller handles its failures itself (the login form, the session check).
      response = await authorizedFetch(url, { method: route.method, headers, body: text, signal: signal ?? null }, !flags.silent);
      error = response.ok ? null : await errorFromResponse(response);
    } catch (cause) {
      if (isAbort(cause)) throw cause;
      response = null;
      error = new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    }
    if (!key) break;
    // The services may have applied it (no reply, 502-504) or still run it (409 in progress): the
    // same key again, so it is applied once; then an identical save later reuses the key.
    const unknown = error && (UNSETTLED_STATUSES.includes(error.status) || error.reply?.code === IN_PROGRESS_CODE);
    if (!unknown) {
      settled(url, text);
      break;
    }
    unsettledKey(url, text, key);
    if (attempt >= 2) break;
    await retryWait(attempt);
    if (signal?.aborted) throw signal.reason;
  }

  if (error || !response) {
    handleApiError(error!, flags);
    throw error!;
  }
  if (isSave(route)) announceSaved(route);
  if (response.status === 204) return undefined as RouteReply<R>;
  const replyText = await response.text();
  return (replyText ? JSON.parse(replyText) : undefined) as RouteReply<R>;
}
