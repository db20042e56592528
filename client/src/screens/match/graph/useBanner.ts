import { buildPath, routes } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { authorizedFetch } from '../../../api/authorizedFetch';

/**
 * The creative of a match's market (protocol's banner route, an HTML page), fetched with the token
 * so it never travels in a URL; shown by the caller in a sandboxed `<iframe srcdoc>`. Fetched again
 * when `refreshKey` changes (a new offer changes its odds).
 */
export function useBanner(matchId: number, marketId: number | null, enabled: boolean, refreshKey: unknown) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || marketId === null) return;
    const controller = new AbortController();
    authorizedFetch(buildPath(routes.banner, { matchId, marketId }), { headers: { Accept: 'text/html' }, signal: controller.signal })
      .then(async (response) => {
        const text = await response.text();
        if (!response.ok) throw new Error(`The creative could not be loaded (${response.status})`);
        setHtml(text);
        setError(null);
      })
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setError(cause instanceof Error ? cause.message : String(cause));
      });
    return () => controller.abort();
  }, [matchId, marketId, enabled, refreshKey]);
  return { html, error };
}
