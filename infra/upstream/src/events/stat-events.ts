import { and, asc, count, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EventType, ListReply, StatEvent, StatEventInput } from '@odds/protocol';
import type { Db, Tx } from '../db/client';
import { eventTypes, markets, matches, statEvents, teams } from '../db/schema';
import { LIVE_WINDOW_MS } from '../catalog/matches';
import { Errors } from '../errors';
import { orderBy } from '../db/paging';
import { marketEventFilter } from './market-query';

/** Football's stat event type ids (seeded; stable). */
export const EVENT_TYPE_IDS = { goal: 1, ownGoal: 2, penaltyGoal: 3, yellowCard: 4, redCard: 5, corner: 6, substitution: 7 } as const;
/** The types that change the score. */
export const GOAL_TYPE_IDS: number[] = [EVENT_TYPE_IDS.goal, EVENT_TYPE_IDS.ownGoal, EVENT_TYPE_IDS.penaltyGoal];

type Row = typeof statEvents.$inferSelect;

export const toStatEvent = (row: Row): StatEvent => ({
  id: row.id,
  version: row.version,
  match_id: row.matchId,
  type: row.typeId,
  period: row.period,
  game_time: row.gameTime,
  extra_time: row.extraTime,
  team: row.teamId,
  participant: row.participant,
  tags: row.tags,
  timestamp: row.timestamp.toISOString(),
});

const sortable = {
  id: statEvents.id,
  timestamp: statEvents.timestamp,
  match_id: statEvents.matchId,
  type: statEvents.typeId,
  period: statEvents.period,
  game_time: statEvents.gameTime,
};

export interface StatEventsQuery {
  start?: number;
  limit?: number;
  sort?: string;
  order_by?: string;
  order_dir?: 'asc' | 'desc';
  reverse?: boolean;
  match_id?: number;
  market_id?: number;
  inplay_only?: boolean;
}

/**
 * Stat events across matches, newest first unless sorted otherwise (`sort`, or `order_by`), with
 * `reverse` flipping the direction. A market narrows them to its provider's matches of its sport
 * and to the events its statistics count (market-query.ts); in play means the match kicked off
 * within the live window (as the matches list's timeframe LIVE).
 */
export async function listStatEvents(db: Db, query: StatEventsQuery, now = new Date()): Promise<ListReply<StatEvent>> {
  const limit = query.limit ?? 1000;
  const filters: (SQL | undefined)[] = [];
  if (query.match_id) filters.push(eq(statEvents.matchId, query.match_id));
  if (query.market_id) {
    const [market] = await db.select().from(markets).where(eq(markets.id, query.market_id));
    if (!market) throw new Errors.NotFound('Market', query.market_id);
    const { typeIds, periods } = marketEventFilter(market.meta);
    filters.push(eq(matches.providerId, market.providerId), eq(matches.sportId, market.sportId));
    if (typeIds) filters.push(inArray(statEvents.typeId, typeIds));
    if (periods) filters.push(inArray(statEvents.period, periods));
  }
  if (query.inplay_only) filters.push(lte(matches.start, now), gte(matches.start, new Date(now.getTime() - LIVE_WINDOW_MS)));
  const requested = query.sort ?? query.order_by ?? '-timestamp';
  const direction = query.order_dir ?? (requested.startsWith('-') ? 'desc' : 'asc');
  const flipped = query.reverse ? (direction === 'asc' ? 'desc' : 'asc') : direction;
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ event: statEvents, teamName: teams.name })
      .from(statEvents)
      .innerJoin(matches, eq(matches.id, statEvents.matchId))
      .leftJoin(teams, eq(teams.id, statEvents.teamId))
      .where(where)
      .orderBy(...orderBy(sortable, '-timestamp', statEvents.id, requested, flipped))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(statEvents).innerJoin(matches, eq(matches.id, statEvents.matchId)).where(where),
  ]);
  return { results: rows.map((r) => ({ ...toStatEvent(r.event), team_name: r.teamName })), total, limit };
}

/** A match's stat events in match order: period, minute, stoppage time (only `ids` when given). */
export async function matchStatEvents(db: Db, matchId: number, ids?: number[]): Promise<ListReply<StatEvent>> {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  const rows = await db
    .select()
    .from(statEvents)
    .where(and(eq(statEvents.matchId, matchId), ids && inArray(statEvents.id, ids)))
    .orderBy(asc(statEvents.period), asc(statEvents.gameTime), asc(statEvents.extraTime), asc(statEvents.id));
  return { results: rows.map(toStatEvent), total: rows.length, limit: Math.max(1, rows.length) };
}

