import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SsoRole } from '@odds/protocol';
import { belongsTo, versionedRecord } from './columns';
import { createdAt, users } from './core';

/**
 * Sign-in through the company's identity provider (auth/oidc/, docs/sso.md). A flow is one sign-in
 * under way, bound to the browser that started it; a ticket is a callback that succeeded, waiting
 * to be traded for a session. Both are one-time and short-lived, and keep only hashes of what the
 * browser holds.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    next: text('next'),
    /** Started from the sign-in dialog of an open console, in a window of its own (the login screen closes it). */
    inWindow: boolean('in_window').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);

export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: belongsTo('user_id', () => users.id, { onDelete: 'cascade' }),
  idToken: text('id_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** What each group of the provider's groups claim gives at sign-in (an admin edits it; versioned and audited). */
export const ssoGroupGrants = pgTable(
  'sso_group_grants',
  {
    ...versionedRecord(),
    groupName: text('group_name').notNull(),
    role: text('role').$type<SsoRole>().notNull(),
    /** Null: every provider. */
    providerIds: jsonb('provider_ids').$type<number[] | null>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_group_grants_group_key').on(t.groupName), check('sso_group_grants_role_check', sql`${t.role} in ('admin', 'editor', 'viewer')`)],
);
