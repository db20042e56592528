import type { FeedMessage } from '@odds/protocol';
import { decideOffer, type DecideOptions } from './decide';
import { applyEvent, applyOffer } from './live';
import type { MatchState } from './match-state';
import { normalizeEvent, normalizeOffer, type EventInput } from './normalize';
import type { Decisions } from './records';

export interface RunResult {
  events: EventInput[];
  /** Source ids applied by this run (not yet in `state.seen`). */
  fresh: Set<string>;
  duplicates: number;
  stale: number;
  /** Feed time of the kick-off when this run kicked the match off. */
  kickOffMs: number | null;
}

/**
 * Applies feed messages to a match's state in order: duplicates (source id seen) are skipped,
 * events move the live state, offers are decided (decide.ts). Ingest stores what this returns and
 * the decisions; a backtest only reads them. Throws a 400 for a message it cannot resolve.
 */
export function runMessages(state: MatchState, messages: readonly FeedMessage[], out: Decisions, options: DecideOptions): RunResult {
  const result: RunResult = { events: [], fresh: new Set(), duplicates: 0, stale: 0, kickOffMs: null };
  for (const [index, message] of messages.entries()) {
    if (state.seen.has(message.source_id) || result.fresh.has(message.source_id)) {
      result.duplicates += 1;
      continue;
    }
    result.fresh.add(message.source_id);
    if (message.type === 'event') {
      const event = { ...normalizeEvent(state, message, index, options.nowMs), arrival: state.nextArrival(options.nowMs) };
      const { applied, kickOff } = applyEvent(state, event);
      if (!applied) result.stale += 1;
      if (kickOff) result.kickOffMs = event.feedMs;
      result.events.push(event);
    } else {
      const offer = { ...normalizeOffer(state, message, index, options.nowMs), arrival: state.nextArrival(options.nowMs) };
      decideOffer(state, offer, out, options);
      if (out.offers.at(-1)!.stale) result.stale += 1;
      else applyOffer(state, offer);
    }
  }
  return result;
}
