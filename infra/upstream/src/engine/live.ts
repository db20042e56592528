import { parseScoreNode, scoreNodeName } from '@odds/protocol';
import type { MatchState } from './match-state';
import type { EventInput } from './normalize';
import type { OfferInput } from './records';

/**
 * Applies a match event to the live state. Events older than the newest message already applied
 * are stored but change nothing (a late goal must not roll the score back). Returns whether the
 * event applied and whether it was the kick-off (period 1 starting), which makes the match live.
 */
export function applyEvent(state: MatchState, event: EventInput): { applied: boolean; kickOff: boolean } {
  const { live } = state;
  if (live.lastMessageMs !== null && event.feedMs < live.lastMessageMs) return { applied: false, kickOff: false };
  live.lastMessageMs = event.feedMs;
  if (event.matchTime !== null) live.matchTime = event.matchTime;
  let kickOff = false;
  switch (event.kind) {
    case 'goal': {
      const before = parseScoreNode(live.score) ?? { home: 0, away: 0 };
      live.score = event.score ?? scoreNodeName(event.side === 'away' ? { ...before, away: before.away + 1 } : { ...before, home: before.home + 1 });
      live.lastGoalS = event.matchTime ?? live.lastGoalS;
      if (live.status === 'PRE') live.status = 'LIVE';
      break;
    }
    case 'period_start':
      live.period = event.period ?? live.period + 1;
      if (live.status !== 'ENDED') live.status = 'LIVE';
      if (live.period === 1 && live.kickedOffAt === null) {
        live.kickedOffAt = event.feedMs;
        kickOff = true;
      }
      if (live.score === 'PRE') live.score = 'H0-A0';
      break;
    case 'period_end':
      break;
    case 'suspension':
      if (event.market) {
        if (event.suspended) live.suspendedMarkets.add(event.market.id);
        else live.suspendedMarkets.delete(event.market.id);
      } else {
        live.suspended = event.suspended ?? true;
      }
      break;
    case 'match_end':
      live.status = 'ENDED';
      break;
    case 'match_state': {
      // Back to the usual course: before kick-off, or in play once it kicked off.
      const state = event.raw.state ?? 'LIVE';
      live.status = state === 'PRE' || state === 'LIVE' ? (live.kickedOffAt === null && state === 'PRE' ? 'PRE' : 'LIVE') : state;
      break;
    }
  }
  return { applied: true, kickOff };
}

/** An offer newer than anything applied moves the live clock and score (in-play offers make a match live). */
export function applyOffer(state: MatchState, offer: OfferInput): void {
  const { live } = state;
  if (live.lastMessageMs !== null && offer.feedMs < live.lastMessageMs) return;
  live.lastMessageMs = offer.feedMs;
  if (offer.prematch) return;
  live.matchTime = offer.matchTime;
  live.score = offer.score;
  if (live.status === 'PRE') live.status = 'LIVE';
}
