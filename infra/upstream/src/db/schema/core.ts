import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { belongsTo, syncColumns, versionedRecord } from './columns';
import type { ScoresDefinition } from '@odds/protocol';

/** Operators and their sessions; sports, providers, leagues, seasons, teams and matches. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const lastModified = () => timestamp('last_modified', { withTimezone: true }).notNull().defaultNow();

/** 'pending': invited, no password chosen yet; 'disabled': may not sign in (the row stays for history). */
export type AccountStatus = 'active' | 'pending' | 'disabled';
/** What an operator may do (docs/operators.md "Roles"); a wall display's token is the fourth kind, 'wall'. */
export type OperatorRole = 'admin' | 'editor' | 'viewer';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** admin, editor or viewer (docs/operators.md "Roles"; migration 0056). */
    role: text('role').$type<OperatorRole>().notNull().default('editor'),
    /** May manage operators and wall displays: computed from the role (kept for its readers). */
    admin: boolean('admin').notNull().generatedAlwaysAs(sql`role = 'admin'`),
    /** Bumped by each change of the role or the provider grants (an admin's write names it). */
    accessVersion: integer('access_version').notNull().default(1),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /** Who created the account (null: the seed or the operator command, or a creator since removed). */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Who the account is at the company's identity provider (its issuer and `sub`; docs/sso.md), once it signed in there. */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('active', 'pending', 'disabled')`),
    uniqueIndex('users_sso_subject_key').on(t.ssoIssuer, t.ssoSubject),
    check('users_role_check', sql`${t.role} in ('admin', 'editor', 'viewer')`),
  ],
);

/** Opaque login tokens: only their SHA-256 is stored, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: belongsTo('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Where and when, for the operator's Sessions list: the client's address and browser at sign-in, the last call (to the minute). */
    address: text('address'),
    userAgent: text('user_agent'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The ID token of a sign-in through the identity provider: the hint of its RP-initiated logout. */
    idToken: text('id_token'),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

export const sports = pgTable('sports', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  scores: jsonb('scores').$type<ScoresDefinition>().notNull(),
  periods: integer('periods').notNull(),
});

export const providers = pgTable('providers', {
  ...versionedRecord(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  meta: jsonb('meta').$type<{ languages: string[] }>().notNull(),
  createdAt: createdAt(),
});

/** The provider that owns a row (deleted with it) and the row's sport. */
export const providerSport = () => ({
  providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
  sportId: belongsTo('sport_id', () => sports.id),
});

/**
 * The first columns of a provider's co-edited record (teams, markets, contacts, content): its id,
 * its version (optimistic concurrency: bumped by every write, coedit/versioned.ts; a stale write
 * gets 409), the provider that owns it and its sport.
 */
export const providerRecord = () => ({
  ...versionedRecord(),
  ...providerSport(),
});

export const providerSports = pgTable('provider_sports', providerSport(), (t) => [primaryKey({ columns: [t.providerId, t.sportId] })]);

export const leagues = pgTable(
  'leagues',
  {
    ...versionedRecord(),
    ...providerSport(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    uniqueId: text('unique_id').notNull(),
    eventSync: boolean('event_sync').notNull().default(false),
    ...syncColumns(),
    createdAt: createdAt(),
    lastModified: lastModified(),
  },
  (t) => [
    index('leagues_provider_sport_idx').on(t.providerId, t.sportId),
    uniqueIndex('leagues_sync_key').on(t.providerId, t.syncSource, t.syncRef).where(sql`${t.syncRef} is not null`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    ...versionedRecord(),
    leagueId: belongsTo('league_id', () => leagues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    ...syncColumns(),
  },
  (t) => [
    index('seasons_league_idx').on(t.leagueId),
    uniqueIndex('seasons_sync_key').on(t.leagueId, t.syncSource, t.syncRef).where(sql`${t.syncRef} is not null`),
  ],
);

/**
 * A provider's team. `teamKey` is the connector: teams of different providers with the same key
 * are the same real team (SPEC: Team.providers, 'Connect To').
 */
export const teams = pgTable(
  'teams',
  {
    ...providerRecord(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    teamKey: text('team_key').notNull(),
    /** The competitor's country as the vendor names it (synced teams; null for hand-made ones). */
    country: text('country'),
    ...syncColumns(),
    createdAt: createdAt(),
    lastModified: lastModified(),
  },
  (t) => [
    index('teams_provider_sport_idx').on(t.providerId, t.sportId),
    index('teams_key_idx').on(t.teamKey),
    uniqueIndex('teams_sync_key').on(t.providerId, t.syncSource, t.syncRef).where(sql`${t.syncRef} is not null`),
  ],
);

/**
 * A provider's match. `eventId` is the connector: matches of different providers with the same
 * event id are one real event (SPEC: Match.provider_count, provider_names).
 */
export const matches = pgTable(
  'matches',
  {
    ...versionedRecord(),
    ...providerSport(),
    leagueId: belongsTo('league_id', () => leagues.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    homeTeamId: belongsTo('home_team_id', () => teams.id),
    awayTeamId: belongsTo('away_team_id', () => teams.id),
    name: text('name').notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    eventId: text('event_id').notNull(),
    round: text('round'),
    ground: text('ground'),
    /** After regular time (90 minutes): what markets settle on. */
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    htHomeScore: integer('ht_home_score'),
    htAwayScore: integer('ht_away_score'),
    /** After extra time (regular time's goals included), where it was played. */
    etHomeScore: integer('et_home_score'),
    etAwayScore: integer('et_away_score'),
    /** The penalty shoot-out, where there was one. */
    penHomeScore: integer('pen_home_score'),
    penAwayScore: integer('pen_away_score'),
    meta: jsonb('meta').$type<{ participants: Record<string, { id: number; name: string; tag: string }[]> }>().notNull().default({ participants: {} }),
    ...syncColumns(),
    createdAt: createdAt(),
    lastModified: lastModified(),
  },
  (t) => [
    index('matches_provider_sport_start_idx').on(t.providerId, t.sportId, t.start),
    index('matches_event_idx').on(t.eventId),
    index('matches_league_idx').on(t.leagueId),
    uniqueIndex('matches_sync_key').on(t.providerId, t.syncSource, t.syncRef).where(sql`${t.syncRef} is not null`),
  ],
);
