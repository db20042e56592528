import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { bannerRoutes } from './banner';
import { basketRoutes } from './basket';
import { catalogRoutes } from './catalog';
import { catalogSyncRoutes } from './catalog-sync';
import { catalogEditRoutes } from './catalog-edit';
import { channelRoutes } from './channels';
import { contactRoutes } from './contacts';
import { contentRoutes } from './content';
import { deliveryRoutes } from './deliveries';
import { displayRoutes } from './displays';
import { engineRoutes } from './engine';
import { eventRoutes } from './events';
import { firingRoutes } from './firings';
import { groupRoutes } from './groups';
import { leagueRoutes } from './leagues';
import { liveRoutes } from './live';
import { marketRoutes } from './markets';
import { matchRoutes } from './match';
import { matchesRoutes } from './matches';
import { offerRoutes } from './offers';
import { operatorRoutes } from './operators';
import { providerRoutes } from './providers';
import { searchRoutes } from './search';
import { teamRoutes } from './teams';
import { thresholdRoutes } from './thresholds';
import { trackerRoutes } from './trackers';
import { uofRoutes } from './uof';
import { webhookRoutes } from './webhooks';
import { vendorWebhookRoutes } from './vendor-webhooks';
import { uofDescriptionRoutes } from './uof-descriptions';
// Sign-in through the company's identity provider (docs/sso.md).
import { ssoRoutes } from './sso';
import { complianceDataRoutes } from './compliance-data';
// The kill switch and today's suppressions (compliance operations).
import { complianceOpsRoutes } from './compliance-ops';

export * from './define';
export { ProviderSportParams, LeaguesQuery, MatchesQuery } from './catalog';
export { ConnectSearchQuery, MoveReply } from './matches';
export { ContentsQuery } from './content';
export { LiveVersions } from './live';
export { ACCESS_BATCH_MAX, type AccessCheck, type AccessResult } from './auth';
export { AuditQuery, versionedReads, versionedWrites, type VersionedWrite } from './audit';

/** One object per resource file; kept apart so a test can see two files claiming the same name. */
export const routeGroups = {
  auth: authRoutes,
  catalog: catalogRoutes,
  catalogEdit: catalogEditRoutes,
  providers: providerRoutes,
  leagues: leagueRoutes,
  matches: matchesRoutes,
  match: matchRoutes,
  thresholds: thresholdRoutes,
  offers: offerRoutes,
  markets: marketRoutes,
  search: searchRoutes,
  teams: teamRoutes,
  events: eventRoutes,
  content: contentRoutes,
  groups: groupRoutes,
  contacts: contactRoutes,
  trackers: trackerRoutes,
  deliveries: deliveryRoutes,
  banner: bannerRoutes,
  basket: basketRoutes,
  engine: engineRoutes,
  displays: displayRoutes,
  operators: operatorRoutes,
  firings: firingRoutes,
  audit: auditRoutes,
  uof: uofRoutes,
  uofDescriptions: uofDescriptionRoutes,
  live: liveRoutes,
  channels: channelRoutes,
  webhooks: webhookRoutes,
  vendorWebhooks: vendorWebhookRoutes,
  sso: ssoRoutes,
  complianceData: complianceDataRoutes,
  complianceOps: complianceOpsRoutes,
  catalogSync: catalogSyncRoutes,
};

/** The REST contract: every call the console makes, by name. */
export const routes = {
  ...authRoutes,
  ...catalogRoutes,
  ...catalogEditRoutes,
  ...providerRoutes,
  ...leagueRoutes,
  ...matchesRoutes,
  ...matchRoutes,
  ...thresholdRoutes,
  ...offerRoutes,
  ...marketRoutes,
  ...searchRoutes,
  ...teamRoutes,
  ...eventRoutes,
  ...contentRoutes,
  ...groupRoutes,
  ...contactRoutes,
  ...trackerRoutes,
  ...deliveryRoutes,
  ...bannerRoutes,
  ...basketRoutes,
  ...engineRoutes,
  ...displayRoutes,
  ...operatorRoutes,
  ...firingRoutes,
  ...auditRoutes,
  ...uofRoutes,
  ...uofDescriptionRoutes,
  ...liveRoutes,
  ...channelRoutes,
  ...webhookRoutes,
  ...vendorWebhookRoutes,
  ...ssoRoutes,
  ...complianceDataRoutes,
  ...complianceOpsRoutes,
  ...catalogSyncRoutes,
};
export type Routes = typeof routes;
export type RouteName = keyof Routes;
