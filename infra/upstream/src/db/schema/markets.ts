import { index, integer, jsonb, pgTable, primaryKey, serial, text, boolean } from 'drizzle-orm/pg-core';
import type { MarketMeta } from '@odds/protocol';
import { createdAt, lastModified, providers, sports } from './core';

/** Market types (SPEC §9 ids) with their outcome keys and how the engine decides them. */
export const marketTypes = pgTable('market_types', {
  id: integer('id').primaryKey(),
  sportId: integer('sport_id')
    .notNull()
    .references(() => sports.id),
  name: text('name').notNull(),
  outcomes: jsonb('outcomes').$type<string[]>().notNull(),
  evaluator: text('evaluator'),
});

/** A provider's market of a sport; `meta` holds the settings that bound its thresholds. */
export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    /** Optimistic concurrency: bumped by every write (coedit/versioned.ts); a stale write gets 409. */
    version: integer('version').notNull().default(1),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => marketTypes.id),
    name: text('name').notNull(),
    /** Line in thousandths (2.5 goals is 2500); null for markets without one. */
    line: integer('line'),
    dynamicLine: boolean('dynamic_line').notNull().default(false),
    meta: jsonb('meta').$type<MarketMeta>().notNull().default({}),
    /** Outcome key of the type to the label the provider's odds use. */
    outcomeMapping: jsonb('outcome_mapping').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    lastModified: lastModified(),
  },
  (t) => [index('markets_provider_sport_idx').on(t.providerId, t.sportId)],
);

/** Rule sets: named groups of markets content may be delivered for. */
export const ruleSets = pgTable('rule_sets', {
  id: serial('id').primaryKey(),
  providerId: integer('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  sportId: integer('sport_id')
    .notNull()
    .references(() => sports.id),
  name: text('name').notNull(),
});

export const ruleSetMarkets = pgTable(
  'rule_set_markets',
  {
    ruleSetId: integer('rule_set_id')
      .notNull()
      .references(() => ruleSets.id, { onDelete: 'cascade' }),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ruleSetId, t.marketId] })],
);
