import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { QuietHours } from '@odds/protocol';
import { version } from './columns';
import { providers } from './core';

/**
 * Compliance (migration 0051, docs/compliance.md): the deployment's jurisdiction rules, each
 * provider's blocks source (its secret sealed apart: history reads compliance_sources only) and
 * suppression list (keyed hashes, never values).
 */

export const jurisdictionRules = pgTable(
  'jurisdiction_rules',
  {
    id: serial('id').primaryKey(),
    version: version(),
    jurisdiction: text('jurisdiction').notNull(),
    forbiddenFlags: text('forbidden_flags').array().notNull().default([]),
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    dailyCap: integer('daily_cap'),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('jurisdiction_rules_jurisdiction_key').on(t.jurisdiction)],
);

export const complianceSources = pgTable(
  'compliance_sources',
  {
    id: serial('id').primaryKey(),
    version: version(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    baseUrl: text('base_url'),
    auth: text('auth').notNull().default('api_key'),
    username: text('username'),
    secretSet: boolean('secret_set').notNull().default(false),
    consentRequired: boolean('consent_required').notNull().default(false),
    /** 'not_configured', 'ok' or 'unavailable' (last_error says why). */
    state: text('state').notNull().default('not_configured'),
    lastError: text('last_error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('compliance_sources_provider_key').on(t.providerId)],
);

export const complianceSourceSecrets = pgTable('compliance_source_secrets', {
  sourceId: integer('source_id')
    .primaryKey()
    .references(() => complianceSources.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
});

export const suppressionEntries = pgTable(
  'suppression_entries',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    hash: text('hash').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('suppression_entries_value_key').on(t.providerId, t.kind, t.hash), index('suppression_entries_hash_idx').on(t.providerId, t.hash)],
);
