import { and, eq, sql } from 'drizzle-orm';
import type { FixtureImportReply, FixtureLine } from '@odds/protocol';
import type { Db } from '../../db/client';
import { leagues, matches, seasons, teams } from '../../db/schema';
import { Errors } from '../../errors';
import { readFixtures, type FixtureRow } from './fixture-csv';
import { handMadeEventId } from './matches';
import { teamKeyOf } from './teams';

type Season = typeof seasons.$inferSelect;
type League = typeof leagues.$inferSelect;
type Readable = FixtureRow & { ok: true };

/** A side of a line: the team found by name (or short name), or the name of one to create. */
interface Side {
  name: string;
  teamId: number | null;
}

/** What one line would do (a plan: nothing written yet). */
interface Planned {
  row: FixtureRow;
  outcome: FixtureLine['outcome'];
  reason: string | null;
  home: Side | null;
  away: Side | null;
  matchId: number | null;
}

const fixtureKey = (home: string, away: string, start: Date) => `${home.toLowerCase()}|${away.toLowerCase()}|${start.toISOString()}`;

/** Does the line's league name this season's league (by name, path or unique id, in any case)? */
const namesLeague = (league: League, text: string) => [league.name, league.path, league.uniqueId].some((name) => name.toLowerCase() === text.toLowerCase());

async function seasonAndLeague(db: Db, seasonId: number, lock: boolean): Promise<{ season: Season; league: League }> {
  // The import locks its season: two imports of one season run one after the other, so the second sees the first's matches.
  const [season] = lock
    ? await db.select().from(seasons).where(eq(seasons.id, seasonId)).for('update')
    : await db.select().from(seasons).where(eq(seasons.id, seasonId));
  if (!season) throw new Errors.NotFound('Season', seasonId);
  const [league] = await db.select().from(leagues).where(eq(leagues.id, season.leagueId));
  return { season, league: league! };
}

/**
 * What importing the file into the season would do, line by line: a match created (with any team
 * the provider does not have yet), an existing match found (the same teams at the same kick-off in
 * the league: a re-import creates nothing), or the line refused with its reason.
 */
async function plan(db: Db, season: Season, league: League, csv: string): Promise<Planned[]> {
  const rows = readFixtures(csv);
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, shortName: teams.shortName })
    .from(teams)
    .where(and(eq(teams.providerId, league.providerId), eq(teams.sportId, league.sportId)));
  const byName = new Map<string, { id: number; name: string }>();
  // Short names first, so that a full name wins where both match.
  for (const team of teamRows) if (team.shortName) byName.set(team.shortName.toLowerCase(), team);
  for (const team of teamRows) byName.set(team.name.toLowerCase(), team);
  const existing = await db
    .select({ id: matches.id, homeTeamId: matches.homeTeamId, awayTeamId: matches.awayTeamId, start: matches.start })
    .from(matches)
    .where(eq(matches.leagueId, league.id));
  const existingByKey = new Map(existing.map((m) => [`${m.homeTeamId}|${m.awayTeamId}|${m.start.toISOString()}`, m.id]));
  const seen = new Map<string, number>();
  // A team found is named as the provider names it (the match name too).
  const side = (name: string): Side => {
    const team = byName.get(name.toLowerCase());
    return team ? { name: team.name, teamId: team.id } : { name, teamId: null };
  };

  return rows.map((row): Planned => {
    const refuse = (reason: string): Planned => ({ row, outcome: 'refuse', reason, home: null, away: null, matchId: null });
    if (!row.ok) return refuse(row.reason);
    if (!namesLeague(league, row.league)) return refuse(`league "${row.league}" is not this season's league (${league.name})`);
    if ((season.startsOn && row.date < season.startsOn) || (season.endsOn && row.date > season.endsOn))
      return refuse(`${row.date} is outside the season ${season.name} (${season.startsOn ?? '…'} to ${season.endsOn ?? '…'})`);
    const key = fixtureKey(row.home, row.away, row.start);
    const twin = seen.get(key);
    if (twin !== undefined) return refuse(`the same fixture as line ${twin}`);
    seen.set(key, row.line);
    const home = side(row.home);
    const away = side(row.away);
    if (home.teamId !== null && home.teamId === away.teamId) return refuse(`${row.home} and ${row.away} are the same team`);
    const matchId = home.teamId !== null && away.teamId !== null ? existingByKey.get(`${home.teamId}|${away.teamId}|${row.start.toISOString()}`) : undefined;
    return matchId !== undefined
      ? { row, outcome: 'match', reason: null, home, away, matchId }
      : { row, outcome: 'create', reason: null, home, away, matchId: null };
  });
}

