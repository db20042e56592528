import type { Match, Offer } from '@odds/protocol';
import { useMemo } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { MatchLive } from '../../live/matchLive';
import type { TopicBuffer } from '../../live/topicBuffer';
import { playingMinute, shownScore, type MatchPhase } from '../../components/match/matchPhase';
import { useMatchPhase } from '../../components/match/useMatchPhase';

const IDLE = proxy({ version: 0, feedVersion: 0 });

/** The newest offer held (highest id) in one pass: the page may hold a whole match's offers. */
function newestOffer(buffer: TopicBuffer<Offer>): Offer | undefined {
  let newest: Offer | undefined;
  for (const offer of buffer.rows.values()) if (!newest || offer.id > newest.id) newest = offer;
  return newest;
}

export interface MatchScoreView {
  phase: MatchPhase;
  /** '2–1': the newest offer's score in regular time, the feed's result from extra time on and after. */
  score: string;
  /** 'a.e.t., 4–2 pens', 'extra time', or ''. */
  qualifier: string;
}

/**
 * The match's score and minute for its page header, from the live store (the newest offer pushed
 * over the socket) and the match's live state (read again as offers stream, as a wall panel does):
 * the same phase and the same words as the wall.
 */
export function useMatchScore(matchId: number, match: Match | null, live: MatchLive | null): MatchScoreView {
  const { version, feedVersion } = useSnapshot(live?.state ?? IDLE);
  const latest = useMemo(() => (live ? newestOffer(live.state.topics.offers) : undefined), [live, version]);
  const clock = latest && !latest.prematch ? latest.match_time : null;
  // Only the feed moving makes the live state worth reading again (not a threshold or content edit).
  const read = useMatchPhase(matchId, match, feedVersion, clock);
  // An in-play offer pushed before the live state was read (or changed) says the match is on.
  const phase: MatchPhase =
    read.kind === 'prematch' && clock !== null ? { kind: 'live', label: 'Live', detail: `${playingMinute(clock)}′`, result: null } : read;
  return { phase, ...shownScore(phase, latest?.score) };
}
