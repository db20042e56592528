import { asc, inArray } from 'drizzle-orm';
import type { SsoGroupGrant } from '@odds/protocol';
import type { Queryable } from '../../db/client';
import { ssoGroupGrants } from '../../db/schema';
import type { Grant } from './apply-grant';

type Row = typeof ssoGroupGrants.$inferSelect;
const RANK = { viewer: 0, editor: 1, admin: 2 } as const;

export const presentGroupGrant = (row: Row): SsoGroupGrant => ({
  id: row.id,
  group: row.groupName,
  role: row.role,
  provider_ids: row.providerIds ?? null,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

export async function listGroupGrants(db: Queryable): Promise<SsoGroupGrant[]> {
  const rows = await db.select().from(ssoGroupGrants).orderBy(asc(ssoGroupGrants.groupName));
  return rows.map(presentGroupGrant);
}

/**
 * The groups claim of an ID token as a list of names or ids: Entra ID, Okta and Keycloak send an
 * array of strings; a single string is one group; anything else is none.
 */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((group): group is string => typeof group === 'string').slice(0, 1000);
}

/**
 * What a member of `groups` gets: the highest role of the mapped groups they are in, and the
 * providers of all of them (every provider when any of those groups gives all). Null: they are in
 * no mapped group, so no access.
 */
export async function grantFor(db: Queryable, groups: string[]): Promise<Grant | null> {
  if (groups.length === 0) return null;
  const rows = await db.select().from(ssoGroupGrants).where(inArray(ssoGroupGrants.groupName, groups));
  if (rows.length === 0) return null;
  const role = rows.reduce<Row['role']>((best, row) => (RANK[row.role] > RANK[best] ? row.role : best), 'viewer');
  const all = rows.some((row) => row.providerIds === null);
  const providerIds = all ? 'all' : [...new Set(rows.flatMap((row) => row.providerIds ?? []))].sort((a, b) => a - b);
  return { role, providerIds };
}
