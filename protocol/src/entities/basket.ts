import { Type, type Static } from 'typebox';
import { Id } from '../common';

/** One piece of match content picked from a Preview tab (SPEC §2 Basket popup). */
export const BasketItem = Type.Object({
  match_content_id: Id,
  match_id: Id,
  /** What the popup shows for it (market, language, channel), kept so the popup needs no lookups. */
  label: Type.String({ maxLength: 200 }),
  /** Mirror of the match content's hold flag (SPEC §4 Hold/Send), which the match content save persists. */
  hold: Type.Boolean(),
});
export type BasketItem = Static<typeof BasketItem>;

/**
 * An operator's basket: the items and how many of them are 'Required to trigger' (SPEC §5:
 * defaults to, and is capped at, the number of items).
 */
export const Basket = Type.Object({
  items: Type.Array(BasketItem, { maxItems: 100 }),
  required: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type Basket = Static<typeof Basket>;
