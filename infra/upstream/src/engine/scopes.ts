import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { engineContactChanges } from '../db/schema';
import type { MatchStatic, ScopeVersions } from './match-state';

type Handle = Queryable;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The current versions of every scope a match's cached state depends on, read from the match's
 * row in one query (so a match moved to another league or provider names its new scopes); null
 * when the match does not exist. Read before the state is loaded: an edit committed in between
 * makes the next batch reload again, never miss it.
 */
export async function scopeVersions(db: Handle, matchId: number): Promise<ScopeVersions | null> {
  const rows = rowsOf<{ scope: string; version: string | number | null }>(
    await db.execute(sql`
    select k.scope, s.version
    from matches m
    cross join lateral unnest(array[
      'match:' || m.id, 'provider:' || m.provider_id, 'markets:' || m.provider_id || ':' || m.sport_id,
      'contacts:' || m.provider_id || ':' || m.sport_id, 'team:' || m.home_team_id, 'team:' || m.away_team_id, 'league:' || m.league_id
    ]) as k(scope)
    left join engine_scopes s on s.scope = k.scope
    where m.id = ${matchId}`),
  );
  if (!rows.length) return null;
  return new Map(rows.map((r) => [r.scope, Number(r.version ?? 0)]));
}

/** A Postgres array literal (one parameter, however many items: a parameter each costs more on PGlite). */
export const arrayLiteral = (items: (string | number)[]) => `{${items.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * What a cached match checks before each batch, in one read: the versions of the scopes it was
 * loaded at (by name, 0 for one never bumped; the match's own row is one of them, so a match moved
 * to another league or provider moves 'match:<id>' and is read in full again) and the push-ledger
 * versions of its contacts whose pushes span matches (push-ledger.ts).
 */
export async function knownVersions(db: Handle, scopes: string[], contactIds: number[]): Promise<{ scopes: ScopeVersions; ledger: Map<number, number> }> {
  const rows = rowsOf<{ scope: string | null; contact_id: number | null; version: string | number }>(
    await db.execute(sql`
    select scope, null::int as contact_id, version from engine_scopes where scope = any(${arrayLiteral(scopes)}::text[])
    union all
    select null, contact_id, version from contact_push_ledger where contact_id = any(${arrayLiteral(contactIds)}::int[])`),
  );
  const versions: ScopeVersions = new Map(scopes.map((scope) => [scope, 0]));
  const ledger = new Map(contactIds.map((id) => [id, 0]));
  for (const r of rows) {
    if (r.scope !== null) versions.set(r.scope, Number(r.version));
    else ledger.set(Number(r.contact_id), Number(r.version));
  }
  return { scopes: versions, ledger };
}

/** Scopes whose version differs between what a state was loaded at and now (a scope gone or new counts). */
export function movedScopes(loaded: ScopeVersions, now: ScopeVersions): string[] {
  const names = new Set([...loaded.keys(), ...now.keys()]);
  return [...names].filter((name) => loaded.get(name) !== now.get(name));
}

/**
 * Whether the contacts changed in a 'contacts:' scope since `since` matter to a match: one was in
 * its audience or is named by one of its threshold sets (its old state), or now belongs to its
 * audience (active, subscribed to the match's league or a team, sub_all, or tracking the match or
 * its league). A contact of the same provider and sport that joins nothing of the match's does not
 * reload it.
 */
export async function contactsMatter(db: Handle, statics: MatchStatic, scope: string, since: number): Promise<boolean> {
  const changed = (
    await db
      .select({ id: engineContactChanges.contactId })
      .from(engineContactChanges)
      .where(and(eq(engineContactChanges.scope, scope), gt(engineContactChanges.version, since)))
  ).map((r) => r.id);
  if (!changed.length) return false;
  const named = new Set([...statics.sets.values()].flat().map((s) => s.contactId));
  const members = new Set(statics.audience.map((a) => a.contact.id));
  if (changed.some((id) => members.has(id) || named.has(id))) return true;
  const { match } = statics;
  const joined = rowsOf<{ id: number }>(
    await db.execute(sql`
    select c.id from contacts c
    where c.id in (${sql.join(
      changed.map((id) => sql`${id}`),
      sql`, `,
    )})
      and c.active and c.provider_id = ${match.providerId} and c.sport_id = ${match.sportId}
      and (c.sub_all or ${match.leagueId}::int = any(c.league_ids) or ${match.home.id}::int = any(c.team_ids) or ${match.away.id}::int = any(c.team_ids)
        or exists (select 1 from trackers t where t.contact_id = c.id and t.active
          and ((t.model_type = 'M' and t.model_id = ${match.id}) or (t.model_type = 'L' and t.model_id = ${match.leagueId}))))
    limit 1`),
  );
  return joined.length > 0;
}
