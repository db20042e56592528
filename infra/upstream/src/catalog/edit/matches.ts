import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Match, MatchInput } from '@odds/protocol';
import type { Db } from '../../db/client';
import { leagues, matches, seasons, teams } from '../../db/schema';
import { Errors } from '../../errors';
import { getMatch } from '../matches';
import { assertNotVendorOwned } from './synced';

/** An event id for a match made by hand: unique, so it is no other provider's event until connected. */
export const handMadeEventId = () => `hand-${randomUUID()}`;

/**
 * What a match needs to be valid: its league, a season of that league (or none), two different
 * teams of the league's provider and sport. The provider and sport are the league's.
 */
async function resolve(db: Db, input: MatchInput) {
  const [league] = await db.select().from(leagues).where(eq(leagues.id, input.league_id));
  if (!league) throw new Errors.BadRequest(`League ${input.league_id} does not exist.`);
  const seasonId = input.season_id ?? null;
  if (seasonId !== null) {
    const [season] = await db.select({ leagueId: seasons.leagueId }).from(seasons).where(eq(seasons.id, seasonId));
    if (!season || season.leagueId !== league.id) throw new Errors.BadRequest(`Season ${seasonId} is not a season of ${league.name}.`);
  }
  if (input.home_team_id === input.away_team_id) throw new Errors.BadRequest('A match needs two different teams.');
  const found = await db
    .select()
    .from(teams)
    .where(inArray(teams.id, [input.home_team_id, input.away_team_id]));
  const side = (id: number) => {
    const team = found.find((t) => t.id === id);
    if (!team) throw new Errors.BadRequest(`Team ${id} does not exist.`);
    if (team.providerId !== league.providerId || team.sportId !== league.sportId)
      throw new Errors.BadRequest(`${team.name} is not a team of ${league.name}'s provider and sport.`);
    return team;
  };
  const home = side(input.home_team_id);
  const away = side(input.away_team_id);
  return { league, seasonId, home, away, start: new Date(input.start) };
}

async function matchOr404(db: Db, matchId: number): Promise<Match> {
  const match = await getMatch(db, matchId);
  if (!match) throw new Errors.NotFound('Match', matchId);
  return match;
}

export async function createMatch(db: Db, input: MatchInput): Promise<Match> {
  const { league, seasonId, home, away, start } = await resolve(db, input);
  const [row] = await db
    .insert(matches)
    .values({
      providerId: league.providerId,
      sportId: league.sportId,
      leagueId: league.id,
      seasonId,
      homeTeamId: home.id,
      awayTeamId: away.id,
      name: `${home.name} - ${away.name}`,
      start,
      eventId: input.event_id?.trim() || handMadeEventId(),
    })
    .returning({ id: matches.id });
  return matchOr404(db, row!.id);
}

/** A match's teams, kick-off, league, season and event; a synced match's teams, kick-off and league are the vendor's. */
export async function updateMatch(db: Db, matchId: number, input: MatchInput): Promise<Match> {
  const [stored] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!stored) throw new Errors.NotFound('Match', matchId);
  const { league, seasonId, home, away, start } = await resolve(db, input);
  const changed = [
    ...(league.id !== stored.leagueId ? ['league'] : []),
    ...(home.id !== stored.homeTeamId ? ['home team'] : []),
    ...(away.id !== stored.awayTeamId ? ['away team'] : []),
    ...(start.getTime() !== stored.start.getTime() ? ['kick-off'] : []),
    // The sync links it to the vendor's event.
    ...(input.event_id?.trim() && input.event_id.trim() !== stored.eventId ? ['event'] : []),
  ];
  assertNotVendorOwned('Match', matchId, stored, changed);
  await db
    .update(matches)
    .set({
      providerId: league.providerId,
      sportId: league.sportId,
      leagueId: league.id,
      seasonId,
      homeTeamId: home.id,
      awayTeamId: away.id,
      // A synced match keeps the vendor's name.
      name: stored.syncSource ? stored.name : `${home.name} - ${away.name}`,
      start,
      eventId: input.event_id?.trim() || stored.eventId,
      lastModified: sql`now()`,
    })
    .where(eq(matches.id, matchId));
  return matchOr404(db, matchId);
}
