import { MARKET_TYPE_IDS_BY_EVALUATOR, scoreNodeName, type MarketEvaluator } from '@odds/protocol';

/**
 * The market types the services know, and how a played match settles each one from its real
 * result. Ids 1 to 35 are SPEC §9's football ids (evaluator from protocol's table); other sports
 * use {sport}{two digits} ids mirroring football's (201 is ice hockey's match result), because a
 * type id is one number across sports. Stats (tables, apex, named queries) are computed from these
 * settlements, never stored.
 */

type Settlement =
  /** Winner, or draw. */
  | 'result'
  /** Winner; a draw settles nothing (stake returned). */
  | 'result_no_draw'
  /** Goals (points, sets) against the line: over or under; exactly the line settles nothing. */
  | 'total'
  /** Both sides scored: yes or no. */
  | 'btts'
  /** Home score plus the line against the away score: home, away, or draw where the type has one. */
  | 'handicap'
  /** The exact score H{x}-A{y}, or 'other' beyond the listed scores. */
  | 'correct_score';

export interface MarketTypeDef {
  id: number;
  sportId: number;
  name: string;
  outcomes: string[];
  evaluator: MarketEvaluator;
  settlement: Settlement;
  /** Settled on the half-time score rather than the final one. */
  halfTime?: boolean;
}

const RESULT = ['home', 'draw', 'away'];
const WINNER = ['home', 'away'];
const TOTAL = ['over', 'under'];
const YES_NO = ['yes', 'no'];
const grid = (max: number) => Array.from({ length: (max + 1) ** 2 }, (_, i) => scoreNodeName({ home: Math.floor(i / (max + 1)), away: i % (max + 1) }));

/** Evaluator of a SPEC §9 id, else the one given (types of the other sports). */
function evaluatorOf(id: number, fallback: MarketEvaluator): MarketEvaluator {
  for (const [evaluator, ids] of Object.entries(MARKET_TYPE_IDS_BY_EVALUATOR)) {
    if ((ids as readonly number[]).includes(id)) return evaluator as MarketEvaluator;
  }
  return fallback;
}

const type = (
  id: number,
  sportId: number,
  name: string,
  outcomes: string[],
  settlement: Settlement,
  fallback: MarketEvaluator,
  halfTime = false,
): MarketTypeDef => ({ id, sportId, name, outcomes, evaluator: evaluatorOf(id, fallback), settlement, ...(halfTime && { halfTime }) });

export const MARKET_TYPES: MarketTypeDef[] = [
  type(1, 1, 'Match Result', RESULT, 'result', 'win_draw'),
  type(2, 1, 'Total Goals Over/Under', TOTAL, 'total', 'over_under'),
  type(3, 1, 'Correct Score', [...grid(4), 'other'], 'correct_score', 'special'),
  type(7, 1, 'Half-time Result', RESULT, 'result', 'win_draw', true),
  type(8, 1, 'First Half Total Goals', TOTAL, 'total', 'over_under', true),
  type(10, 1, 'Both Teams to Score', YES_NO, 'btts', 'yes_no'),
  type(11, 1, 'Both Teams to Score in the First Half', YES_NO, 'btts', 'yes_no', true),
  type(12, 1, 'Draw No Bet', WINNER, 'result_no_draw', 'win_draw'),
  type(14, 1, 'Handicap', RESULT, 'handicap', 'special'),
  type(201, 2, 'Match Result (regulation time)', RESULT, 'result', 'win_draw'),
  type(202, 2, 'Total Goals Over/Under', TOTAL, 'total', 'over_under'),
  type(212, 2, 'Money Line (incl. overtime)', WINNER, 'result_no_draw', 'win_draw'),
  type(214, 2, 'Puck Line', WINNER, 'handicap', 'special'),
  type(301, 3, 'Match Winner', WINNER, 'result_no_draw', 'win_draw'),
  type(302, 3, 'Total Sets Over/Under', TOTAL, 'total', 'over_under'),
  type(303, 3, 'Set Betting', ['H2-A0', 'H2-A1', 'H1-A2', 'H0-A2'], 'correct_score', 'special'),
  type(401, 4, 'Money Line', WINNER, 'result_no_draw', 'win_draw'),
  type(402, 4, 'Total Points Over/Under', TOTAL, 'total', 'over_under'),
  type(414, 4, 'Point Spread', WINNER, 'handicap', 'special'),
];

export const marketTypeDef = (typeId: number): MarketTypeDef | undefined => MARKET_TYPES.find((t) => t.id === typeId);

export interface PlayedScore {
  home: number | null;
  away: number | null;
  htHome: number | null;
  htAway: number | null;
}

/**
 * The outcome key a played match settles a market on, or null when the match is not played (or
 * the half-time score is unknown for a half-time type) or the market settles nothing (a draw in
 * draw no bet, a total or handicap exactly on the line). Lines are in thousandths.
 */
export function settle(def: MarketTypeDef, line: number | null, score: PlayedScore): string | null {
  const home = def.halfTime ? score.htHome : score.home;
  const away = def.halfTime ? score.htAway : score.away;
  if (home === null || away === null) return null;
  const sign = (n: number) => (n > 0 ? 'home' : n < 0 ? 'away' : 'draw');
  switch (def.settlement) {
    case 'result':
      return sign(home - away);
    case 'result_no_draw':
      return home === away ? null : sign(home - away);
    case 'total': {
      const total = (home + away) * 1000;
      const at = line ?? 0;
      return total > at ? 'over' : total < at ? 'under' : null;
    }
    case 'btts':
      return home > 0 && away > 0 ? 'yes' : 'no';
    case 'handicap': {
      const outcome = sign(home * 1000 + (line ?? 0) - away * 1000);
      return def.outcomes.includes(outcome) ? outcome : null;
    }
    case 'correct_score': {
      const node = scoreNodeName({ home, away });
      return def.outcomes.includes(node) ? node : def.outcomes.includes('other') ? 'other' : null;
    }
  }
}
