import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo, versionedRecord } from './columns';
import type { MatchContentParts, TrackerSpec } from '@odds/protocol';
import { contacts } from './contacts';
import { createdAt, matches, providers, sports } from './core';
import { markets, ruleSets } from './markets';

/**
 * A threshold set of a match and market (SPEC §3 "Match threshold set"): `thresholds` is keyed by
 * outcome and shaped by `type` (VALUE, RANGE or RELATIVE) exactly as protocol's schemas say.
 */
export const thresholdSets = pgTable(
  'threshold_sets',
  {
    ...versionedRecord(),
    matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
    marketId: belongsTo('market_id', () => markets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    thresholds: jsonb('thresholds').$type<Record<string, unknown>>().notNull(),
    /** Line in thousandths, for dynamic-line markets. */
    line: integer('line'),
    /** Minutes before kick-off a timed set applies. */
    timedBefore: integer('timed_before'),
    createdAt: createdAt(),
  },
  (t) => [index('threshold_sets_match_market_idx').on(t.matchId, t.marketId)],
);

/** Saved thresholds: named templates of a provider's market, one of which may be its default. */
export const savedThresholds = pgTable(
  'saved_thresholds',
  {
    ...versionedRecord(),
    providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
    marketId: belongsTo('market_id', () => markets.id, { onDelete: 'cascade' }),
    name: text('name'),
    isDefault: boolean('is_default').notNull().default(false),
    type: text('type').notNull(),
    thresholds: jsonb('thresholds').$type<Record<string, unknown>>().notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    channelId: integer('channel_id'),
    line: integer('line'),
    createdAt: createdAt(),
  },
  (t) => [index('saved_thresholds_market_idx').on(t.providerId, t.marketId)],
);

/** What is sent for a market of a match at a score node, per language and channel (SPEC §3 Match content). */
export const matchContents = pgTable(
  'match_contents',
  {
    ...versionedRecord(),
    matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
    marketId: integer('market_id').references(() => markets.id, { onDelete: 'cascade' }),
    marketTypeId: integer('market_type_id'),
    channelId: integer('channel_id').notNull(),
    ruleSetId: integer('rule_set_id').references(() => ruleSets.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    nodeId: text('node_id').notNull(),
    subNode: text('sub_node'),
    leafNode: text('leaf_node'),
    linkTarget: text('link_target'),
    timed: boolean('timed').notNull().default(false),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    period: integer('period'),
    before: integer('before'),
    hold: boolean('hold').notNull().default(false),
    parts: jsonb('parts').$type<MatchContentParts>().notNull(),
    /** What its text does (call_to_wager, boosted_odds, bonus): a jurisdiction may forbid it (migration 0051). */
    flags: text('flags').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('match_contents_match_idx').on(t.matchId, t.marketId)],
);

export const eventTypes = pgTable('event_types', {
  id: integer('id').primaryKey(),
  sportId: belongsTo('sport_id', () => sports.id),
  name: text('name').notNull(),
});

/** A statistical event of a match (SPEC §3 Stat event): the minute is game_time + extra_time. */
export const statEvents = pgTable(
  'stat_events',
  {
    ...versionedRecord(),
    matchId: belongsTo('match_id', () => matches.id, { onDelete: 'cascade' }),
    typeId: belongsTo('type_id', () => eventTypes.id),
    period: integer('period').notNull(),
    gameTime: integer('game_time').notNull(),
    extraTime: integer('extra_time').notNull().default(0),
    teamId: integer('team_id'),
    participant: integer('participant'),
    tags: text('tags').array().notNull().default([]),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stat_events_match_idx').on(t.matchId)],
);

/** A contact following a match (M) or league (L) in one language (SPEC §3 Tracker). */
export const trackers = pgTable(
  'trackers',
  {
    ...versionedRecord(),
    contactId: belongsTo('contact_id', () => contacts.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    modelType: text('model_type').notNull(),
    modelId: integer('model_id').notNull(),
    active: boolean('active').notNull().default(true),
    spec: jsonb('spec').$type<TrackerSpec>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trackers_model_idx').on(t.modelType, t.modelId)],
);
