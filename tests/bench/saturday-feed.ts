/**
 * The saturday bench's feeds, one per match in play, ticked every 5 s of wall time (each match at
 * its own phase in the period, as matches kick off at different moments):
 * - generated: an `odds_change` per tick repricing the markets whose price moved (each of the
 *   match's ~20 markets moves with probability 1/4 a tick, so ~1 offer/s per match); now and then
 *   a goal: a suspension, the goal, and on the next tick the suspension lifted and every market
 *   repriced, as a feed does around a goal;
 * - recorded (infra/feeds/*.jsonl): the first matches replay a recorded final or semi-final at
 *   RECORDED_SPEED× (each tick sends what the recording holds for the feed time passed).
 * Feed time runs with the wall clock for generated feeds (sent_at = now).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FeedMessage } from '@odds/protocol';
import { readFeedFile } from '@odds/upstream/testing';
import type { FeedMarket } from './saturday-data';

export const TICK_MS = 5_000;
const RECORDED_SPEED = 10;
/** A goal in about one tick in 60 (5 minutes of a match's wall time). */
const GOAL_CHANCE = 1 / 60;
const MOVE_CHANCE = 1 / 4;

export interface MatchFeed {
  readonly matchId: number;
  readonly kind: 'generated' | 'recorded';
  /** The first messages: kick-off (and, recorded, what the recording sends before it). */
  start(nowMs: number): FeedMessage[];
  /** What this match's feed sends at a tick. */
  tick(nowMs: number): FeedMessage[];
}

const feedsDir = fileURLToPath(new URL('../../infra/feeds/', import.meta.url));
export const recordedFeeds = () =>
  readdirSync(feedsDir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => readFeedFile(`${feedsDir}${name}`));

/** A pseudo-random sequence per match (the run is the same every time for the same match ids). */
function random(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export function generatedFeed(matchId: number, markets: FeedMarket[], run: string): MatchFeed {
  const rnd = random(matchId);
  let startedAt = 0;
  let home = 0;
  let away = 0;
  let seq = 0;
  let suspended = false;
  const prices = markets.map((m) => m.labels.map(() => 1_300 + Math.floor(rnd() * 4_000)));
  const clock = (nowMs: number) => Math.min(5_400, 600 + Math.floor((nowMs - startedAt) / 1000));
  const score = () => `H${home}-A${away}`;
  const offer = (k: number, nowMs: number): FeedMessage => {
    const market = markets[k]!;
    return {
      type: 'offer',
      source_id: `${run}-${matchId}-${seq++}`,
      sent_at: new Date(nowMs).toISOString(),
      market: { type_id: market.typeId, line: market.line },
      outcomes: market.labels.map((label, o) => ({ label, line: market.line, odds: prices[k]![o]! })),
      match_time: clock(nowMs),
      prematch: false,
      score: score(),
      period: clock(nowMs) < 2_700 ? 1 : 2,
    } as FeedMessage;
  };
  const event = (nowMs: number, fields: object): FeedMessage =>
    ({
      type: 'event',
      source_id: `${run}-${matchId}-${seq++}`,
      sent_at: new Date(nowMs).toISOString(),
      match_time: clock(nowMs),
      period: clock(nowMs) < 2_700 ? 1 : 2,
      ...fields,
    }) as FeedMessage;
  const move = (k: number) => {
    prices[k] = prices[k]!.map((p) => Math.max(1_010, Math.min(30_000, p + Math.round((rnd() - 0.5) * p * 0.06))));
  };
  return {
    matchId,
    kind: 'generated',
    start(nowMs) {
      startedAt = nowMs;
      return [event(nowMs, { kind: 'period_start', score: score() }), ...markets.map((_, k) => offer(k, nowMs))];
    },
    tick(nowMs) {
      if (suspended) {
        suspended = false;
        for (const k of markets.keys()) move(k);
        return [event(nowMs, { kind: 'suspension', suspended: false }), ...markets.map((_, k) => offer(k, nowMs))];
      }
      if (rnd() < GOAL_CHANCE) {
        suspended = true;
        const side = rnd() < 0.5 ? 'home' : 'away';
        if (side === 'home') home += 1;
        else away += 1;
        return [event(nowMs, { kind: 'suspension', suspended: true }), event(nowMs, { kind: 'goal', side, score: score() })];
      }
      const moved = markets.map((_, k) => k).filter(() => rnd() < MOVE_CHANCE);
      moved.forEach(move);
      return moved.map((k) => offer(k, nowMs));
    },
  };
}

/** A recorded match replayed at RECORDED_SPEED×: each tick sends what the recording holds up to the feed time passed. */
export function recordedFeed(matchId: number, recording: ReturnType<typeof readFeedFile>, run: string): MatchFeed {
  let startedAt = 0;
  let next = 0;
  const messages = recording.messages;
  const upTo = (nowMs: number) => {
    const feedMs = (nowMs - startedAt) * RECORDED_SPEED;
    const out: FeedMessage[] = [];
    while (next < messages.length && messages[next]!.offset_ms <= feedMs) {
      const { offset_ms, ...message } = messages[next++]!;
      out.push({ ...message, source_id: `${run}-${message.source_id}`, sent_at: new Date(startedAt + offset_ms).toISOString() } as FeedMessage);
    }
    return out;
  };
  return {
    matchId,
    kind: 'recorded',
    start(nowMs) {
      startedAt = nowMs;
      return upTo(nowMs);
    },
    tick: upTo,
  };
}
