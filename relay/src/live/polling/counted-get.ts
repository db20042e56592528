import type { RelayMetrics } from '../../metrics';
import { TokenRejected, type LiveResponse, type UpstreamClient } from '../../upstream';
import type { PollCredentials } from './credentials';

/** What a poll's GET asks: the path, its metrics label, the token it needs and the ETag it holds. */
export interface CountedGet {
  path: string;
  /** The metrics label: a live topic or 'check'. */
  topic: string;
  /** The match the token is for (undefined: any match). */
  matchId: number | undefined;
  /** Only an operator's (or the service account's) token may read it, not a wall display's. */
  operatorOnly: boolean;
  etag: string | null;
}

/**
 * The upstream GET behind every poll: with a poll token, counted and timed by topic, and asked
 * again with another token after a 401 (twice at most: the credentials set the refused one aside).
 */
export async function countedGet(
  { upstream, credentials, metrics }: { upstream: UpstreamClient; credentials: PollCredentials; metrics: RelayMetrics },
  { path, topic, matchId, operatorOnly, etag }: CountedGet,
): Promise<LiveResponse> {
  for (let attempt = 0; ; attempt++) {
    const token = await credentials.token(matchId, operatorOnly);
    const started = performance.now();
    try {
      const response = await upstream.getLive(path, token, etag);
      metrics.upstreamRequests.inc({ topic, status: response.status });
      metrics.upstreamDuration.observe({ topic }, (performance.now() - started) / 1000);
      return response;
    } catch (error) {
      const status = error instanceof TokenRejected ? 401 : ((error as { status?: number }).status ?? 'error');
      metrics.upstreamRequests.inc({ topic, status });
      if (error instanceof TokenRejected && attempt < 2) {
        credentials.rejected(token);
        continue;
      }
      throw error;
    }
  }
}
