import { buildPath, routes } from '@odds/protocol';
import { authorizedFetch } from '../../../api/authorizedFetch';
import { ApiError } from '../../../api/errors';
import { apiKey, useCached } from '../../../api/queries';

async function readBanner(matchId: number, marketId: number, signal: AbortSignal): Promise<string> {
  const response = await authorizedFetch(buildPath(routes.banner, { matchId, marketId }), { headers: { Accept: 'text/html' }, signal });
  const text = await response.text();
  // An ApiError, so a busy moment's 502–504 is read again as every read is (queries.ts retryRead).
  if (!response.ok) throw new ApiError(response.status, `The creative could not be loaded (${response.status})`);
  return text;
}

/**
 * The creative of a match's market (protocol's banner route, an HTML page), fetched with the token
 * so it never travels in a URL; shown by the caller in a sandboxed `<iframe srcdoc>`. Cached per
 * `asOf` (the newest offer: a new offer changes its odds); the last creative shows while the next loads.
 */
export function useBanner(matchId: number, marketId: number | null, enabled: boolean, asOf: unknown) {
  const query = useCached([...apiKey(routes.banner, { matchId, marketId: marketId ?? 0 }), asOf ?? null], (signal) => readBanner(matchId, marketId!, signal), {
    enabled: enabled && marketId !== null,
    keepPrevious: true,
  });
  const error = query.error ? (query.error instanceof Error ? query.error.message : String(query.error)) : null;
  return { html: query.data ?? null, error };
}
