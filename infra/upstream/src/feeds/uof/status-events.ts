import { scoreNodeName, type FeedEventMessage, type FeedMatchState } from '@odds/protocol';
import type { MatchMemory } from './market-state';
import type { UofEventMessage, UofEventStatus } from './messages';

/** UOF match_status codes to our period: 6/7 halves, 41/42 extra time, 50 penalties. */
const PERIOD_OF: Record<number, number> = { 6: 1, 7: 2, 41: 3, 42: 4, 50: 5 };
/** Pauses and the end: which period they close. */
const PAUSE_AFTER: Record<number, number> = { 31: 1, 32: 2, 33: 3, 34: 4 };
const ENDED = new Set([100, 110, 120]);

/** The period a status code is in (half-time counts as the period it ended). */
export function periodOf(code: number | null): number | null {
  if (code === null) return null;
  return PERIOD_OF[code] ?? PAUSE_AFTER[code] ?? null;
}

/** Score, clock and period changes of an odds_change's sport_event_status as match events (football's codes: sports.ts). */
export function statusEvents(status: UofEventStatus, memory: MatchMemory, base: string, at: string): FeedEventMessage[] {
  const events: FeedEventMessage[] = [];
  const code = status.matchStatus;
  const clock = status.clockS;
  const before = memory.matchStatus;
  if (code !== null && code !== before) {
    const wasPeriod = before === null ? null : (PERIOD_OF[before] ?? null);
    if (wasPeriod !== null && (PAUSE_AFTER[code] === wasPeriod || ENDED.has(code) || (PERIOD_OF[code] ?? 0) > wasPeriod)) {
      events.push({
        type: 'event',
        source_id: `${base}:period_end:${wasPeriod}`,
        sent_at: at,
        kind: 'period_end',
        period: wasPeriod,
        match_time: clock,
        score: scoreNodeName({ home: memory.home, away: memory.away }),
      });
    }
    const period = PERIOD_OF[code];
    if (period !== undefined)
      events.push({
        type: 'event',
        source_id: `${base}:period_start:${period}`,
        sent_at: at,
        kind: 'period_start',
        period,
        match_time: clock ?? 0,
        score: scoreNodeName({ home: memory.home, away: memory.away }),
      });
    memory.matchStatus = code;
  }
  const home = status.home ?? memory.home;
  const away = status.away ?? memory.away;
  // One goal event per goal, so several goals between two messages each count.
  for (let n = memory.home + 1; n <= home; n += 1)
    events.push({
      type: 'event',
      source_id: `${base}:goal:H${n}-A${memory.away}`,
      sent_at: at,
      kind: 'goal',
      side: 'home',
      match_time: clock,
      period: periodOf(memory.matchStatus),
      score: scoreNodeName({ home: n, away: memory.away }),
    });
  memory.home = Math.max(memory.home, home);
  for (let n = memory.away + 1; n <= away; n += 1)
    events.push({
      type: 'event',
      source_id: `${base}:goal:H${memory.home}-A${n}`,
      sent_at: at,
      kind: 'goal',
      side: 'away',
      match_time: clock,
      period: periodOf(memory.matchStatus),
      score: scoreNodeName({ home: memory.home, away: n }),
    });
  memory.away = Math.max(memory.away, away);
  if (code !== null && ENDED.has(code) && before !== code) {
    events.push({
      type: 'event',
      source_id: `${base}:match_end`,
      sent_at: at,
      kind: 'match_end',
      match_time: clock,
      score: scoreNodeName({ home: memory.home, away: memory.away }),
    });
  }
  return events;
}

/** UOF EventStatus codes that take a match out of its usual course (5–9); 2 suspended is a bet_stop's business. */
const STATE_OF: Record<number, FeedMatchState> = { 5: 'CANCELLED', 6: 'DELAYED', 7: 'INTERRUPTED', 8: 'POSTPONED', 9: 'ABANDONED' };
/** fixture_change change_type 3 is CANCELLED; 1 NEW and 2 DATETIME give a postponed match its new date. */
const FIXTURE_CANCELLED = 3;
const RESCHEDULED = new Set([1, 2]);

function stateEvent(memory: MatchMemory, state: FeedMatchState, id: string, at: string): FeedEventMessage[] {
  const usual = state === 'PRE' || state === 'LIVE';
  if ((usual ? null : state) === memory.matchState) return [];
  memory.matchState = usual ? null : state;
  return [{ type: 'event', source_id: id, sent_at: at, kind: 'match_state', state, match_time: null, reason: `uof: the match is ${state.toLowerCase()}` }];
}

/**
 * The match's state when UOF says it left its usual course, or came back to it: sport_event_status
 * 5–9 (cancelled, delayed, interrupted, postponed, abandoned), back at 0 (not started) or 1 (live);
 * fixture_change CANCELLED; a postponed match's fixture_change with its new date (NEW, DATETIME).
 */
export function matchStateEvents(message: UofEventMessage, memory: MatchMemory, base: string, at: string): FeedEventMessage[] {
  if (message.type === 'fixture_change') {
    if (message.changeType === FIXTURE_CANCELLED) return stateEvent(memory, 'CANCELLED', `${base}:match_state:CANCELLED`, at);
    if (memory.matchState === 'POSTPONED' && message.changeType !== null && RESCHEDULED.has(message.changeType))
      return stateEvent(memory, 'PRE', `${base}:match_state:PRE`, at);
    return [];
  }
  if (message.type !== 'odds_change' || !message.status) return [];
  const code = message.status.status;
  const state = STATE_OF[code] ?? (code === 0 ? 'PRE' : code === 1 ? 'LIVE' : null);
  return state === null ? [] : stateEvent(memory, state, `${base}:match_state:${state}`, at);
}
