import { formatGameClock, routes, type Match, type Offer } from '@odds/protocol';
import { useMemo } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useApiQuery } from '../../api/queries';
import { connectionLevel, newestUpdate } from '../../live/connection';
import { rowsOf } from '../../live/topicBuffer';
import { useMatchLive } from '../../live/useMatchLive';
import { withOutline } from '../../components/chart/chartData';
import { matchDate, shownScore } from '../../components/match/matchPhase';
import { useMatchPhase } from '../../components/match/useMatchPhase';
import { scoreText, WALL_LAST_OFFERS, WALL_MAX_ROWS } from './wallParams';
import { useTicker, wallUpdateText } from './wallUpdate';

const IDLE = proxy({ version: 0, feedVersion: 0, socket: 'connecting' as const, upstream: null, lastUpdateAt: null, lastSuccessAt: null });

/**
 * One wall panel's data: the match (read once, through the query cache), its live watch with bounded buffers, and from the
 * offers: the score and clock now, the chosen market's offers (oldest first) and the last few.
 */
export function useWallPanel(matchId: number, marketId: number | null, lastOffers = WALL_LAST_OFFERS) {
  const live = useMatchLive(matchId, WALL_MAX_ROWS);
  const state = useSnapshot(live?.state ?? IDLE);
  const match: Match | null = useApiQuery(routes.match, { params: { matchId }, silent: true }).data ?? null;

  const derived = useMemo(() => {
    const all = live ? rowsOf(live.state.topics.offers) : [];
    const latest = all[0];
    const market = marketId ?? latest?.market_id ?? null;
    const offers: Offer[] = all.filter((offer) => offer.market_id === market);
    return {
      market,
      marketName: offers[0]?.market.name ?? '',
      offerScore: latest?.score,
      score: scoreText(latest?.score),
      clock: latest ? formatGameClock(latest.match_time, latest.prematch) : 'PREMATCH',
      latestClock: latest && !latest.prematch ? latest.match_time : null,
      // The chart draws the whole match: the snapshot's outline of older offers, then the rows.
      ascending: withOutline(offers, live?.state.topics.offers.outline ?? [], market),
      lastOffers: offers.slice(0, lastOffers),
      offerCount: all.length,
    };
    // version stands for the offers' content.
  }, [live, marketId, state.version, lastOffers]);

  const phase = useMatchPhase(matchId, match, state.feedVersion, derived.latestClock);
  const now = useTicker(15_000);
  return {
    match,
    phase,
    date: match ? matchDate(match.start) : '',
    level: connectionLevel(state),
    updated: wallUpdateText({ kind: phase.kind, kickoff: match?.start ?? null, offers: derived.offerCount, lastUpdateAt: newestUpdate(state), now }),
    ...derived,
    // A finished match shows its whole result (extra time, penalties), also one played with no feed.
    ...shownScore(phase, derived.offerScore),
  };
}
