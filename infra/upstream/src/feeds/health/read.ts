import { desc, sql } from 'drizzle-orm';
import type { FeedHealthReply, MatchFeedHealth, ProducerState, UofProducer } from '@odds/protocol';
import type { Db } from '../../db/client';
import { feedStalls, uofProducers, uofRecoveries, uofUnknownMarkets, uofUnlinkedEvents } from '../../db/schema';
import { Errors } from '../../errors';
import { readConnection } from '../uof/status';
import type { FeedHealthSettings } from './settings';
import { rows } from '../../db/rows';

interface LiveFeedRow {
  match_id: number;
  name: string;
  event: string | null;
  last_product: number | null;
  last_at: Date | string | null;
  /** The newest thing the feed said is a period's end (half-time, before extra time): a break. */
  in_break: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Every match in play (live state LIVE) with when its feed last spoke: the arrival of its newest
 * offer or event (arrival, not the feed's own clock, so a vendor's clock cannot hide a stall).
 */
async function liveFeeds(db: Db): Promise<LiveFeedRow[]> {
  const result = await db.execute(sql`
    select m.id as match_id, m.name, l.event, l.last_product,
      greatest(
        (select o.created_at from offers o where o.match_id = m.id order by o.id desc limit 1),
        (select e.created_at from match_events e where e.match_id = m.id order by e.id desc limit 1)
      ) as last_at,
      coalesce((select e.kind = 'period_end' and e.created_at >= coalesce((select o.created_at from offers o where o.match_id = m.id order by o.id desc limit 1), e.created_at)
        from match_events e where e.match_id = m.id order by e.id desc limit 1), false) as in_break
    from match_live_states s join matches m on m.id = s.match_id left join uof_links l on l.match_id = m.id
    where s.status = 'LIVE' order by m.id`);
  return rows<LiveFeedRow>(result);
}

const presentProducer = (row: typeof uofProducers.$inferSelect, recovery: UofProducer['recovery'] = null): UofProducer => ({
  id: row.id,
  name: row.name,
  delay_ms: row.delayMs,
  state: row.state as ProducerState,
  last_alive_at: iso(row.lastAliveAt),
  subscribed: row.subscribed,
  reason: row.reason,
  last_good_at: iso(row.lastGoodAt),
  recovery,
});

/** Why a match is stalled now, or null when it is not. */
export function stallReason(
  row: { event: string | null; last_at: Date | string | null; in_break?: boolean },
  producer: ProducerState | null,
  producerId: number | null,
  nowMs: number,
  settings: FeedHealthSettings,
): string | null {
  if (row.event !== null && producer !== null && producer !== 'up') return `UOF producer ${producerId} ${producer}`;
  // Some feeds say nothing between a period's end and the next start: a break is not a stall.
  if (row.in_break) return null;
  const last = row.last_at === null ? null : new Date(row.last_at).getTime();
  if (last === null || nowMs - last >= settings.stallAfterS * 1000) return `no feed message for ${settings.stallAfterS} s or more`;
  return null;
}

/**
 * The feed health of every live match as of `nowMs` (stalled computed now, `since` from the
 * recorded stall), and the matches with a recorded stall (live or not).
 */
export async function liveFeedHealth(
  db: Db,
  settings: FeedHealthSettings,
  nowMs = Date.now(),
): Promise<{ matches: (MatchFeedHealth & { reason: string | null })[]; recorded: Set<number> }> {
  const [live, producers, stalls] = await Promise.all([liveFeeds(db), db.select().from(uofProducers), db.select().from(feedStalls)]);
  const producerState = new Map(producers.map((p) => [p.id, p.state as ProducerState]));
  const since = new Map(stalls.map((s) => [s.matchId, s.since]));
  const matches = live.map((row): MatchFeedHealth & { reason: string | null } => {
    // A linked match's health is that of the producer it last heard from (live odds until one spoke).
    const producerId = row.event === null ? null : (row.last_product ?? 1);
    const producer = producerId === null ? null : (producerState.get(producerId) ?? 'down');
    const reason = stallReason(row, producer, producerId, nowMs, settings);
    const recorded = since.get(row.match_id);
    return {
      match_id: row.match_id,
      name: row.name,
      feed: row.event === null ? 'odds-feed' : 'uof',
      event: row.event,
      last_message_at: iso(row.last_at),
      stalled: reason !== null,
      stalled_since: reason === null ? null : (recorded ?? new Date(nowMs)).toISOString(),
      producer,
      reason,
    };
  });
  return { matches, recorded: new Set(since.keys()) };
}

/** The feed health of every live match as of `nowMs` (liveFeedHealth's). */
async function matchFeedHealth(db: Db, settings: FeedHealthSettings, nowMs = Date.now()): Promise<(MatchFeedHealth & { reason: string | null })[]> {
  return (await liveFeedHealth(db, settings, nowMs)).matches;
}

/** `GET /api/1/feed-health`. */
export async function readFeedHealth(db: Db, settings: FeedHealthSettings): Promise<FeedHealthReply> {
  const [matches, producers, unknown, unlinked, recoveries, connection] = await Promise.all([
    matchFeedHealth(db, settings),
    db.select().from(uofProducers).orderBy(uofProducers.id),
    db.select().from(uofUnknownMarkets).orderBy(desc(uofUnknownMarkets.count)).limit(100),
    db.select().from(uofUnlinkedEvents).orderBy(desc(uofUnlinkedEvents.lastSeenAt)).limit(100),
    db.select().from(uofRecoveries).orderBy(desc(uofRecoveries.id)).limit(20),
    readConnection(db),
  ]);
  const running = new Map(recoveries.filter((r) => r.status === 'running').map((r) => [r.producer, r]));
  return {
    stall_after_s: settings.stallAfterS,
    matches: matches.map(({ reason: _reason, ...row }) => row),
    producers: producers.map((p) => {
      const r = running.get(p.id);
      return presentProducer(p, r ? { request_id: r.requestId, started_at: r.startedAt.toISOString(), attempts: r.attempts } : null);
    }),
    unknown_markets: unknown.map((u) => ({
      market: u.market,
      outcome: u.outcome || null,
      reason: u.reason,
      count: u.count,
      last_seen_at: u.lastSeenAt.toISOString(),
    })),
    unlinked_events: unlinked.map((u) => ({
      event: u.event,
      count: u.count,
      home: u.home,
      away: u.away,
      kick_off: iso(u.kickOff),
      last_seen_at: u.lastSeenAt.toISOString(),
    })),
    recoveries: recoveries.map((r) => ({
      id: r.id,
      producer: r.producer,
      request_id: r.requestId,
      after: iso(r.after),
      started_at: r.startedAt.toISOString(),
      ended_at: iso(r.endedAt),
      messages: r.messages,
      attempts: r.attempts,
      status: r.status as 'running' | 'complete' | 'failed',
    })),
    connection,
  };
}

/** One match's feed health: its row when in play, else a match whose feed cannot be stalled. */
export async function readMatchFeedHealth(db: Db, settings: FeedHealthSettings, matchId: number): Promise<MatchFeedHealth> {
  const row = (await matchFeedHealth(db, settings)).find((r) => r.match_id === matchId);
  if (row) {
    const { reason: _reason, ...health } = row;
    return health;
  }
  const result = await db.execute(sql`select m.id, m.name, l.event from matches m left join uof_links l on l.match_id = m.id where m.id = ${matchId}`);
  const [match] = rows<{ id: number; name: string; event: string | null }>(result);
  if (!match) throw new Errors.NotFound('Match', matchId);
  return {
    match_id: matchId,
    name: match.name,
    feed: match.event === null ? 'odds-feed' : 'uof',
    event: match.event,
    last_message_at: null,
    stalled: false,
    stalled_since: null,
    producer: null,
  };
}
