/**
 * Sportradar UOF's market descriptions as the console shows them (the Markets screen's UOF market
 * mapping): the vendor's name of each market and outcome, its specifiers, the groups a `bet_stop`
 * names, and the outcomes of a variant market (`variant=sr:exact_goals:5+`, outcome ids such as
 * `sr:exact_goals:5+:1338`). Read from the vendor's API and cached by the upstream (docs/feeds-uof.md).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './common';

export const UofOutcomeName = Type.Object({ id: Type.String(), name: Type.String() });
export type UofOutcomeName = Static<typeof UofOutcomeName>;

export const UofMarketDescription = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  /** The vendor's template, e.g. `Handicap {hcp}` or `{$competitor1} exact goals`. */
  name: Type.String(),
  groups: Type.Array(Type.String()),
  specifiers: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  /** Empty for a variant market: its outcomes are those of a variant. */
  outcomes: Type.Array(UofOutcomeName),
  /** The variants the vendor names for the market (`sr:exact_goals:5+`); empty for other markets. */
  variants: Type.Array(Type.String()),
});
export type UofMarketDescription = Static<typeof UofMarketDescription>;

/** Whether the vendor's names could be read, and why not (shown on the screen, which then works with ids only). */
const Availability = {
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
};

export const UofMarketDescriptionList = Type.Object({ ...Availability, results: Type.Array(UofMarketDescription) });
export type UofMarketDescriptionList = Static<typeof UofMarketDescriptionList>;

/** A UOF variant as a path parameter: `sr:exact_goals:5+`, `pre:markettext:168883`. */
export const UofVariantId = Type.String({ pattern: '^[A-Za-z0-9:_+.-]{1,80}$', maxLength: 80 });

export const UofVariantOutcomes = Type.Object({
  ...Availability,
  market_id: Type.Integer({ minimum: 1 }),
  variant: Type.String(),
  outcomes: Type.Array(UofOutcomeName),
});
export type UofVariantOutcomes = Static<typeof UofVariantOutcomes>;
