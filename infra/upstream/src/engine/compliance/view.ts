import { eq, sql } from 'drizzle-orm';
import type { ContentFlag, SuppressionKind, SuppressionListReason } from '@odds/protocol';
import type { Queryable } from '../../db/client';
import { complianceSources, complianceSourceSecrets, jurisdictionRules } from '../../db/schema';
import type { ContactInfo, MatchStatic } from '../match-state';
import { openSecrets } from '../channels/secrets';
import { arrayLiteral } from '../scopes';
import type { SourceConfig } from './blocks-source';
import { keyedHash } from './hash';
import { isPerson, personalValues } from './person';
import { ruleFor, type JurisdictionRuleInfo, type Listing } from './rules';
import type { ComplianceSettings } from './settings';

/**
 * What the compliance checks of one match need besides each batch's blocks answers, read when the
 * match's state is (re)loaded: every jurisdiction rule, the provider's source and consent setting,
 * and which of its contacts have a value on the provider's suppression list (one query by hash).
 * A change to any of those moves the provider's engine scope (migration 0051's triggers), so the
 * next batch reads the view again with the match.
 */
export interface MatchCompliance {
  source: SourceConfig | null;
  /** The source's record could not be opened (no key, or another key): person contacts are refused. */
  sourceError: string | null;
  consentRequired: boolean;
  rules: Map<string, JurisdictionRuleInfo>;
  listed: Map<number, Listing>;
  /** Contacts that name one person. */
  persons: Set<number>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The contacts a match may send to: its audience and those its sets name. */
export function reachable(statics: MatchStatic): ContactInfo[] {
  const named = [...statics.sets.values()].flat().map((s) => (s.contactId === null ? undefined : statics.contacts.get(s.contactId)));
  return [...new Set([...statics.audience.map((a) => a.contact), ...named.filter((c): c is ContactInfo => c !== undefined)])];
}

export const sourceContext = (providerId: number) => `compliance-source:${providerId}`;

export async function loadView(db: Queryable, statics: MatchStatic, settings: ComplianceSettings): Promise<MatchCompliance> {
  const providerId = statics.match.providerId;
  const [ruleRows, sourceRows] = await Promise.all([
    db.select().from(jurisdictionRules),
    db
      .select({ source: complianceSources, sealed: complianceSourceSecrets.sealed })
      .from(complianceSources)
      .leftJoin(complianceSourceSecrets, eq(complianceSourceSecrets.sourceId, complianceSources.id))
      .where(eq(complianceSources.providerId, providerId)),
  ]);
  const rules = new Map<string, JurisdictionRuleInfo>(
    ruleRows.map((r) => [
      r.jurisdiction,
      { jurisdiction: r.jurisdiction, forbidden: new Set(r.forbiddenFlags as ContentFlag[]), quietHours: r.quietHours ?? null, dailyCap: r.dailyCap },
    ]),
  );
  const row = sourceRows[0];
  let source: SourceConfig | null = null;
  let sourceError: string | null = null;
  if (row?.source.baseUrl) {
    let secret: string | null = null;
    if (row.sealed) {
      try {
        if (!settings.secretsKey) throw new Error('no key');
        secret = openSecrets(Buffer.from(settings.secretsKey, 'base64'), sourceContext(providerId), row.sealed).secret ?? null;
      } catch {
        sourceError = 'compliance check unavailable: the blocks source’s secret does not open with this server’s CHANNEL_SECRETS_KEY';
      }
    }
    source = {
      providerId,
      version: row.source.version,
      baseUrl: row.source.baseUrl,
      auth: row.source.auth as SourceConfig['auth'],
      username: row.source.username,
      secret,
    };
  }
  const contacts = reachable(statics);
  const persons = new Set(contacts.filter((c) => isPerson(c)).map((c) => c.id));
  for (const contact of contacts) {
    const rule = ruleFor(rules, contact.compliance?.jurisdiction);
    // A capped recipient's pushes span matches: the push ledger keeps the cap across workers.
    contact.dailyCap = persons.has(contact.id) && contact.compliance?.time_zone ? (rule?.dailyCap ?? null) : null;
  }
  return {
    source,
    sourceError,
    consentRequired: row ? row.source.consentRequired : settings.production,
    rules,
    listed: await listedContacts(
      db,
      providerId,
      contacts.filter((c) => persons.has(c.id)),
      settings.hashKey,
    ),
    persons,
  };
}

/** Which contacts have a value on the list: their values hashed here, looked up in one query. */
async function listedContacts(db: Queryable, providerId: number, contacts: ContactInfo[], key: string | null): Promise<Map<number, Listing>> {
  const listed = new Map<number, Listing>();
  if (!key || !contacts.length) return listed;
  const owners = new Map<string, { contactId: number; kind: SuppressionKind }[]>();
  for (const contact of contacts) {
    for (const [kind, value] of personalValues({ ...contact, mobile: contact.mobile ?? null, customerRef: contact.compliance?.customer_ref ?? null })) {
      const hash = keyedHash(key, kind, value);
      owners.set(hash, [...(owners.get(hash) ?? []), { contactId: contact.id, kind }]);
    }
  }
  const rows = rowsOf<{ hash: string; kind: string; reason: SuppressionListReason }>(
    await db.execute(
      sql`select hash, kind, reason from suppression_entries where provider_id = ${providerId} and hash = any(${arrayLiteral([...owners.keys()])}::text[])`,
    ),
  );
  for (const r of rows)
    for (const owner of owners.get(r.hash) ?? [])
      if (owner.kind === r.kind && !listed.has(owner.contactId)) listed.set(owner.contactId, { reason: r.reason, kind: r.kind });
  return listed;
}
