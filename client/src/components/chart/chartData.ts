import { CHART_MINUTES, fromThousandths, type Offer, type OfferPoint } from '@odds/protocol';

export interface Point {
  time: number;
  value: number;
}

export interface GoalMark {
  time: number;
  score: string;
}

/** Decimal odds of a thousandths value (2150 → 2.15). */
export const fromOdds = (odds: number) => fromThousandths(odds);

/** Chart x of an offer: its match minute m as time m × 60 (seconds of match clock); 0 before kick-off. */
export const offerTime = (offer: Pick<Offer, 'match_time' | 'prematch'>) => (offer.prematch || offer.match_time === null ? 0 : offer.match_time);

/** Axis label of a chart time: the match minute with a prime (45'). */
export const minuteLabel = (time: number) => `${Math.floor(time / 60)}'`;

/** Whitespace times that keep the axis from 0 to 100 minutes (SPEC §9), or to a later last minute (extra time), whatever the data. */
export const axisTimes = (lastMinute: number = CHART_MINUTES.max): number[] => {
  const times: number[] = [];
  for (let m = CHART_MINUTES.min; m <= Math.max(CHART_MINUTES.max, lastMinute); m += 1) times.push(m * 60);
  return times;
};

/** Outcome keys of a market's offers in first-seen order: one chart line and table column each. */
export function outcomeKeys(offers: readonly Pick<Offer, 'outcome_map'>[]): string[] {
  const keys = new Set<string>();
  for (const offer of offers) for (const key of Object.keys(offer.outcome_map)) keys.add(key);
  return [...keys];
}

/**
 * One line per outcome, in time order with one point per time (the newest offer at a time wins,
 * as series.update would leave it). Offers must be oldest first.
 */
export function outcomeSeries(offers: readonly OfferPoint[], keys: readonly string[]): Record<string, Point[]> {
  const lines: Record<string, Point[]> = Object.fromEntries(keys.map((key) => [key, []]));
  const ordered = [...offers].sort((a, b) => offerTime(a) - offerTime(b) || a.id - b.id);
  for (const offer of ordered) {
    const time = offerTime(offer);
    for (const key of keys) {
      const odds = offer.outcome_map[key];
      if (odds === undefined) continue;
      const line = lines[key]!;
      const point = { time, value: fromThousandths(odds) };
      if (line.length && line[line.length - 1]!.time === time) line[line.length - 1] = point;
      else line.push(point);
    }
  }
  return lines;
}

/** Goals: where the score of an offer differs from the one before it (oldest first). */
export function goalMarks(offers: readonly Pick<Offer, 'score' | 'match_time' | 'prematch'>[]): GoalMark[] {
  const marks: GoalMark[] = [];
  let previous: string | null = null;
  for (const offer of offers) {
    if (offer.score === 'PRE') continue;
    if (previous !== null && offer.score !== previous) marks.push({ time: offerTime(offer), score: offer.score });
    previous = offer.score;
  }
  return marks;
}

/**
 * The offers' goals and the feed's goals no offer carries (a score the offers never showed: extra
 * time, after the markets settled), in time order. A score is made once in a match, so it names a goal.
 */
export function withFeedGoals(offerGoals: readonly GoalMark[], feedGoals: readonly GoalMark[]): GoalMark[] {
  const shown = new Set(offerGoals.map((goal) => goal.score));
  return [...offerGoals, ...feedGoals.filter((goal) => !shown.has(goal.score))].sort((a, b) => a.time - b.time);
}

/**
 * What the chart draws of a market: the outline points (older offers, SNAPSHOT_LIMITS) the rows do
 * not hold, and the rows; oldest (lowest id) first.
 */
export function withOutline(rows: readonly OfferPoint[], outline: readonly OfferPoint[], marketId: number | null): OfferPoint[] {
  if (!outline.length) return [...rows].sort((a, b) => a.id - b.id);
  const held = new Set(rows.map((row) => row.id));
  const oldest = rows.reduce((min, row) => Math.min(min, row.id), Infinity);
  const older = outline.filter((point) => point.market_id === marketId && point.id < oldest && !held.has(point.id));
  return [...older, ...rows].sort((a, b) => a.id - b.id);
}
