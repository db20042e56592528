import { Type, type Static } from 'typebox';
import { BoundedString, DateString, Id, Nullable, Timestamp } from '../common';
import { VersionField } from './audit';
import { LanguageCodeInput } from './language';
import { MarketEvaluator } from './market';

/**
 * What an admin types to make or change the catalog by hand (docs/catalog.md "Made by hand"): for
 * providers without a vendor feed. Names are trimmed by the service (blank is a 400). On a synced
 * row the vendor's fields (names, kick-off, a match's teams and league) are locked: a change of
 * one is a 400 naming it, the rest saves.
 */
// Blank (or only spaces) reaches the service, which names the field: 'The team name is required.'
const Name = BoundedString(100);

export const ProviderInput = Type.Object({
  name: Name,
  /** The languages its content is written in (meta.languages); checked against the product's (SPEC §8 message). */
  languages: Type.Array(LanguageCodeInput, { minItems: 1, maxItems: 20 }),
  /** The sports it offers (ids of GET sports). */
  sport_ids: Type.Array(Id, { minItems: 1, maxItems: 20 }),
  active: Type.Optional(Type.Boolean()),
  ...VersionField,
});
export type ProviderInput = Static<typeof ProviderInput>;

const LeagueFields = {
  name: Name,
  /** Where it sits, e.g. "Europe / England"; defaults to the name. */
  path: Type.Optional(BoundedString(200)),
  /** Its id across providers (league_unique_id); defaults to one made from the name. */
  unique_id: Type.Optional(BoundedString(100)),
};

export const LeagueCreateInput = Type.Object({ provider_id: Id, sport_id: Id, ...LeagueFields });
export type LeagueCreateInput = Static<typeof LeagueCreateInput>;

export const LeagueUpdateInput = Type.Object({ ...LeagueFields, ...VersionField });
export type LeagueUpdateInput = Static<typeof LeagueUpdateInput>;

export const SeasonInput = Type.Object({
  name: BoundedString(50),
  starts_on: Type.Optional(Nullable(DateString)),
  ends_on: Type.Optional(Nullable(DateString)),
  ...VersionField,
});
export type SeasonInput = Static<typeof SeasonInput>;

const TeamFields = { name: Name, short_name: Type.Optional(Nullable(BoundedString(64))) };

export const TeamCreateInput = Type.Object({ provider_id: Id, sport_id: Id, ...TeamFields });
export type TeamCreateInput = Static<typeof TeamCreateInput>;

export const TeamUpdateInput = Type.Object({ ...TeamFields, ...VersionField });
export type TeamUpdateInput = Static<typeof TeamUpdateInput>;

/** A match of a league (its provider and sport are the league's); the teams must be the league's provider's and sport's. */
export const MatchInput = Type.Object({
  league_id: Id,
  season_id: Type.Optional(Nullable(Id)),
  home_team_id: Id,
  away_team_id: Id,
  start: Timestamp,
  /** The event it is (matches of providers with the same event id are one); made up when absent on create. */
  event_id: Type.Optional(BoundedString(100, 1)),
  ...VersionField,
});
export type MatchInput = Static<typeof MatchInput>;

const MarketTypeFields = {
  sport_id: Id,
  name: Name,
  /** Outcome keys (home, draw, away; over, under), each once. */
  outcomes: Type.Array(Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9_]+$' }), { minItems: 1, maxItems: 50, uniqueItems: true }),
  evaluator: Nullable(MarketEvaluator),
};

/** Market type ids are the spec's (§9), so the admin names the id of a new one. */
export const MarketTypeCreateInput = Type.Object({ id: Id, ...MarketTypeFields });
export type MarketTypeCreateInput = Static<typeof MarketTypeCreateInput>;

export const MarketTypeUpdateInput = Type.Object({ ...MarketTypeFields, ...VersionField });
export type MarketTypeUpdateInput = Static<typeof MarketTypeUpdateInput>;

/** A market type with its sport, as the catalog screen lists it. */
export const CatalogMarketType = Type.Object({
  id: Id,
  version: Type.Integer(),
  sport_id: Id,
  name: Type.String(),
  outcomes: Type.Array(Type.String()),
  evaluator: Nullable(MarketEvaluator),
});
export type CatalogMarketType = Static<typeof CatalogMarketType>;

/** A season's fixtures as CSV: one line a match (date, time, time zone, home, away, league); a header line is allowed. */
export const FixtureImportInput = Type.Object({
  csv: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  /** True: say what would happen, write nothing. */
  dry_run: Type.Boolean(),
});
export type FixtureImportInput = Static<typeof FixtureImportInput>;

/** A team a line names: found (its id) or to be created (null id). */
const LineTeam = Type.Object({ name: Type.String(), team_id: Nullable(Id) });

/** What one line of the file does: creates a match, matches an existing one, or is refused (and why). */
export const FixtureLine = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  outcome: Type.Union([Type.Literal('create'), Type.Literal('match'), Type.Literal('refuse')]),
  reason: Nullable(Type.String()),
  start: Nullable(Timestamp),
  home: Nullable(LineTeam),
  away: Nullable(LineTeam),
  /** The existing match (outcome match), or the new one once imported. */
  match_id: Nullable(Id),
});
export type FixtureLine = Static<typeof FixtureLine>;

export const FixtureImportReply = Type.Object({
  dry_run: Type.Boolean(),
  lines: Type.Array(FixtureLine),
  /** What was (or, in a dry run, would be) created. */
  created: Type.Object({ matches: Type.Integer({ minimum: 0 }), teams: Type.Integer({ minimum: 0 }) }),
  matched: Type.Integer({ minimum: 0 }),
  refused: Type.Integer({ minimum: 0 }),
});
export type FixtureImportReply = Static<typeof FixtureImportReply>;
