import { Type, type Static } from 'typebox';
import { Id, NamedRef, Nullable, Timestamp } from '../common';

/** Panels one wall shows at most (each holds a live watch). */
export const MAX_DISPLAY_MATCHES = 12;

/** Look of a wall: dark for a screen in a dim room, light for a bright office. */
export const DisplayTheme = Type.Enum(['dark', 'light']);
export type DisplayTheme = Static<typeof DisplayTheme>;

/**
 * What a wall shows: listed matches, or every live match of one league (panels come and go as
 * matches kick off and end), with one market charted per panel (null: each match's latest).
 */
export const DisplayConfig = Type.Object({
  match_ids: Type.Array(Id, { maxItems: MAX_DISPLAY_MATCHES, uniqueItems: true }),
  league_id: Nullable(Id),
  market_id: Nullable(Id),
  theme: DisplayTheme,
});
export type DisplayConfig = Static<typeof DisplayConfig>;

/**
 * A wall-mounted screen's own read-only credential: created by an operator from the wall screen,
 * revocable, never expiring by itself. Who created and who revoked it is kept with it.
 */
export const Display = Type.Object({
  id: Id,
  name: Type.String(),
  config: DisplayConfig,
  created_by: NamedRef,
  created_at: Timestamp,
  revoked_by: Nullable(NamedRef),
  revoked_at: Nullable(Timestamp),
  last_seen_at: Nullable(Timestamp),
});
export type Display = Static<typeof Display>;

/** Body of a display create: its name and what it shows (listed matches or a league, not neither). */
export const DisplayInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  ...DisplayConfig.properties,
});
export type DisplayInput = Static<typeof DisplayInput>;

/** The created display and its token, shown once: the wall's address carries it after '#'. */
export const DisplayCreated = Type.Object({
  display: Display,
  token: Type.String(),
  /** The wall's address on this console, e.g. `/wall#display=<token>`. */
  path: Type.String(),
});
export type DisplayCreated = Static<typeof DisplayCreated>;

/**
 * What a display token's session says about the display it belongs to; `league` names the league
 * it follows (absent when it follows none), so the wall can say what it shows.
 */
export const DisplaySession = Type.Object({ id: Id, name: Type.String(), config: DisplayConfig, league: Type.Optional(NamedRef) });
export type DisplaySession = Static<typeof DisplaySession>;

/** The fragment key of a wall address that carries a display token (never sent to any server). */
export const DISPLAY_FRAGMENT_KEY = 'display';