/** The teams the lines that create a match name but the provider lacks, by lower-case name (one each). */
const teamsToCreate = (planned: Planned[]) => {
  const names = new Map<string, string>();
  for (const p of planned) {
    if (p.outcome !== 'create') continue;
    for (const s of [p.home!, p.away!]) if (s.teamId === null && !names.has(s.name.toLowerCase())) names.set(s.name.toLowerCase(), s.name);
  }
  return names;
};

function reply(planned: Planned[], dryRun: boolean, teamsCreated: number): FixtureImportReply {
  const lines = planned.map(
    (p): FixtureLine => ({
      line: p.row.line,
      outcome: p.outcome,
      reason: p.reason,
      start: p.row.ok ? p.row.start.toISOString() : null,
      home: p.home ? { name: p.home.name, team_id: p.home.teamId } : null,
      away: p.away ? { name: p.away.name, team_id: p.away.teamId } : null,
      match_id: p.matchId,
    }),
  );
  const count = (outcome: FixtureLine['outcome']) => planned.filter((p) => p.outcome === outcome).length;
  return { dry_run: dryRun, lines, created: { matches: count('create'), teams: teamsCreated }, matched: count('match'), refused: count('refuse') };
}

/** A dry run: what the import would do, nothing written. */
export async function dryRunImport(db: Db, seasonId: number, csv: string): Promise<FixtureImportReply> {
  const { season, league } = await seasonAndLeague(db, seasonId, false);
  const planned = await plan(db, season, league, csv);
  return reply(planned, true, teamsToCreate(planned).size);
}

/** What an import created, for its history rows. */
export interface Imported {
  reply: FixtureImportReply;
  matchIds: number[];
  teamIds: number[];
}

/**
 * The import, in the caller's transaction: the plan is made again inside it (never taken from an
 * earlier dry run), then the missing teams and the new matches are written. Refused lines write
 * nothing; the others go in together or not at all.
 */
export async function runImport(tx: Db, seasonId: number, csv: string): Promise<Imported> {
  const { season, league } = await seasonAndLeague(tx, seasonId, true);
  const planned = await plan(tx, season, league, csv);
  const newTeams = teamsToCreate(planned);
  const teamIds = new Map<string, number>();
  if (newTeams.size) {
    const inserted = await tx
      .insert(teams)
      .values([...newTeams.values()].map((name) => ({ providerId: league.providerId, sportId: league.sportId, name, teamKey: teamKeyOf(name) })))
      .returning({ id: teams.id, name: teams.name });
    for (const team of inserted) teamIds.set(team.name.toLowerCase(), team.id);
  }
  const matchIds: number[] = [];
  for (const p of planned) {
    if (p.outcome !== 'create') continue;
    const row = p.row as Readable;
    for (const s of [p.home!, p.away!]) s.teamId ??= teamIds.get(s.name.toLowerCase())!;
    const [match] = await tx
      .insert(matches)
      .values({
        providerId: league.providerId,
        sportId: league.sportId,
        leagueId: league.id,
        seasonId: season.id,
        homeTeamId: p.home!.teamId!,
        awayTeamId: p.away!.teamId!,
        name: `${p.home!.name} - ${p.away!.name}`,
        start: row.start,
        eventId: handMadeEventId(),
      })
      .returning({ id: matches.id });
    p.matchId = match!.id;
    matchIds.push(match!.id);
  }
  if (matchIds.length) await tx.update(leagues).set({ lastModified: sql`now()` }).where(eq(leagues.id, league.id));
  return { reply: reply(planned, false, newTeams.size), matchIds, teamIds: [...teamIds.values()] };
}
