import { routes, type Match } from '@odds/protocol';
import { formatDateTime, parseDate } from '../lib/format';
import { api } from './client';

interface FindOptions {
  providerId: number;
  sportId: number;
  signal: AbortSignal;
  /** At most this many (the likeliest meant first); the matches list has the rest. */
  limit: number;
}

const MATCH_ID = /^\d{1,9}$/;

/** A text that names a match as such: its id, or a day (YYYY-MM-DD). */
export const namesMatches = (text: string) => MATCH_ID.test(text.trim()) || parseDate(text.trim()) !== null;

/**
 * Matches an operator names by what they know of them: a match id (any provider), the two teams as
 * typed ("Netherlands - USA", either way round), a team, league or part of the name, or a day
 * (YYYY-MM-DD). Silent: a failed search finds nothing, and the caller's list stays the way in.
 */
export function findMatches(text: string, { providerId, sportId, signal, limit }: FindOptions): Promise<Match[]> {
  const q = text.trim();
  if (!q) return Promise.resolve([]);
  if (MATCH_ID.test(q)) {
    return api(routes.match, { params: { matchId: Number(q) }, signal, silent: true }).then(
      (match) => [match],
      () => [],
    );
  }
  // A day's matches by kick-off; by names, the likeliest meant first: in play, upcoming, then played.
  const query = parseDate(q) ? { date: q, order_by: 'start' } : { q, order_by: 'relevance' };
  return api(routes.matches, { params: { p: providerId, s: sportId }, query: { ...query, limit }, signal, silent: true }).then(
    (reply) => reply.results,
    () => [],
  );
}

/** How a found match reads in a list of hits: "Netherlands - USA · 2022-12-03 16:00 (126)". */
export const matchLabel = (match: Pick<Match, 'id' | 'name' | 'start'>) => `${match.name} · ${formatDateTime(match.start)} (${match.id})`;
