import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../common';
import { League, Season } from './league';
import { MatchResult, MatchScore } from './match';

/** One row of a season table (SPEC §3 "Season table row"); scores are null until played. */
export const SeasonTableRow = Type.Object({
  match: Type.Object({ id: Id, day: Nullable(Type.Integer({ minimum: 0 })), date: Timestamp }),
  home: Type.String(),
  away: Type.String(),
  home_id: Id,
  away_id: Id,
  /** After regular time (90 minutes): what the season's outcomes count. */
  score: Nullable(MatchScore),
  ht_score: Nullable(MatchScore),
  /** The whole result (extra time, penalties), as a row shows it. */
  result: Nullable(MatchResult),
});
export type SeasonTableRow = Static<typeof SeasonTableRow>;

/** Reply of the league table calls: the league, the season shown (latest by default) and its rows. */
export const LeagueTableReply = Type.Object({
  league: League,
  season: Nullable(Season),
  table: Type.Array(SeasonTableRow),
});
export type LeagueTableReply = Static<typeof LeagueTableReply>;

/** Whose matches a table or stats view counts. */
export const HomeAway = Type.Enum(['home', 'away', 'all']);
export type HomeAway = Static<typeof HomeAway>;

/** The last-n selector (SPEC §9): 'Season' (all) or the last 1 to 39 matches. */
export const LAST_N_OPTIONS = [{ value: 0, label: 'Season' }, ...Array.from({ length: 39 }, (_, i) => ({ value: i + 1, label: `Last ${i + 1}` }))] as const;
