import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { version } from './columns';
import { matches } from './core';

/**
 * Sportradar UOF (feeds/uof/, migration 0021): which match is which UOF event, how UOF markets map
 * to ours, the producers' health and recoveries, and what the adapter could not place (unknown
 * markets, messages of unlinked events). `feed_stalls` is every feed's: a row while a live match
 * is stalled.
 */

/** A console match linked to a UOF event (`sr:match:10927088`); versioned and audited like other edits. */
export const uofLinks = pgTable('uof_links', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  event: text('event').notNull().unique(),
  version: version(),
  /** The producer of the last message taken for the match: its health is the match's. */
  lastProduct: integer('last_product'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/** A UOF market id to our market type: the specifier holding the line, and outcome ids to outcome keys. */
export const uofMarketMap = pgTable('uof_market_map', {
  uofMarketId: integer('uof_market_id').primaryKey(),
  typeId: integer('type_id').notNull(),
  lineSpecifier: text('line_specifier'),
  outcomes: jsonb('outcomes').$type<Record<string, string>>().notNull(),
  name: text('name').notNull(),
});

export const uofProducers = pgTable('uof_producers', {
  id: integer('id').primaryKey(),
  state: text('state').notNull().default('down'),
  subscribed: boolean('subscribed').notNull().default(false),
  reason: text('reason'),
  /** Its name in producers.xml (`LO`, `Ctrl`), written by the adapter. */
  name: text('name'),
  /** How far behind their timestamp its last live messages arrived (ms). */
  delayMs: integer('delay_ms'),
  lastAliveAt: timestamp('last_alive_at', { withTimezone: true }),
  /** Feed time of the last message taken while the producer was up: a recovery asks from there. */
  lastGoodAt: timestamp('last_good_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The adapter's broker connection (one row, id `uof`): its state since when, and when the last message came. */
export const uofConnection = pgTable('uof_connection', {
  id: text('id').primaryKey(),
  /** `connecting` (at start, not yet connected), `connected`, `down` (lost or refused, trying again). */
  state: text('state').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  reason: text('reason'),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  reconnects: integer('reconnects').notNull().default(0),
  /** Written at least every few seconds while the adapter runs: an old one means no adapter runs. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const uofRecoveries = pgTable(
  'uof_recoveries',
  {
    id: serial('id').primaryKey(),
    producer: integer('producer').notNull(),
    requestId: integer('request_id').notNull(),
    after: timestamp('after', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    messages: integer('messages').notNull().default(0),
    attempts: integer('attempts').notNull().default(1),
    status: text('status').notNull().default('running'),
  },
  (t) => [index('uof_recoveries_producer_idx').on(t.producer, t.id)],
);

export const uofUnknownMarkets = pgTable(
  'uof_unknown_markets',
  {
    market: text('market').notNull(),
    /** '' when the market itself is unknown. */
    outcome: text('outcome').notNull().default(''),
    /** Why it was skipped (no mapping, a line the provider does not carry, …), as last seen (migration 0042). */
    reason: text('reason').notNull().default(''),
    count: integer('count').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.market, t.outcome] })],
);

export const uofUnlinkedEvents = pgTable('uof_unlinked_events', {
  event: text('event').primaryKey(),
  count: integer('count').notNull().default(0),
  home: text('home'),
  away: text('away'),
  kickOff: timestamp('kick_off', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A live match without feed messages for FEED_STALL_S (or whose UOF producer is down): one row while it lasts. */
export const feedStalls = pgTable('feed_stalls', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  reason: text('reason').notNull(),
});