export async function listEventTypes(db: Db): Promise<ListReply<EventType>> {
  const rows = await db.select({ id: eventTypes.id, name: eventTypes.name }).from(eventTypes).orderBy(asc(eventTypes.id));
  return { results: rows, total: rows.length, limit: Math.max(1, rows.length) };
}

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** Checks a row against its match: the type is of the match's sport, the team plays in it, the participant is on the team's list. */
function checkRow(
  row: StatEventInput,
  match: { sportId: number; homeTeamId: number; awayTeamId: number; homeName: string; awayName: string; meta: (typeof matches.$inferSelect)['meta'] },
  typeSports: Map<number, number>,
): void {
  const typeSport = typeSports.get(row.type);
  if (typeSport === undefined) throw new Errors.BadRequest(`Unknown stat event type ${row.type}.`);
  if (typeSport !== match.sportId) throw new Errors.BadRequest(`Stat event type ${row.type} is not of match ${row.match_id}'s sport.`);
  const team = row.team ?? null;
  if (team !== null && team !== match.homeTeamId && team !== match.awayTeamId) {
    throw new Errors.BadRequest(`Team ${team} does not play in match ${row.match_id}.`);
  }
  if (row.participant === undefined || row.participant === null) return;
  if (team === null) throw new Errors.BadRequest('A participant needs the team the event counts for.');
  // An own goal counts for one team and is scored by a player of the other.
  const playerTeamIsHome = (team === match.homeTeamId) !== (row.type === EVENT_TYPE_IDS.ownGoal);
  const list = match.meta.participants[playerTeamIsHome ? match.homeName : match.awayName] ?? [];
  if (!list.some((p) => p.id === row.participant)) {
    throw new Errors.BadRequest(
      `Participant ${row.participant} is not on ${playerTeamIsHome ? match.homeName : match.awayName}'s list for match ${row.match_id}.`,
    );
  }
}

/** Adds (no id) and updates (id) stat events in one transaction: one bad row saves none. */
export async function saveStatEvents(db: Db, rows: StatEventInput[], now = new Date()): Promise<ListReply<StatEvent>> {
  return db.transaction(async (tx: Tx) => {
    const matchIds = [...new Set(rows.map((r) => r.match_id))];
    const found = await tx
      .select({
        id: matches.id,
        sportId: matches.sportId,
        homeTeamId: matches.homeTeamId,
        awayTeamId: matches.awayTeamId,
        meta: matches.meta,
        homeName: home.name,
        awayName: away.name,
      })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(inArray(matches.id, matchIds));
    const byId = new Map(found.map((m) => [m.id, m]));
    const typeSports = new Map((await tx.select().from(eventTypes)).map((t) => [t.id, t.sportId]));
    const saved: Row[] = [];
    for (const row of rows) {
      const match = byId.get(row.match_id);
      if (!match) throw new Errors.NotFound('Match', row.match_id);
      checkRow(row, match, typeSports);
      const values = {
        matchId: row.match_id,
        typeId: row.type,
        period: row.period,
        gameTime: row.game_time,
        extraTime: row.extra_time ?? 0,
        teamId: row.team ?? null,
        participant: row.participant ?? null,
        tags: row.tags ?? [],
        ...(row.timestamp ? { timestamp: new Date(row.timestamp) } : row.id ? {} : { timestamp: now }),
      };
      if (row.id) {
        const [updated] = await tx.update(statEvents).set(values).where(eq(statEvents.id, row.id)).returning();
        if (!updated) throw new Errors.NotFound('Stat event', row.id);
        saved.push(updated);
      } else {
        const [created] = await tx.insert(statEvents).values(values).returning();
        saved.push(created!);
      }
    }
    return { results: saved.map(toStatEvent), total: saved.length, limit: Math.max(1, saved.length) };
  });
}

/** Deletes the events by id, all or none: an unknown id fails the whole call. */
export async function deleteStatEvents(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const unique = [...new Set(ids)];
    const existing = new Set((await tx.select({ id: statEvents.id }).from(statEvents).where(inArray(statEvents.id, unique))).map((r) => r.id));
    const missing = unique.filter((id) => !existing.has(id));
    if (missing.length) throw new Errors.NotFound(missing.length === 1 ? 'Stat event' : 'Stat events', missing.join(', '));
    const deleted = await tx.delete(statEvents).where(inArray(statEvents.id, unique)).returning({ id: statEvents.id });
    return deleted.length;
  });
}
