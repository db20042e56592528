import { DEFAULT_CHANNEL_ID } from './entities/channel';
import { DEFAULT_LANGUAGE } from './entities/language';
import { DEFAULT_PROVIDER_ID, DEFAULT_SPORT_ID } from './entities/provider';

/**
 * Business constants and limits of SPEC §9 that are not tied to one entity (those live beside
 * their entity: languages, channels, contact defaults, search limit...).
 */

/** The console's choices when nothing was chosen yet. */
export const DEFAULTS = {
  providerId: DEFAULT_PROVIDER_ID,
  sportId: DEFAULT_SPORT_ID,
  language: DEFAULT_LANGUAGE,
  channelId: DEFAULT_CHANNEL_ID,
  /** League the content playground opens on. */
  playgroundLeagueId: 9,
} as const;

/** Sort of each list when the operator has not chosen one (a leading '-' is descending). */
export const DEFAULT_SORTS = {
  matches: '-start',
  leagues: 'last_modified',
  connectSearch: '-last_modified',
  teams: '-last_modified',
  tables: '-created_at',
  reports: '-created_at',
} as const;

/** Pagination shows up to this many page links around the current page. */
export const PAGE_LINKS = 10;

/** The Graph tab polls offers this often while running; the live path replaces it where connected. */
export const POLL_INTERVAL_MS = 5000;

/** Most feed events fetched at once (also the largest page of stat events). */
export const FEED_FETCH_LIMIT = 1000;

/** Seconds a confirm-delete button waits for its second click. */
export const CONFIRM_COUNTDOWN_SECONDS = 5;

/** The odds chart's x axis, in match minutes. */
export const CHART_MINUTES = { min: 0, max: 100 } as const;

/** Largest score grids the stats views show: 8:8, and 5:x for the sides' own goals. */
export const SCORE_GRID_MAX = { full: 8, side: 5 } as const;

/** Match periods an operator can pick (SPEC §5). */
export const PERIOD_OPTIONS = [1, 2, 3, 4] as const;

/** Dates are shown and filtered as YYYY-MM-DD. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** Sizes the spec fixes for the console's layout. */
export const LAYOUT = { basketPopupWidth: 640, deleteAllScrollHeight: 800, textAreaRows: 10 } as const;

/** The 403 text of SPEC §6/§8, shown as-is. */
export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action';
