import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply } from '../common';
import { AuditEntity, AuditEntry } from '../entities/audit';
import { defineRoute } from './define';

/** What a history read filters on: the record, the match, the actor (user id), a time range. */
const AuditFilter = {
  entity: Type.Optional(AuditEntity),
  entity_id: Type.Optional(IdParam),
  match_id: Type.Optional(IdParam),
  actor_id: Type.Optional(IdParam),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
};

export const AuditQuery = Type.Object({ ...ListQuery, ...AuditFilter });

export const auditRoutes = {
  auditCsv: defineRoute({
    method: 'GET',
    path: '/api/1/audit/csv',
    service: 'control',
    summary:
      "Admins only: the history of writes as CSV (text/csv, oldest first, every row the filters match: one record's History, a match's, an actor's, or the whole log for a time range; formula-safe cells).",
    // The list's filters without paging: every row matched.
    query: Type.Object(AuditFilter),
    reply: Type.String(),
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/1/audit',
    service: 'control',
    summary: 'History of writes (newest first): by entity and id, match, actor (user id) and time range; deleted records stay readable.',
    query: AuditQuery,
    reply: ListReply(AuditEntry),
  }),
};

/**
 * Every write of a versioned entity, by route name: the entity it writes and where its id is
 * (a path parameter; `null` when the write finds its record otherwise, as a threshold set by market,
 * contact and line, or stat events by the ids in the body). The upstream documents these routes'
 * 409 and `If-Match` from this table, and the conflict test walks it.
 */
export const versionedWrites = {
  matchThresholdsSave: { entity: 'threshold_set', idParam: null },
  matchContentSave: { entity: 'match_content', idParam: null },
  matchContentDelete: { entity: 'match_content', idParam: 'matchContentId' },
  statEventsSave: { entity: 'stat_event', idParam: null },
  trackerSave: { entity: 'tracker', idParam: 'trackerId' },
  contactUpdate: { entity: 'contact', idParam: 'contactId' },
  contactDelete: { entity: 'contact', idParam: 'contactId' },
  contactToggleActive: { entity: 'contact', idParam: 'contactId' },
  contentUpdate: { entity: 'content_item', idParam: 'id' },
  contentAutoToggle: { entity: 'content_item', idParam: 'id' },
  contentActiveToggle: { entity: 'content_item', idParam: 'id' },
  groupUpdate: { entity: 'content_group', idParam: 'groupId' },
  marketMetaSave: { entity: 'market', idParam: 'marketId' },
  savedThresholdDelete: { entity: 'saved_threshold', idParam: 'thresholdId' },
  teamShortNameSave: { entity: 'team', idParam: 'teamId' },
  providerUpdate: { entity: 'provider', idParam: 'providerId' },
  // The catalog made by hand (catalog-edit.ts).
  providerEdit: { entity: 'provider', idParam: 'providerId' },
  leagueEdit: { entity: 'league', idParam: 'leagueId' },
  seasonEdit: { entity: 'season', idParam: 'seasonId' },
  teamEdit: { entity: 'team', idParam: 'teamId' },
  matchEdit: { entity: 'match', idParam: 'matchId' },
  marketTypeEdit: { entity: 'market_type', idParam: 'typeId' },
} as const satisfies Record<string, { entity: AuditEntity; idParam: string | null }>;
export type VersionedWrite = keyof typeof versionedWrites;

/** Single-record reads of versioned entities: they answer with an `ETag` of the record's version. */
export const versionedReads = {
  contact: 'contact',
  tracker: 'tracker',
  contentItem: 'content_item',
  group: 'content_group',
  team: 'team',
} as const satisfies Record<string, AuditEntity>;
