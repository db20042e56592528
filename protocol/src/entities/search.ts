import { Type, type Static } from 'typebox';
import { Id, Timestamp } from '../common';

export const SearchType = Type.Enum(['leagues', 'teams']);
export type SearchType = Static<typeof SearchType>;

/** One hit of the global search and of the match/team connect searches: 'title (provider names)'. */
export const SearchResult = Type.Object({
  id: Id,
  title: Type.String(),
  providers: Type.Array(Type.String()),
  /** Kick-off of a match hit, so two fixtures of the same teams can be told apart. */
  start: Type.Optional(Timestamp),
});
export type SearchResult = Static<typeof SearchResult>;

/** Default number of search hits (SPEC §9). */
export const SEARCH_DEFAULT_LIMIT = 10;
