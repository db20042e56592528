import type { MatchInfo } from './match-state';
import type { Decisions } from './records';
import type { DispatchJob } from './sends';
import type { Stored } from './store';

/**
 * What a committed batch hands the senders: one job per stored delivery that goes out on a channel
 * (a recorded or unconfigured route is only written). `stored` lists the batch's ids in the order
 * it wrote them: deliveries of offers it stored (an offer another process stored first is null).
 */
export function dispatchJobs(match: MatchInfo, decisions: Decisions, stored: Stored, nowMs: number): DispatchJob[] {
  const jobs: DispatchJob[] = [];
  decisions.deliveries
    .filter((d) => stored.offerIds[d.offer] !== null)
    .forEach((d, i) => {
      if (d.route.kind === 'record' || d.route.kind === 'unconfigured') return;
      const offer = decisions.offers[d.offer]!;
      const deliveryId = stored.deliveryIds[i]!;
      jobs.push({
        deliveryId,
        matchId: match.id,
        route: d.route,
        log: d.log,
        providerId: match.providerId,
        contactId: d.contact.id,
        marketId: offer.market.id,
        language: d.language,
        createdMs: nowMs,
        payload: {
          delivery_id: deliveryId,
          match: { id: match.id, name: match.name },
          market: { id: offer.market.id, name: offer.market.name },
          contact: { id: d.contact.id, name: d.contact.name },
          channel_id: d.contact.channelId,
          language: d.language,
          log: d.log,
          offer: { id: stored.offerIds[d.offer], score: offer.score, match_time: offer.matchTime, odds: offer.outcomeMap },
        },
      });
    });
  return jobs;
}
