import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListReply, SearchResult } from '@odds/protocol';
import type { Db, Tx } from '../db/client';
import { matches, providers, teams } from '../db/schema';
import { Errors } from '../errors';
import { likePattern, orderBy } from '../db/paging';
import { connectTeams, type TeamChange } from './teams';
import { withOverride } from './edit/synced';

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** Names of the providers carrying a match's event, in provider order (outer row named explicitly, see teams.ts). */
const eventProviders = sql<
  string[]
>`(select coalesce(array_agg(p.name order by p.id), '{}') from ${matches} m2 join ${providers} p on p.id = m2.provider_id where m2.event_id = "matches"."event_id")`.mapWith(
  (v: string[] | null) => v ?? [],
);

const sortable = { last_modified: matches.lastModified, start: matches.start, name: matches.name, id: matches.id };

/**
 * The header's connector search: matches of other providers in the same sport that are not on the
 * match's event yet and whose event has no match of this match's provider (only what can be chosen), found by name, team, event id or match id, latest modified first.
 */
export async function matchConnectSearch(db: Db, fromId: number, query: { q?: string; limit?: number; order_by?: string }): Promise<ListReply<SearchResult>> {
  const [source] = await db.select().from(matches).where(eq(matches.id, fromId));
  if (!source) throw new Errors.NotFound('Match', fromId);
  const limit = query.limit ?? 10;
  // The console searches on a trailing dot (SPEC §5); the dot is not part of the text.
  const keyword = query.q?.trim().replace(/\.+$/, '');
  const pattern = keyword ? likePattern(keyword) : '';
  const byText = keyword ? or(ilike(matches.name, pattern), ilike(home.name, pattern), ilike(away.name, pattern), eq(matches.eventId, keyword)) : undefined;
  // A target whose event already has a match of the source's provider would be refused
  // (connectMatches): it is not offered at all.
  const clashFree = sql`not exists (select 1 from ${matches} m3 where m3.event_id = "matches"."event_id" and m3.provider_id = ${source.providerId})`;
  const where = and(
    eq(matches.sportId, source.sportId),
    ne(matches.providerId, source.providerId),
    ne(matches.eventId, source.eventId),
    clashFree,
    keyword && /^\d{1,9}$/.test(keyword) ? or(byText, eq(matches.id, Number(keyword))) : byText,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: matches.id, title: matches.name, start: matches.start, providers: eventProviders })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(where)
      .orderBy(...orderBy(sortable, '-last_modified', matches.id, query.order_by))
      .limit(limit),
    db.select({ total: count() }).from(matches).innerJoin(home, eq(home.id, matches.homeTeamId)).innerJoin(away, eq(away.id, matches.awayTeamId)).where(where),
  ]);
  return { results: rows.map((r) => ({ id: r.id, title: r.title, providers: r.providers, start: r.start.toISOString() })), total, limit };
}

const target = alias(matches, 'target');

/**
 * Connects match `from` to match `to` (the header's connector reassign): the source leaves its
 * event and joins the target's (event_id), so both count each other in provider_count and
 * provider_names. "Moves what belongs to the source" means:
 *  - everything the source holds by match id (content, threshold sets, stat events, offers,
 *    deliveries, trackers) stays on the source and so moves with it into the target's event;
 *    nothing is copied or merged into the target;
 *  - the source's two teams are reassigned as the target's two teams (their team_key connector),
 *    since one event is played by one pair of teams: home as home and away as away, unless the
 *    provider lists the fixture the other way round (the source's home already shares the target's
 *    away team's connector);
 *  - other matches on the source's old event stay there (they were not reassigned).
 * One provider carries an event once, so a target whose event already has a match of the source's
 * provider is refused. Run it inside the caller's transaction (the route audits it there): checks
 * and writes happen together or not at all. Returns the matches whose header changed (every match of
 * the source's old event, the source included, and of the target's event) and the teams reassigned.
 */
export async function connectMatches(tx: Tx, fromId: number, toId: number): Promise<{ matchIds: number[]; teams: TeamChange[] }> {
  const [pair] = await tx.select({ source: matches, target }).from(matches).innerJoin(target, eq(target.id, toId)).where(eq(matches.id, fromId));
  if (!pair) {
    const [found] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, fromId));
    throw new Errors.NotFound('Match', found ? toId : fromId);
  }
  const { source, target: goal } = pair;
  if (source.id === goal.id) throw new Errors.BadRequest('A match cannot be connected to itself.');
  if (source.sportId !== goal.sportId) throw new Errors.BadRequest(`Match ${source.id} and match ${goal.id} are of different sports.`);
  if (source.eventId === goal.eventId) throw new Errors.BadRequest(`Match ${source.id} is already connected to match ${goal.id}.`);
  const [clash] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.eventId, goal.eventId), eq(matches.providerId, source.providerId)));
  if (clash) throw new Errors.BadRequest(`Match ${goal.id}'s event already has match ${clash.id} of the same provider as match ${source.id}.`);
  const affected = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(or(eq(matches.eventId, source.eventId), eq(matches.eventId, goal.eventId)))
    .orderBy(matches.id);
  await tx
    .update(matches)
    .set({ eventId: goal.eventId, overrides: withOverride(matches, 'event_id'), lastModified: sql`now()` })
    .where(eq(matches.id, source.id));
  const keys = new Map(
    (
      await tx
        .select({ id: teams.id, key: teams.teamKey })
        .from(teams)
        .where(or(eq(teams.id, source.homeTeamId), eq(teams.id, source.awayTeamId), eq(teams.id, goal.homeTeamId), eq(teams.id, goal.awayTeamId)))
    ).map((t) => [t.id, t.key]),
  );
  const reversed = keys.get(source.homeTeamId) === keys.get(goal.awayTeamId) || keys.get(source.awayTeamId) === keys.get(goal.homeTeamId);
  const teamChanges = [
    await connectTeams(tx, source.homeTeamId, reversed ? goal.awayTeamId : goal.homeTeamId),
    await connectTeams(tx, source.awayTeamId, reversed ? goal.homeTeamId : goal.awayTeamId),
  ];
  return { matchIds: affected.map((m) => m.id), teams: teamChanges.filter((change) => change !== null) };
}
