import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PROVIDER_ID, providerScopeOf, type RouteDef } from '@odds/protocol';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';

/**
 * Which providers a call names, for an operator granted only some of them (docs/operators.md
 * "Access per provider"). Each parameter, query field or body field that names a provider or a
 * record of one is looked up here, whatever the route: a route added later with a `matchId` or a
 * `provider` is checked without a line of its own. The SQL of each gives the provider of the records
 * named; a record that does not exist names none (its route answers 404).
 */
type Lookup = (ids: number[]) => SQL;

const direct: Lookup = (ids) => sql`select unnest(${toArray(ids)}) as provider_id`;
const ofTable =
  (table: string): Lookup =>
  (ids) =>
    sql`select provider_id from ${sql.identifier(table)} where id = any(${toArray(ids)})`;
const ofMatchRow =
  (table: string): Lookup =>
  (ids) =>
    sql`select m.provider_id from ${sql.identifier(table)} r join matches m on m.id = r.match_id where r.id = any(${toArray(ids)})`;
const toArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

const match = ofTable('matches');
const team = ofTable('teams');
const league = ofTable('leagues');
const content = ofTable('content_items');
const contact = ofTable('contacts');

/** By the name of a path parameter, query field or top-level body field. */
const LOOKUPS: Record<string, Lookup> = {
  p: direct,
  providerId: direct,
  provider: direct,
  matchId: match,
  match_id: match,
  leagueId: league,
  league_id: league,
  teamId: team,
  home_id: team,
  away_id: team,
  seasonId: (ids) => sql`select l.provider_id from seasons s join leagues l on l.id = s.league_id where s.id = any(${toArray(ids)})`,
  marketId: ofTable('markets'),
  thresholdId: ofTable('saved_thresholds'),
  offerId: ofMatchRow('offers'),
  matchContentId: ofMatchRow('match_contents'),
  logId: ofMatchRow('deliveries'),
  event_ids: ofMatchRow('stat_events'),
  groupId: ofTable('content_groups'),
  id: content,
  ids: content,
  contactId: contact,
  contact_id: contact,
  trackerId: (ids) => sql`select c.provider_id from trackers t join contacts c on c.id = t.contact_id where t.id = any(${toArray(ids)})`,
  imageId: (ids) => sql`select provider_id from content_items where image_id = any(${toArray(ids)})`,
};

/** Fields whose meaning depends on the route: `from`/`to` are teams under /teams/, matches elsewhere. */
const contextual = (route: RouteDef, name: string): Lookup | undefined => {
  if (name === 'from' || name === 'to') return route.path.includes('/teams/') ? team : match;
  // A market id inside a match's or provider's call is that provider's market, named already.
  if (name === 'marketId' && route.path.includes(':matchId')) return undefined;
  return LOOKUPS[name];
};

/** Ids as a parsed body has them (numbers) and as a path or query has them before validation (digits). */
const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647);

/**
 * The providers a call names (deduplicated), or null when it names none. Reads the path, the query
 * (a `provider` left out of a query that has one is the default provider, as the handlers read it)
 * and the body's top-level fields, and `match_id` of each row of an array in the body (stat events).
 */
async function providersNamed(db: Db, route: RouteDef, request: { params: unknown; query: unknown; body: unknown }): Promise<number[] | null> {
  const named = new Map<Lookup, Set<number>>();
  const add = (name: string, value: unknown) => {
    const lookup = contextual(route, name);
    if (!lookup) return;
    const ids = idsOf(value);
    if (!ids.length) return;
    const set = named.get(lookup) ?? new Set<number>();
    for (const id of ids) set.add(id);
    named.set(lookup, set);
  };
  const fields = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : []);
  for (const [name, value] of fields(request.params)) add(name, value);
  for (const [name, value] of fields(request.query)) add(name, value);
  if (route.query?.properties && 'provider' in route.query.properties && (request.query as { provider?: unknown } | null)?.provider === undefined)
    add('provider', DEFAULT_PROVIDER_ID);
  for (const [name, value] of fields(request.body)) {
    add(name, value);
    if (Array.isArray(value)) for (const row of value) for (const [inner, v] of fields(row)) if (inner === 'match_id') add(inner, v);
  }
  if (!named.size) return null;
  const found = new Set<number>();
  for (const [lookup, ids] of named) {
    for (const row of await selectRows<{ provider_id: number }>(db, lookup([...ids]))) found.add(Number(row.provider_id));
  }
  return [...found];
}

/**
 * Whether an operator granted `granted` may make this call: every provider it names is granted,
 * and it names one, or its rows belong to no provider ('global') or are filtered by its handler
 * ('filtered'). A call of several providers' rows ('spans', a team list with all_providers, a
 * change stream of every match) is refused.
 */
export async function mayCall(
  db: Db,
  route: RouteDef,
  request: { params: unknown; query: unknown; body: unknown },
  granted: readonly number[],
): Promise<boolean> {
  const scope = providerScopeOf(route);
  if (scope === 'spans') return false;
  const allProviders = (request.query as { all_providers?: unknown } | null)?.all_providers;
  if (allProviders === true || allProviders === 'true') return false;
  const named = await providersNamed(db, route, request);
  if (named === null) return scope === 'global' || scope === 'filtered';
  return named.every((id) => granted.includes(id));
}
