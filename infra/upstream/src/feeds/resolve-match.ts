import type { FeedHeader, Match } from '@odds/protocol';
import type { UpstreamClient } from './client';

const sameTeams = (match: Match, header: FeedHeader) => match.home.name === header.match.home && match.away.name === header.match.away;

/**
 * The match a replay goes to: `--match` as given; with `--league`, that league's fixture with the
 * recording's teams, else its first fixture; else the match with the recording's event id.
 */
export async function resolveMatch(client: UpstreamClient, header: FeedHeader, options: { matchId?: number; league?: string }): Promise<Match> {
  if (options.matchId) return client.match(options.matchId);
  if (options.league) {
    const { results } = await client.matches({ q: options.league, order_by: 'start', limit: 100 });
    const inLeague = results.filter((m) => m.league.name === options.league);
    const match = inLeague.find((m) => sameTeams(m, header)) ?? inLeague[0];
    if (!match) throw new Error(`No match in league '${options.league}'`);
    return match;
  }
  const eventId = header.match.event_id;
  if (eventId) {
    const { results } = await client.matches({ q: eventId, limit: 10 });
    const match = results.find((m) => m.event_id === eventId);
    if (match) return match;
  }
  throw new Error(`No match with event id '${eventId ?? '?'}' for ${header.match.name}: pass --match <id>`);
}
