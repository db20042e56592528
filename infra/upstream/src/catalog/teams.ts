import { and, asc, count, eq, exists, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListReply, SearchResult, Team } from '@odds/protocol';
import type { Db, Queryable, Tx } from '../db/client';
import { matches, providers, seasons, teams } from '../db/schema';
import { readRow } from '../coedit/versioned';
import { Errors } from '../errors';
import { likePattern, orderBy, pageSize } from '../db/paging';
import { syncOf, withOverride } from './edit/synced';

/**
 * Names of the providers a team is connected across: every provider with a team of the same sport
 * and connector (team_key), in provider order. The outer row is named "teams" explicitly: drizzle
 * leaves columns unqualified in single-table selects, which inside this subquery would bind to t2.
 */
export const teamProviders = () =>
  sql<
    string[]
  >`(select coalesce(array_agg(p.name order by p.id), '{}') from ${providers} p where p.id in (select t2.provider_id from ${teams} t2 where t2.team_key = "teams"."team_key" and t2.sport_id = "teams"."sport_id"))`.mapWith(
    (v: string[] | null) => v ?? [],
  );

const select = (db: Queryable) =>
  db.select({ team: teams, providerName: providers.name, providers: teamProviders() }).from(teams).innerJoin(providers, eq(providers.id, teams.providerId));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toTeam = (row: Row): Team => ({
  id: row.team.id,
  version: row.team.version,
  name: row.team.name,
  title: row.team.name,
  provider_name: row.providerName,
  short_name: row.team.shortName,
  providers: row.providers,
  ...syncOf(row.team),
});

const sortable = {
  id: teams.id,
  name: teams.name,
  title: teams.name,
  provider_name: providers.name,
  short_name: teams.shortName,
  last_modified: teams.lastModified,
};

/** Teams that play in a match of the league or season. */
const playsIn = (db: Db, column: typeof matches.leagueId | typeof matches.seasonId, id: number) =>
  exists(
    db
      .select({ one: matches.id })
      .from(matches)
      .where(and(eq(column, id), or(eq(matches.homeTeamId, teams.id), eq(matches.awayTeamId, teams.id)))),
  );

export interface TeamsQuery {
  start?: number;
  limit?: number;
  order_by?: string;
  order_dir?: 'asc' | 'desc';
  provider?: number;
  sport?: number;
  q?: string;
  all_providers?: boolean;
}

/**
 * The Teams screen's list: the provider's teams of the sport (every provider's with all_providers;
 * a league's when given, whatever the provider), by keyword on name or short name, or by match id
 * (digits also find the two teams of that match). Default sort -last_modified (SPEC §9).
 */
export async function listTeams(db: Db, query: TeamsQuery, leagueId?: number): Promise<ListReply<Team>> {
  const limit = pageSize(query.limit);
  const filters: (SQL | undefined)[] = [];
  if (leagueId) filters.push(playsIn(db, matches.leagueId, leagueId));
  else {
    filters.push(eq(teams.sportId, query.sport ?? 1));
    if (!query.all_providers) filters.push(eq(teams.providerId, query.provider ?? 1));
  }
  const keyword = query.q?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    const byText = or(ilike(teams.name, pattern), ilike(teams.shortName, pattern));
    const byMatch = exists(
      db
        .select({ one: matches.id })
        .from(matches)
        .where(and(eq(matches.id, Number(keyword)), or(eq(matches.homeTeamId, teams.id), eq(matches.awayTeamId, teams.id)))),
    );
    filters.push(/^\d{1,9}$/.test(keyword) ? or(byText, byMatch) : byText);
  }
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderBy(sortable, '-last_modified', teams.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(teams).innerJoin(providers, eq(providers.id, teams.providerId)).where(where),
  ]);
  return { results: rows.map(toTeam), total, limit };
}

/** A season's teams by name (the league stats dropdowns). */
export async function seasonTeams(db: Db, seasonId: number): Promise<ListReply<Team>> {
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId));
  if (!season) throw new Errors.NotFound('Season', seasonId);
  const rows = await select(db)
    .where(playsIn(db, matches.seasonId, seasonId))
    .orderBy(asc(teams.name), asc(teams.id));
  return { results: rows.map(toTeam), total: rows.length, limit: Math.max(1, rows.length) };
}

