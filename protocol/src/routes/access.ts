import type { RouteDef } from './define';
import { routes, type RouteName } from './index';

/**
 * Who may make which call (docs/operators.md "Roles" and "Access per provider"), one table for the
 * services, the relay, the console and the tests that walk every route.
 *
 * Viewers make every GET and the calls named in VIEWER_CALLS, nothing else: every other POST, PUT
 * and DELETE of the contract is a write, refused with SPEC §8's 403. A route added later is a
 * write unless it is a GET or listed here.
 */
const VIEWER_CALLS: Partial<Record<RouteName, 'reads' | 'own account'>> = {
  // POSTs that write nothing: a burst of session checks, computations and previews.
  accessBatch: 'reads',
  statsQuery: 'reads',
  contentParse: 'reads',
  contentCompiler: 'reads',
  contentOptions: 'reads',
  backtest: 'reads',
  // The operator's own sign-in: a viewer signs out, ends its own sessions, changes its password.
  logout: 'own account',
  mySessionRevoke: 'own account',
  passwordChange: 'own account',
};

/**
 * How a route's rows relate to providers, for an operator granted only some of them:
 * - (absent) its parameters name the provider (`p`, `providerId`, `provider`) or a record of one
 *   (a match, league, team, content item…): the services check each is granted (403 otherwise);
 * - 'global': its data belongs to no provider (sports, market types, the caller's own account);
 * - 'filtered': its handler answers only rows of granted providers;
 * - 'spans': it answers rows of several providers whatever its parameters (cross-provider searches,
 *   screens of the whole deployment): refused (403) unless the operator sees every provider.
 * A route whose parameters name no provider and that is not listed is refused likewise.
 */
export type ProviderScope = 'global' | 'filtered' | 'spans';
const PROVIDER_SCOPES: Partial<Record<RouteName, ProviderScope>> = {
  session: 'global',
  logout: 'global',
  accessBatch: 'filtered',
  providers: 'filtered',
  // The change stream: a limited caller hears the notices of its providers and those of sessions.
  changes: 'filtered',
  sports: 'global',
  marketTypes: 'global',
  eventTypes: 'global',
  eventTags: 'global',
  contentCategories: 'global',
  basket: 'global',
  basketSave: 'global',
  mySessions: 'global',
  mySessionRevoke: 'global',
  passwordChange: 'global',
  uofMarketMap: 'global',
  uofMarketMapSave: 'global',
  uofMarketMapDelete: 'global',
  uofMarketDescriptions: 'global',
  uofMarketVariant: 'global',
  // Admins only (and an admin without grants sees every provider); listed so the table is complete.
  operators: 'global',
  operatorInvite: 'global',
  operatorStatus: 'global',
  operatorAdmin: 'global',
  operatorAccess: 'global',
  operatorResetPassword: 'global',
  operatorSessions: 'global',
  operatorSessionRevoke: 'global',
  matchConnectSearch: 'spans',
  teamConnectSearch: 'spans',
  matchesContent: 'spans',
  statsQuery: 'spans',
  feedHealth: 'spans',
  deadLetters: 'spans',
  uofDeadLetters: 'spans',
  uofDeadLetterRedrive: 'spans',
  displays: 'spans',
  displayCreate: 'spans',
  displayRevoke: 'spans',
  contentImage: 'spans',
};

const names = new Map<RouteDef, RouteName>(Object.entries(routes).map(([name, route]) => [route as RouteDef, name as RouteName]));
const byKey = new Map<string, RouteName>(Object.entries(routes).map(([name, route]) => [`${route.method} ${route.path}`, name as RouteName]));

/** The route's name in the contract, from its method and Fastify path (undefined: not a route of the contract). */
export const routeNameOf = (method: string, path: string | undefined): RouteName | undefined =>
  path === undefined ? undefined : byKey.get(`${method} ${path}`);

/** Whether a viewer may make this call (every GET, and the few POSTs that write nothing or touch only their own sign-in). */
export function viewerMayCall(route: RouteDef): boolean {
  const name = names.get(route);
  return route.method === 'GET' || route.public === true || (name !== undefined && VIEWER_CALLS[name] !== undefined);
}

/** How the route's rows relate to providers (undefined: its parameters name them). */
export const providerScopeOf = (route: RouteDef): ProviderScope | undefined => {
  const name = names.get(route);
  return name === undefined ? undefined : PROVIDER_SCOPES[name];
};
