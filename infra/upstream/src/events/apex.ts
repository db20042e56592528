import { eq } from 'drizzle-orm';
import type { ApexReply, Side } from '@odds/protocol';
import type { Db } from '../db/client';
import { markets, teams } from '../db/schema';
import { leagueOfSport } from './league-table';
import { Errors } from '../errors';
import { marketTypeDef, settle, type MarketTypeDef } from './outcomes';
import { results, type ResultRow } from './results';

export interface MarketRecord {
  id: number;
  name: string;
  line: number | null;
  def: MarketTypeDef;
}

/** A market of the league's provider and sport, with the definition that settles it. */
export async function settlingMarket(db: Db, marketId: number, providerId: number, sportId: number): Promise<MarketRecord> {
  const [market] = await db.select().from(markets).where(eq(markets.id, marketId));
  if (!market) throw new Errors.NotFound('Market', marketId);
  if (market.providerId !== providerId || market.sportId !== sportId) {
    throw new Errors.BadRequest(`Market ${marketId} (${market.name}) is not a market of this league's provider and sport.`);
  }
  const def = marketTypeDef(market.typeId);
  if (!def) throw new Errors.BadRequest(`Market ${marketId} (${market.name}) cannot be settled from results.`);
  return { id: market.id, name: market.name, line: market.line, def };
}

/** Outcome keys of a comma-separated list, each checked against the market's type. */
export function outcomeList(text: string | undefined, market: MarketRecord): string[] {
  const keys = (text ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = keys.filter((k) => !market.def.outcomes.includes(k));
  if (unknown.length) throw new Errors.BadRequest(`Unknown outcome '${unknown[0]}' for ${market.name}; use ${market.def.outcomes.join(', ')}.`);
  return keys.length ? keys : market.def.outcomes;
}

/** How often each outcome settled over the matches; matches the market settles nothing on are not counted. */
export function outcomeCounts(rows: ResultRow[], market: MarketRecord): { counts: Map<string, number>; settled: number } {
  const counts = new Map(market.def.outcomes.map((o) => [o, 0]));
  let settled = 0;
  for (const row of rows) {
    const outcome = settle(market.def, market.line, { home: row.homeScore, away: row.awayScore, htHome: row.htHome, htAway: row.htAway });
    if (outcome === null) continue;
    settled += 1;
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return { counts, settled };
}

/**
 * Counts as whole percentages of `total` that add up to 100 (largest remainder: each is rounded
 * down, and the points left go to the largest fractions, ties to the earlier outcome). Rounding
 * each alone gave 33 + 33 + 33 or 50 + 17 + 34: the sides of stats 2 did not sum alike.
 */
export function wholePercents(counts: readonly number[], total: number): number[] {
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, f) => sum + f, 0);
  const order = exact.map((e, i) => ({ i, rest: e - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/**
 * The apex outcome of a team (stats 2): over the team's played matches in the league (every
 * season) on the given side, the market outcome that settled most often, and how often as a whole
 * percentage of the matches the market settled on. `outcome` (comma-separated keys) limits the
 * candidates, e.g. 'home,away' to ignore draws; ties go to the type's first-listed outcome. No
 * settled match gives null for both.
 */
export async function apex(
  db: Db,
  request: { sportId: number; leagueId: number; teamId: number; side: Side; outcome?: string; marketId: number },
): Promise<ApexReply> {
  const { providerId } = await leagueOfSport(db, request.leagueId, request.sportId);
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, request.teamId));
  if (!team) throw new Errors.NotFound('Team', request.teamId);
  const market = await settlingMarket(db, request.marketId, providerId, request.sportId);
  const candidates = outcomeList(request.outcome, market);
  const rows = await results(db, { leagueId: request.leagueId, teamId: request.teamId, side: request.side, playedOnly: true });
  const { counts, settled } = outcomeCounts(rows, market);
  let best: string | null = null;
  for (const key of candidates) if ((counts.get(key) ?? 0) > 0 && (best === null || counts.get(key)! > counts.get(best)!)) best = key;
  if (best === null || settled === 0) return { result: { apex: null, ratio: null } };
  // Its share as the ratios list would show it (the same whole percentages, adding up to 100).
  const percents = wholePercents(
    market.def.outcomes.map((o) => counts.get(o) ?? 0),
    settled,
  );
  return { result: { apex: best, ratio: percents[market.def.outcomes.indexOf(best)] ?? 0 } };
}