export async function getTeam(db: Queryable, teamId: number): Promise<Team> {
  const [row] = await select(db).where(eq(teams.id, teamId));
  if (!row) throw new Errors.NotFound('Team', teamId);
  return toTeam(row);
}

/** Saves a short name; blank text clears it. On a synced team it becomes an override the sync keeps. */
export async function saveShortName(db: Db, teamId: number, value: string): Promise<Team> {
  const shortName = value.trim() || null;
  const [updated] = await db
    .update(teams)
    .set({ shortName, overrides: withOverride(teams, 'short_name'), lastModified: sql`now()` })
    .where(eq(teams.id, teamId))
    .returning({ id: teams.id });
  if (!updated) throw new Errors.NotFound('Team', teamId);
  return getTeam(db, teamId);
}

/**
 * 'Connect To' candidates for a team: teams of other providers in the same sport that are not
 * connected to it yet, by name, latest modified first unless sorted otherwise.
 */
export async function teamConnectSearch(db: Db, fromId: number, query: { q?: string; limit?: number; order_by?: string }): Promise<ListReply<SearchResult>> {
  const [source] = await db.select().from(teams).where(eq(teams.id, fromId));
  if (!source) throw new Errors.NotFound('Team', fromId);
  const limit = query.limit ?? 10;
  const keyword = query.q?.trim().replace(/\.+$/, '');
  const where = and(
    eq(teams.sportId, source.sportId),
    ne(teams.providerId, source.providerId),
    ne(teams.teamKey, source.teamKey),
    keyword ? or(ilike(teams.name, likePattern(keyword)), ilike(teams.shortName, likePattern(keyword))) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderBy(sortable, '-last_modified', teams.id, query.order_by))
      .limit(limit),
    db.select({ total: count() }).from(teams).where(where),
  ]);
  return { results: rows.map((r) => ({ id: r.team.id, title: r.team.name, providers: r.providers })), total, limit };
}

const other = alias(teams, 'other');

/**
 * Reassigns team `from` as team `to` (SPEC: 'reassign {team} (of {provider}) as {result}'): the
 * source takes the target's connector (team_key), so both count as one real team across providers.
 * What belongs to the source — its matches, short name and contacts' subscriptions, all held by
 * team id — stays with it and so moves into the target's group; teams that shared the source's old
 * key keep it (they were not reassigned). Run it inside the caller's transaction (checks and write together).
 * Returns the source as it was when it changed (the caller audits it: a new connector is a new
 * version), or null when it already had the target's connector.
 */
export async function connectTeams(tx: Tx, fromId: number, toId: number): Promise<TeamChange | null> {
  const [pair] = await tx.select({ source: teams, target: other }).from(teams).innerJoin(other, eq(other.id, toId)).where(eq(teams.id, fromId));
  if (!pair) {
    const [found] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, fromId));
    throw new Errors.NotFound('Team', found ? toId : fromId);
  }
  const { source, target } = pair;
  if (source.id === target.id) throw new Errors.BadRequest('A team cannot be connected to itself.');
  if (source.sportId !== target.sportId) throw new Errors.BadRequest(`${source.name} and ${target.name} are teams of different sports.`);
  if (source.providerId === target.providerId)
    throw new Errors.BadRequest(`${source.name} and ${target.name} are teams of the same provider; connect a team to another provider's team.`);
  if (source.teamKey === target.teamKey) return null;
  const before = await readRow(tx, 'team', source.id);
  await tx
    .update(teams)
    // On a synced team the connector is the operator's from now on (an override the sync keeps).
    .set({ teamKey: target.teamKey, overrides: withOverride(teams, 'team_key'), version: sql`${teams.version} + 1`, lastModified: sql`now()` })
    .where(eq(teams.id, source.id));
  return { entity: 'team', id: source.id, before };
}

/** A team whose connector a reassign changed, with its row before (for its history row). */
export interface TeamChange {
  entity: 'team';
  id: number;
  before: Record<string, unknown> | null;
}
