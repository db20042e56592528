import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit';
import { bannerRoutes } from './banner';
import { basketRoutes } from './basket';
import { catalogRoutes } from './catalog';
import { contactRoutes } from './contacts';
import { contentRoutes } from './content';
import { deliveryRoutes } from './deliveries';
import { engineRoutes } from './engine';
import { eventRoutes } from './events';
import { feedRoutes } from './feed';
import { firingRoutes } from './firings';
import { groupRoutes } from './groups';
import { leagueRoutes } from './leagues';
import { liveVersionRoutes } from './live-versions';
import { marketRoutes } from './markets';
import { matchContentRoutes } from './match-content';
import { matchesRoutes } from './matches';
import { providerRoutes } from './providers';
import { searchRoutes } from './search';
import { teamRoutes } from './teams';
import { thresholdRoutes } from './thresholds';
import { trackerRoutes } from './trackers';
import { uofRoutes } from './uof';
import type { RouteDeps } from './deps';

/**
 * The route modules of the back-office services, one file per resource. Each registers the
 * routes of protocol's table that it implements, with `implement()`.
 */
export const routeModules: ((app: FastifyInstance, deps: RouteDeps) => Promise<void>)[] = [
  catalogRoutes,
  providerRoutes,
  marketRoutes,
  searchRoutes,
  leagueRoutes,
  matchesRoutes,
  teamRoutes,
  eventRoutes,
  contactRoutes,
  trackerRoutes,
  thresholdRoutes,
  contentRoutes,
  groupRoutes,
  matchContentRoutes,
  bannerRoutes,
  basketRoutes,
  feedRoutes,
  liveVersionRoutes,
  deliveryRoutes,
  engineRoutes,
  firingRoutes,
  auditRoutes,
  uofRoutes,
];
