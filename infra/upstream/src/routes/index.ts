import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit';
import { bannerRoutes } from './banner';
import { basketRoutes } from './basket';
import { catalogRoutes } from './catalog';
import { catalogSyncRoutes } from './catalog-sync';
import { catalogEditRoutes } from './catalog-edit';
import { fixtureImportRoutes } from './fixture-import';
import { channelRoutes as channelCredentialRoutes } from './channels';
import { contactRoutes } from './contacts';
import { contentRoutes } from './content';
import { deliveryRoutes } from './deliveries';
import { engineRoutes } from './engine';
import { changeStreamRoutes } from '../notices/stream-route';
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
import { whatsappWebhookRoutes } from './whatsapp-webhook';
import { uofMarketDescriptionRoutes } from './uof-descriptions';
import type { RouteDeps } from './deps';
// Signing secrets and tracked links (docs/channels.md).
import { webhookRoutes } from './webhooks';
import { complianceDataRoutes } from './compliance-data';
// The kill switch and today's suppressions (compliance operations).
import { complianceOpsRoutes } from './compliance-ops';

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
  changeStreamRoutes,
  firingRoutes,
  auditRoutes,
  uofRoutes,
  whatsappWebhookRoutes,
  webhookRoutes,
  channelCredentialRoutes,
  uofMarketDescriptionRoutes,
  complianceDataRoutes,
  complianceOpsRoutes,
  catalogSyncRoutes,
  // The catalog made by hand (docs/catalog.md).
  catalogEditRoutes,
  fixtureImportRoutes,
];
