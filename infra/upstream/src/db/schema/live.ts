import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import type { DeliveryLog, DeliveryStats, OddsOutcome, SetReason } from '@odds/protocol';
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
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
    /** Not a foreign key, as for deliveries (see there); the market's deletion takes its offers along. */
    marketId: integer('market_id').notNull(),
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
    /** Arrival order within the match (offers and events together): a recording keeps it. */
    arrival: bigint('arrival', { mode: 'number' }),
    /** Why each threshold set of the market did not fire on it, as decided then (migration 0029). */
    reasons: jsonb('reasons').$type<SetReason[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offers_match_source_key').on(t.matchId, t.sourceId),
    index('offers_match_market_idx').on(t.matchId, t.marketId, t.id),
    // The Feed tab's order (newest by the feed clock), which the relay polls the head of every second.
    index('offers_match_sent_idx').on(t.matchId, t.sentAt, t.id),
    // The newest offer of a match: when its feed last spoke (feed health).
    index('offers_match_id_idx').on(t.matchId, t.id),
  ],
);

/** Match events of the feed that are not odds: goals, period starts and ends, suspensions, match end. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
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
    /** Arrival order within the match (offers and events together): a recording keeps it. */
    arrival: bigint('arrival', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('match_events_match_source_key').on(t.matchId, t.sourceId), index('match_events_match_idx').on(t.matchId, t.id)],
);

/** The first columns of a row of the engine's log (deliveries, suppressions): see deliveries for why only the match is a foreign key. */
const logReferences = () => ({
  id: serial('id').primaryKey(),
  matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
  offerId: integer('offer_id'),
  marketId: integer('market_id').notNull(),
});

/**
 * One piece of content sent (or recorded, or refused) to one contact (SPEC §3 Delivery).
 *
 * Deliveries and suppressions are the engine's high-volume log (a firing writes one row per
 * contact, ~200 in the bench). Their match is a foreign key; their offer, market, contact and
 * threshold set are not: a foreign key is checked row by row on insert, and those four checks cost
 * as much as writing the rows (190 deliveries: 16 ms with them, 8 ms without, on PGlite). Offers
 * keep their match as a foreign key but not their market, for the same reason. The engine only
 * writes ids it has just read. What the keys did on delete is kept by statement-level triggers
 * (migration 0006): a deleted contact or market takes its rows (and a market its offers) with it,
 * a deleted offer or threshold set leaves them with a null reference.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    ...logReferences(),
    contactId: integer('contact_id').notNull(),
    thresholdSetId: integer('threshold_set_id'),
    channelId: integer('channel_id').notNull(),
    language: text('language').notNull(),
    nodeId: text('node_id').notNull(),
    status: text('status').notNull().default('PENDING'),
    log: jsonb('log').$type<DeliveryLog>().notNull(),
    stats: jsonb('stats').$type<DeliveryStats>(),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The vendor's id of the sent message (FCM name, apns-id, Telegram message_id, wamid, tweet id): what status webhooks name. */
    vendorMessageId: text('vendor_message_id'),
    /** Feed clock of the firing: what the rate limits count on. */
    feedAt: timestamp('feed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Match period of the firing (0 before kick-off), for the per-period caps. */
    period: integer('period').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('deliveries_match_idx').on(t.matchId, t.id),
    index('deliveries_created_idx').on(t.createdAt),
    index('deliveries_contact_idx').on(t.contactId, t.feedAt),
    index('deliveries_offer_idx').on(t.offerId),
    // Exactly once: one delivery per offer, contact and language, however often its message is redelivered.
    uniqueIndex('deliveries_offer_contact_language_key').on(t.offerId, t.contactId, t.language),
    // The senders' scan for deliveries committed but never claimed (a worker died in between).
    index('deliveries_pending_idx').on(t.id).where(sql`${t.status} = 'PENDING'`),
    // A vendor's status webhook finds its delivery by the vendor's message id.
    index('deliveries_vendor_message_idx').on(t.vendorMessageId).where(sql`${t.vendorMessageId} IS NOT NULL`),
  ],
);

