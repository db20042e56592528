import { authRoutes } from './auth';
import { catalogRoutes } from './catalog';

export * from './define';
export { ProviderSportParams, LeaguesQuery, MatchesQuery } from './catalog';

/** The REST contract: every call the console makes, by name. */
export const routes = {
  ...authRoutes,
  ...catalogRoutes,
};
export type Routes = typeof routes;
export type RouteName = keyof Routes;
