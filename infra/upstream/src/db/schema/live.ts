import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryLog, DeliveryStats, OddsOutcome } from '@odds/protocol';
import { contacts } from './contacts';
import { createdAt, matches } from './core';
import { markets } from './markets';
import { thresholdSets } from './match';

/**
 * The live engine's tables. Times come in two kinds: `created_at` is when a row was written, and
 * `sent_at` / `feed_at` the feed's own clock (the source's `sent_at`), on which the engine measures
 * REAL time, rate limits and minimum intervals, so a replay decides as the original run did.
 */

/**
 * An offer (feed event): the odds of one market of a match at one moment, as ingested. `sourceId`
 * (unique within the match) makes ingestion idempotent: a replayed or retried message is stored once.
 */
export const offers = pgTable('offers', {
  id: serial('id').primaryKey(),
  matchId: integer('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  sourceId: text('source_id').notNull(),
  /** Odds in thousandths per outcome key of the market type. */
  outcomeMap: jsonb('outcome_map').$type<Record<string, number>>().notNull(),
  odds: jsonb('odds').$type<OddsOutcome[]>().notNull(),
  score: text('score').notNull(),
  subNode: text('sub_node'),
  leafNode: text('leaf_node'),
  /** Match clock in seconds; null before kick-off. */
  matchTime: integer('match_time'),
  period: integer('period'),
  prematch: boolean('prematch').notNull().default(false),
  suspended: boolean('suspended').notNull().default(false),
  status: text('status').notNull().default('RECEIVED'),
  raw: jsonb('raw'),
  /** The source's clock (the message's sent_at, else when it was ingested). */
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('offers_match_source_key').on(t.matchId, t.sourceId),
  index('offers_match_market_idx').on(t.matchId, t.marketId, t.id),
]);

/** Match events of the feed that are not odds: goals, period starts and ends, suspensions, match end. */
export const matchEvents = pgTable('match_events', {
  id: serial('id').primaryKey(),
  matchId: integer('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  sourceId: text('source_id').notNull(),
  kind: text('kind').notNull(),
  side: text('side'),
  matchTime: integer('match_time'),
  period: integer('period'),
  score: text('score'),
  /** The one market a suspension is about; null for the whole match. */
  marketId: integer('market_id').references(() => markets.id, { onDelete: 'cascade' }),
  suspended: boolean('suspended'),
  raw: jsonb('raw'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('match_events_match_source_key').on(t.matchId, t.sourceId), index('match_events_match_idx').on(t.matchId, t.id)]);

/** One piece of content sent (or recorded, or refused) to one contact (SPEC §3 Delivery). */
export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  matchId: integer('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  contactId: integer('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  thresholdSetId: integer('threshold_set_id').references(() => thresholdSets.id, { onDelete: 'set null' }),
  channelId: integer('channel_id').notNull(),
  language: text('language').notNull(),
  nodeId: text('node_id').notNull(),
  status: text('status').notNull().default('PENDING'),
  log: jsonb('log').$type<DeliveryLog>().notNull(),
  stats: jsonb('stats').$type<DeliveryStats>(),
  error: text('error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Feed clock of the firing: what the rate limits count on. */
  feedAt: timestamp('feed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Match period of the firing (0 before kick-off), for the per-period caps. */
  period: integer('period').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('deliveries_match_idx').on(t.matchId, t.id),
  index('deliveries_created_idx').on(t.createdAt),
  index('deliveries_contact_idx').on(t.contactId, t.feedAt),
  index('deliveries_offer_idx').on(t.offerId),
]);

/** What the engine held back and why: a market bound (no contact) or a contact's limit or missing content. */
export const suppressions = pgTable('suppressions', {
  id: serial('id').primaryKey(),
  matchId: integer('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  thresholdSetId: integer('threshold_set_id').references(() => thresholdSets.id, { onDelete: 'set null' }),
  contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
  outcome: text('outcome'),
  reason: text('reason').notNull(),
  detail: text('detail').notNull(),
  matchTime: integer('match_time'),
  feedAt: timestamp('feed_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('suppressions_match_idx').on(t.matchId, t.id)]);

/** Each firing of a threshold set on an offer, with the outcomes that fired. */
export const thresholdFirings = pgTable('threshold_firings', {
  id: serial('id').primaryKey(),
  matchId: integer('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  thresholdSetId: integer('threshold_set_id').notNull().references(() => thresholdSets.id, { onDelete: 'cascade' }),
  offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
  outcomes: jsonb('outcomes').$type<string[]>().notNull(),
  matchTime: integer('match_time'),
  feedAt: timestamp('feed_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('threshold_firings_match_idx').on(t.matchId, t.marketId)]);

/**
 * Re-arming state of one outcome of a threshold set: `armed` until it fires, then false until the
 * condition clears; `streak` counts consecutive offers meeting it (pass_threshold); `blocked` is the
 * bound last recorded as a suppression, so one held-back episode is recorded once.
 */
export const thresholdStates = pgTable('threshold_states', {
  thresholdSetId: integer('threshold_set_id').notNull().references(() => thresholdSets.id, { onDelete: 'cascade' }),
  outcome: text('outcome').notNull(),
  armed: boolean('armed').notNull().default(true),
  streak: integer('streak').notNull().default(0),
  blocked: text('blocked'),
  lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.thresholdSetId, t.outcome] })]);

/** A match as its feed left it (status PRE, LIVE or ENDED; period; score; suspensions). */
export const matchLiveStates = pgTable('match_live_states', {
  matchId: integer('match_id').primaryKey().references(() => matches.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('PRE'),
  period: integer('period').notNull().default(0),
  score: text('score').notNull().default('PRE'),
  matchTime: integer('match_time'),
  suspended: boolean('suspended').notNull().default(false),
  suspendedMarketIds: integer('suspended_market_ids').array().notNull().default([]),
  kickedOffAt: timestamp('kicked_off_at', { withTimezone: true }),
  /** Match clock of the last goal: send_delay_minutes counts from it. */
  lastGoalTime: integer('last_goal_time'),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
});

/**
 * One row, bumped by triggers whenever what the engine caches changes (contacts, trackers,
 * threshold sets, markets, match content, matches, teams): the engine compares it once per ingest
 * and reloads its caches when it moved, whoever made the change.
 */
export const engineVersion = pgTable('engine_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
