import { eq } from 'drizzle-orm';
import { routes, type DisplaySession, type RouteDef } from '@odds/protocol';
import type { Db } from '../db/client';
import { matches } from '../db/schema';

/**
 * The only calls a display token may make: reading its matches the way a wall shows them (and the
 * relay polls them for its room, and follows the change stream, which names only ids, with a
 * watcher's token). Every other call, and every write, is refused with 403.
 */
const DISPLAY_ROUTES: RouteDef[] = [
  routes.session,
  routes.changes,
  routes.match,
  routes.matchLiveState,
  routes.leagueMatches,
  routes.matchFeedEvents,
  routes.matchFeed,
  routes.matchOffers,
  routes.matchDeliveries,
  routes.matchLiveVersions,
  // A wall shows a stalled feed in red.
  routes.matchFeedHealth,
];
const allowed = new Set(DISPLAY_ROUTES.map((route) => `${route.method} ${route.path}`));

export const displayMayCall = (method: string, routePath: string | undefined): boolean => routePath !== undefined && allowed.has(`${method} ${routePath}`);

/** The league of each match, looked up once: a match does not change leagues. */
const leagueOf = new Map<number, number | null>();

/**
 * May this display read this match (or league)? Its listed matches, or any match of its league.
 * A display for a league reads that league's match list; a display of listed matches reads none.
 */
export async function displayMaySee(db: Db, display: DisplaySession, params: { matchId?: unknown; leagueId?: unknown }): Promise<boolean> {
  const { match_ids: matchIds, league_id: leagueId } = display.config;
  if (params.leagueId !== undefined) return leagueId !== null && Number(params.leagueId) === leagueId;
  if (params.matchId === undefined) return true;
  const matchId = Number(params.matchId);
  if (matchIds.includes(matchId)) return true;
  if (leagueId === null || !Number.isInteger(matchId)) return false;
  if (!leagueOf.has(matchId)) {
    const [row] = await db.select({ leagueId: matches.leagueId }).from(matches).where(eq(matches.id, matchId));
    if (!row) return false;
    if (leagueOf.size > 100_000) leagueOf.clear();
    leagueOf.set(matchId, row.leagueId);
  }
  return leagueOf.get(matchId) === leagueId;
}
