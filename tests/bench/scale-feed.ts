import { type FeedMessage, MATCH_CLOCK_MAX_S } from '@odds/protocol';

/** The scale bench's feeds: a kick-off per match, then runs of Match Result offers, each after a warm-up. */
const DAY = 86_400_000;
/** A match's warm-up: its kick-off (the workers load the match's state on it). */
export function kickOffOf(matchId: number): FeedMessage {
  return {
    type: 'event',
    source_id: 'ko',
    sent_at: new Date(Date.parse('2031-07-01T18:00:00Z') + matchId * DAY).toISOString(),
    kind: 'period_start',
    period: 1,
    match_time: 0,
  } as FeedMessage;
}

/** Where run 1 begins in match time (minute 90, past the fixture's last minute for sends, 85). */
const FIRST_RUN_AT = 5_400;

/**
 * Match seconds between the starts of two runs, for `runs` runs after run 0: 5,400 while they fit
 * under the feed's largest match time, less for more (each run's feed then spans the spacing less 1,000 s, so its
 * warm-up, 600 s before it, follows the previous run's last offer).
 */
export const runSpacingOf = (runs: number) => Math.min(5_400, Math.floor((MATCH_CLOCK_MAX_S - FIRST_RUN_AT) / Math.max(1, runs)));

/** A run's match time `clock` feed seconds in: run 0 from kick-off, run n ≥ 1 from FIRST_RUN_AT + (n - 1) spacings. */
function matchTimeOf(run: number, clock: number, spacing: number): number {
  if (run === 0) return clock;
  return FIRST_RUN_AT + (run - 1) * spacing + Math.floor((clock * (spacing - 1_000)) / 5_400);
}

/**
 * A match's feed for one run (`run` names its source ids and moves its clock on): `offers` offers
 * of Match Result with home odds wandering around 2.50; runs `spacing` match seconds apart.
 */
export function feedOf(matchId: number, run: number, offers: number, spacing: number): FeedMessage[] {
  const base = Date.parse('2031-07-01T18:00:00Z') + matchId * DAY + run * 2 * 3_600_000;
  let home = 2400;
  const out: FeedMessage[] = [];
  for (let i = 1; i <= offers; i += 1) {
    home = Math.max(1500, Math.min(3500, home + ((i * 7919) % 200) - 100));
    const clock = Math.floor((i * 5400) / offers);
    out.push({
      type: 'offer',
      source_id: `r${run}-${i}`,
      sent_at: new Date(base + clock * 1000).toISOString(),
      market: { type_id: 1, line: null },
      outcomes: [
        { label: '1', line: null, odds: home },
        { label: 'X', line: null, odds: 3300 },
        { label: '2', line: null, odds: 3000 },
      ],
      match_time: matchTimeOf(run, clock, spacing),
      prematch: false,
      score: 'H0-A0',
    } as FeedMessage);
  }
  return out;
}

/** Offers per match each worker handles before it is measured: the offer path compiled and optimised, as in a worker that has run a while. */
const WARM_OFFERS = 300;

/** How many warm-up offers a match of `offers` offers gets (WARM_OFFERS, or all of a shorter feed). */
export const warmOffersOf = (offers: number) => Math.min(WARM_OFFERS, offers);

/** The warm-up offers of a run: in the ten minutes before its feed (source ids `w<run>-<i>`, left out of the run's counts). */
export function warmUpOf(matchId: number, run: number, offers: number, spacing: number): FeedMessage[] {
  const start = Date.parse('2031-07-01T18:00:00Z') + matchId * DAY + run * 2 * 3_600_000 - 600_000;
  return feedOf(matchId, run, offers, spacing)
    .slice(0, warmOffersOf(offers))
    .map(
      (offer, i) =>
        ({
          ...offer,
          source_id: `w${run}-${i + 1}`,
          sent_at: new Date(start + (i + 1) * 1000).toISOString(),
          match_time: matchTimeOf(run, 0, spacing) - 600 + i + 1,
        }) as FeedMessage,
    );
}
