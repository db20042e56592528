import { index, integer, jsonb, pgTable, primaryKey, serial, text, boolean } from 'drizzle-orm/pg-core';
import { belongsTo, version } from './columns';
import type { MarketMeta } from '@odds/protocol';
import { createdAt, lastModified, providerRecord, providerSport, sports } from './core';

/** Market types (SPEC §9 ids) with their outcome keys and how the engine decides them. */
export const marketTypes = pgTable('market_types', {
  id: integer('id').primaryKey(),
  version: version(),
  sportId: belongsTo('sport_id', () => sports.id),
  name: text('name').notNull(),
  outcomes: jsonb('outcomes').$type<string[]>().notNull(),
  evaluator: text('evaluator'),
});

/** A provider's market of a sport; `meta` holds the settings that bound its thresholds. */
export const markets = pgTable(
  'markets',
  {
    ...providerRecord(),
    typeId: belongsTo('type_id', () => marketTypes.id),
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
  ...providerSport(),
  name: text('name').notNull(),
});

export const ruleSetMarkets = pgTable(
  'rule_set_markets',
  {
    ruleSetId: belongsTo('rule_set_id', () => ruleSets.id, { onDelete: 'cascade' }),
    marketId: belongsTo('market_id', () => markets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ruleSetId, t.marketId] })],
);
