import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryLog, DeliveryStats, OddsOutcome } from '@odds/protocol';
import { contacts } from './contacts';
import { createdAt, matches } from './core';
import { markets } from './markets';
import { thresholdSets } from './match';

/**
 * An offer (feed event): the odds of one market of a match at one moment, as ingested. `sourceId`
 * makes ingestion idempotent: a replayed or retried message is stored once.
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
  prematch: boolean('prematch').notNull().default(false),
  suspended: boolean('suspended').notNull().default(false),
  status: text('status').notNull().default('RECEIVED'),
  raw: jsonb('raw'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('offers_source_key').on(t.sourceId),
  index('offers_match_market_idx').on(t.matchId, t.marketId, t.id),
]);

/** Match events of the feed that are not odds: goals, period starts and ends, suspensions. */
export const matchEvents = pgTable('match_events', {
  id: serial('id').primaryKey(),
  matchId: integer('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  sourceId: text('source_id').notNull(),
  kind: text('kind').notNull(),
  side: text('side'),
  matchTime: integer('match_time'),
  score: text('score'),
  raw: jsonb('raw'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('match_events_source_key').on(t.sourceId), index('match_events_match_idx').on(t.matchId, t.id)]);

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
  createdAt: createdAt(),
}, (t) => [index('deliveries_match_idx').on(t.matchId, t.id), index('deliveries_created_idx').on(t.createdAt)]);
