import { formatScore, parseScoreNode } from '@odds/protocol';

/** Panels a wall shows at most (each holds a live watch). */
export const MAX_WALL_MATCHES = 12;
/** Records a panel keeps per live topic: a day of offers would otherwise grow without bound. */
export const WALL_MAX_ROWS = 600;
/** Offers listed under a panel's chart. */
export const WALL_LAST_OFFERS = 5;

/** `/wall?matches=12,15,18&market=1`: the match ids (unique, valid, capped) and the market id. */
export function readWallParams(search: URLSearchParams): { matchIds: number[]; marketId: number | null } {
  const ids = (search.get('matches') ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  const market = Number(search.get('market'));
  return { matchIds: [...new Set(ids)].slice(0, MAX_WALL_MATCHES), marketId: Number.isInteger(market) && market > 0 ? market : null };
}

/** 'H2-A1' as '2–1' (protocol's formatScore); before kick-off 'PRE' as '0–0'. */
export function scoreText(node: string | undefined): string {
  return formatScore((node ? parseScoreNode(node) : null) ?? { home: 0, away: 0 });
}
