import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  resultFromFeed,
  type FeedEventMessage,
  type ListReply,
  type MatchFeedEvent,
  type MatchLiveState,
  type Suppression,
  type SuppressionReason,
} from '@odds/protocol';
import { assertMatch } from '../catalog/matches';
import type { Db } from '../db/client';
import { contacts, matchEvents, matchLiveStates, markets, suppressions } from '../db/schema';
import { pageSize } from '../db/paging';

/** A match's goals, periods and suspensions, oldest (feed clock) first. */
export async function matchFeedEvents(db: Db, matchId: number, query: { start?: number; limit?: number }): Promise<ListReply<MatchFeedEvent>> {
  await assertMatch(db, matchId);
  const limit = pageSize(query.limit, 1000);
  const where = eq(matchEvents.matchId, matchId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(matchEvents)
      .where(where)
      .orderBy(asc(matchEvents.sentAt), asc(matchEvents.id))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(matchEvents)
      .where(where),
  ]);
  return {
    results: rows.map((e) => ({
      id: e.id,
      match_id: e.matchId,
      kind: e.kind as MatchFeedEvent['kind'],
      side: e.side as MatchFeedEvent['side'],
      period: e.period,
      match_time: e.matchTime,
      score: e.score,
      market_id: e.marketId,
      suspended: e.suspended,
      sent_at: e.sentAt.toISOString(),
      arrival: e.arrival,
      raw: e.raw,
    })),
    total,
    limit,
  };
}

/** What the engine held back in a match, newest first. */
export async function matchSuppressions(
  db: Db,
  matchId: number,
  query: { start?: number; limit?: number; market_id?: number; offer_id?: number },
): Promise<ListReply<Suppression>> {
  await assertMatch(db, matchId);
  const limit = pageSize(query.limit);
  const where = and(
    eq(suppressions.matchId, matchId),
    query.market_id ? eq(suppressions.marketId, query.market_id) : undefined,
    query.offer_id ? eq(suppressions.offerId, query.offer_id) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ s: suppressions, marketName: markets.name, contactName: contacts.name })
      .from(suppressions)
      .innerJoin(markets, eq(markets.id, suppressions.marketId))
      .leftJoin(contacts, eq(contacts.id, suppressions.contactId))
      .where(where)
      .orderBy(desc(suppressions.feedAt), desc(suppressions.id))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(suppressions)
      .where(where),
  ]);
  return {
    results: rows.map(({ s, marketName, contactName }) => ({
      id: s.id,
      match_id: s.matchId,
      offer_id: s.offerId,
      market: { id: s.marketId, name: marketName },
      threshold_set_id: s.thresholdSetId,
      outcome: s.outcome,
      contact: s.contactId !== null && contactName !== null ? { id: s.contactId, name: contactName } : null,
      reason: s.reason as SuppressionReason,
      detail: s.detail,
      match_time: s.matchTime,
      count: s.count,
      created_at: s.createdAt.toISOString(),
    })),
    total,
    limit,
  };
}

/** The match's result so far from its goals, periods and match end, in feed order (resultFromFeed). */
async function feedResult(db: Db, matchId: number) {
  const events = await db
    .select({ kind: matchEvents.kind, period: matchEvents.period, score: matchEvents.score, raw: matchEvents.raw })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), inArray(matchEvents.kind, ['goal', 'period_start', 'period_end', 'match_end'])))
    .orderBy(asc(matchEvents.sentAt), asc(matchEvents.id));
  return resultFromFeed(events.map((e) => ({ ...e, penalties: (e.raw as Partial<FeedEventMessage> | null)?.penalties ?? null })));
}

/** The match as its feed left it, with the result its events tell; a match no feed has touched is PRE. */
export async function matchLiveState(db: Db, matchId: number): Promise<MatchLiveState> {
  await assertMatch(db, matchId);
  const [[row], result] = await Promise.all([db.select().from(matchLiveStates).where(eq(matchLiveStates.matchId, matchId)), feedResult(db, matchId)]);
  return {
    match_id: matchId,
    status: (row?.status ?? 'PRE') as MatchLiveState['status'],
    period: row?.period ?? 0,
    score: row?.score ?? 'PRE',
    match_time: row?.matchTime ?? null,
    suspended: row?.suspended ?? false,
    suspended_market_ids: row?.suspendedMarketIds ?? [],
    kicked_off_at: row?.kickedOffAt?.toISOString() ?? null,
    last_message_at: row?.lastMessageAt?.toISOString() ?? null,
    result: row && row.status !== 'PRE' ? result : null,
  };
}