/**
 * What the engine held back and why: a market bound (no contact) or a contact's limit or missing
 * content. References as for deliveries: only the match is a foreign key.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    ...logReferences(),
    thresholdSetId: integer('threshold_set_id'),
    contactId: integer('contact_id'),
    outcome: text('outcome'),
    reason: text('reason').notNull(),
    detail: text('detail').notNull(),
    matchTime: integer('match_time'),
    feedAt: timestamp('feed_at', { withTimezone: true }).notNull(),
    /** Crossings held back: an exhausted set (MAX_THRESHOLD) keeps one row per set and outcome and counts. */
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('suppressions_match_idx').on(t.matchId, t.id),
    // Today's suppressions by reason (the Compliance screen, migration 0052).
    index('suppressions_created_idx').on(t.createdAt),
    uniqueIndex('suppressions_max_threshold_key').on(t.matchId, t.thresholdSetId, t.outcome).where(sql`reason = 'MAX_THRESHOLD'`),
    // Exactly once for a contact's suppressions (the decider serves a contact once per offer);
    // set-level ones (no contact) are the engine rules' to key.
    uniqueIndex('suppressions_offer_contact_reason_key').on(t.offerId, t.contactId, t.reason).where(sql`${t.contactId} is not null`),
  ],
);

/** One fired outcome of a firing: its odds, for RELATIVE the reference it moved from, and why. */
export interface FiringOutcomeRow {
  outcome: string;
  odds: number;
  reference_odds: number | null;
  reference_at: string | null;
  why: string;
}

/** Each firing of a threshold set on an offer, with the outcomes that fired. */
export const thresholdFirings = pgTable(
  'threshold_firings',
  {
    id: serial('id').primaryKey(),
    matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
    marketId: belongsTo('market_id', () => markets.id, { onDelete: 'cascade' }),
    thresholdSetId: belongsTo('threshold_set_id', () => thresholdSets.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    outcomes: jsonb('outcomes').$type<string[]>().notNull(),
    /** Per fired outcome: odds, reference (RELATIVE), why (null for firings stored before 0008). */
    details: jsonb('details').$type<FiringOutcomeRow[]>(),
    matchTime: integer('match_time'),
    feedAt: timestamp('feed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('threshold_firings_match_idx').on(t.matchId, t.marketId), index('threshold_firings_offer_idx').on(t.offerId)],
);

/**
 * Re-arming state of one outcome of a threshold set: `armed` until it fires, then false until the
 * condition clears; `streak` counts consecutive offers meeting it (pass_threshold); `blocked` is the
 * bound last recorded as a suppression, so one held-back episode is recorded once.
 */
export const thresholdStates = pgTable(
  'threshold_states',
  {
    thresholdSetId: belongsTo('threshold_set_id', () => thresholdSets.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    armed: boolean('armed').notNull().default(true),
    streak: integer('streak').notNull().default(0),
    blocked: text('blocked'),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.thresholdSetId, t.outcome] })],
);

/** A match as its feed left it (status PRE, LIVE or ENDED; period; score; suspensions). */
export const matchLiveStates = pgTable('match_live_states', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
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
  /** The offset of the match's last publication (its last batch with offers or events) within its epoch. */
  publication: integer('publication').notNull().default(0),
  /** The row's life: a reset deletes it, and the next row is another epoch. */
  publicationEpoch: text('publication_epoch').notNull().default(sql`substr(md5(random()::text), 1, 12)`),
});

/**
 * What the engine caches, versioned per scope ('match:<id>', 'provider:<id>',
 * 'markets:<provider>:<sport>', 'contacts:<provider>:<sport>', 'team:<id>', 'league:<id>'): row
 * triggers (migration 0022) bump the scopes an edit touches in the edit's own transaction, and the
 * engine reloads a cached match only when one of its scopes moved (engine/scopes.ts).
 */
export const engineScopes = pgTable('engine_scopes', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Which contacts a 'contacts:' scope's versions changed: each contact under the last version it bumped. */
export const engineContactChanges = pgTable(
  'engine_contact_changes',
  {
    contactId: integer('contact_id').notNull(),
    scope: text('scope').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'engine_contact_changes_pk', columns: [t.scope, t.contactId] }),
    index('engine_contact_changes_version_idx').on(t.scope, t.version),
  ],
);
