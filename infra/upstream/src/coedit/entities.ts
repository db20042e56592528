import type { AuditEntity } from '@odds/protocol';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { selectRows } from '../db/rows';

/** How history and conflicts find an entity's rows: its table, and the match a row belongs to. */
export interface EntitySpec {
  table: string;
  /** What the operator calls it, for messages ("Threshold set 12 was changed by Ana"). */
  label: string;
  /** The match a row (as stored, snake_case) belongs to, if any: its History panel filters by it. */
  matchOf?: (row: Record<string, unknown>) => number | null;
  /** The provider whose consoles show a provider-wide row (its writes are pushed to them: coedit/provider-notices.ts). */
  providerOf?: (row: Record<string, unknown>, db: Queryable) => number | null | Promise<number | null>;
  /** False for a record without a `version` column (a match): written and audited, never compared or bumped. */
  versioned?: boolean;
}

const byMatchId = (row: Record<string, unknown>) => (typeof row.match_id === 'number' ? row.match_id : null);
const byProviderId = (row: Record<string, unknown>) => (typeof row.provider_id === 'number' ? row.provider_id : null);

/** Every versioned entity (how a 409 shows one is the app's: coedit/plugin.ts). */
export const entities: Record<AuditEntity, EntitySpec> = {
  threshold_set: { table: 'threshold_sets', label: 'Threshold set', matchOf: byMatchId },
  match_content: { table: 'match_contents', label: 'Match content', matchOf: byMatchId },
  stat_event: { table: 'stat_events', label: 'Stat event', matchOf: byMatchId },
  tracker: {
    table: 'trackers',
    label: 'Tracker',
    matchOf: (row) => (row.model_type === 'M' && typeof row.model_id === 'number' ? row.model_id : null),
    // Listed per provider (the Trackers screen): its contact's provider.
    providerOf: async (row, db) => {
      if (typeof row.contact_id !== 'number') return null;
      const [found] = await selectRows<{ provider_id: number }>(db, sql`select provider_id from contacts where id = ${row.contact_id}`);
      return found?.provider_id ?? null;
    },
  },
  contact: { table: 'contacts', label: 'Contact', providerOf: byProviderId },
  content_item: { table: 'content_items', label: 'Content item', providerOf: byProviderId },
  content_group: { table: 'content_groups', label: 'Content group', providerOf: byProviderId },
  market: { table: 'markets', label: 'Market', providerOf: byProviderId },
  saved_threshold: { table: 'saved_thresholds', label: 'Saved threshold', providerOf: byProviderId },
  team: { table: 'teams', label: 'Team' },
  provider: { table: 'providers', label: 'Provider' },
  // Its connector (event id) is reassigned through the header (match-connect.ts); admins edit the rest (catalog/edit/).
  match: { table: 'matches', label: 'Match', matchOf: (row) => (typeof row.id === 'number' ? row.id : null) },
  // Written by auth/accounts.ts, which audits a copy without the password hash.
  account: { table: 'users', label: 'Operator', versioned: false },
  // What a group of the identity provider gives at sign-in (routes/sso-groups.ts, docs/sso.md).
  sso_group: { table: 'sso_group_grants', label: 'SSO group' },
  // Written by the engine only; an operator's retry of a FAILED one is audited (routes/deliveries.ts).
  delivery: { table: 'deliveries', label: 'Delivery', matchOf: byMatchId, versioned: false },
  // Written by feeds/uof/mapping-store.ts (id: the UOF market id).
  uof_market_map: { table: 'uof_market_map', label: 'UOF market mapping', versioned: false },
  // Secrets are in channel_credential_secrets, which history never reads (engine/channels/credentials.ts).
  channel_credentials: { table: 'channel_credentials', label: 'Channel credentials', providerOf: byProviderId },
  // Rotations of the signing secret; the secrets are in webhook_secrets, which history never reads (engine/channels/webhook-signing.ts).
  webhook_signing: { table: 'webhook_signing', label: 'Webhook signing', providerOf: byProviderId },
  // A UOF dead letter's re-drive (feeds/uof/dead-letters.ts).
  dead_letter: { table: 'dead_letters', label: 'Dead letter', matchOf: byMatchId, versioned: false },
  // Compliance (docs/compliance.md): the deployment's jurisdiction rules; a provider's blocks source (its secret is in compliance_source_secrets, which history never reads).
  jurisdiction_rule: { table: 'jurisdiction_rules', label: 'Jurisdiction rule' },
  blocks_source: { table: 'compliance_sources', label: 'Blocks source', providerOf: byProviderId },
  // The kill switch of a provider or of the deployment (compliance/stops.ts); its notice reaches every console.
  send_stop: { table: 'send_stops', label: 'Kill switch', providerOf: byProviderId },
  // The catalog made by hand (catalog/edit/).
  league: { table: 'leagues', label: 'League' },
  season: { table: 'seasons', label: 'Season' },
  market_type: { table: 'market_types', label: 'Market type' },
};
