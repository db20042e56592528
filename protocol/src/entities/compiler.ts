import { Type, type Static } from 'typebox';
import { BoundedString, DB_INT_MAX, Id, Nullable, Odds } from '../common';
import { ContentType, SelectionBehaviour, Side, SideContext } from './content';
import { LanguageCodeInput } from './language';
import { OddsOutcome } from './offer';

/** One outcome of a simulated offer: decimal odds as typed and the same odds ×1000 (SPEC §5). */
export const ContentOfferOutcome = Type.Object({
  operator_id: Type.Union([Type.String({ maxLength: 64 }), Type.Integer({ minimum: -DB_INT_MAX, maximum: DB_INT_MAX })]),
  label: BoundedString(64, 1),
  oddsDecimal: Type.Number({ minimum: 1, maximum: 1000 }),
  odds: Odds,
});
export type ContentOfferOutcome = Static<typeof ContentOfferOutcome>;

/** Default minutes of a simulated offer (SPEC §9: 10 minutes, no outcomes). */
export const CONTENT_OFFER_DEFAULT_MINUTES = 10;

/** A simulated offer the playground and stats 2 compile content against. */
export const ContentOffer = Type.Object({
  minutes: Type.Integer({ minimum: 0, maximum: 200, default: CONTENT_OFFER_DEFAULT_MINUTES }),
  outcomes: Type.Array(ContentOfferOutcome, { maxItems: 100 }),
});
export type ContentOffer = Static<typeof ContentOffer>;

/** Ad-hoc content to compile; an empty list compiles the market's stored templates instead. */
export const ContentElement = Type.Object({ content_type: ContentType, content: BoundedString(4000, 1) });
export type ContentElement = Static<typeof ContentElement>;

/** Body of `POST content/compiler` (SPEC §7). */
export const CompilerRequest = Type.Object({
  home_id: Id,
  away_id: Id,
  league_id: Id,
  market_id: Id,
  behaviour: SelectionBehaviour,
  side: Side,
  /** The outcome key to promote (e.g. the apex outcome); absent lets `behaviour` choose. */
  principal: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  content_elements: Type.Array(ContentElement, { maxItems: 50 }),
  offer: ContentOffer,
  /** Language of the stored templates compiled when content_elements is empty; default en where the provider offers it. */
  language: Type.Optional(LanguageCodeInput),
});
export type CompilerRequest = Static<typeof CompilerRequest>;

/** Content with its query tags filled in. */
export const CompiledContent = Type.Object({
  content_type: ContentType,
  content: Type.String(),
  link_target: Nullable(Type.String()),
  /** The stored content item it came from; null for ad-hoc elements. */
  content_id: Nullable(Id),
});
export type CompiledContent = Static<typeof CompiledContent>;

/** Reply of the compilers (SPEC §7 "-> results, odds"). */
export const CompilerReply = Type.Object({ results: Type.Array(CompiledContent), odds: Type.Array(OddsOutcome) });
export type CompilerReply = Static<typeof CompilerReply>;

/** Body of the content options generator (playground): the situation to write content for. */
export const ContentOptionsRequest = Type.Object({
  home_id: Id,
  away_id: Id,
  league_id: Id,
  market_id: Id,
  side: Side,
  behaviour: Type.Optional(SelectionBehaviour),
  offer: Type.Optional(ContentOffer),
});
export type ContentOptionsRequest = Static<typeof ContentOptionsRequest>;

/** Body of `POST content/parse` (SPEC §7): fill the query tags of text for a match, from a side. */
export const ContentParseRequest = Type.Object({
  content: BoundedString(4000, 1),
  match_id: Id,
  context: Type.Optional(SideContext),
});
export type ContentParseRequest = Static<typeof ContentParseRequest>;

export const ContentParseReply = Type.Object({
  content: Type.String(),
  /** Tags the text uses that could not be filled (unknown key, or no data). */
  unresolved: Type.Array(Type.String()),
});
export type ContentParseReply = Static<typeof ContentParseReply>;
