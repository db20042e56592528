import { lazy, Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/not-found/NotFound';
import { Shell } from '../shell/Shell';
import { afterLoginPath } from '../stores/session';
import { loadHomeScreen, loadMatchesScreen } from './landingScreens';

// The DataTable is the heaviest piece of PrimeReact: load it with the first list screen.
// The landing screens' loaders are shared with preload.ts, which starts them with the page.
const MatchesScreen = lazy(loadMatchesScreen);
const HomeScreen = lazy(loadHomeScreen);
const LeaguesScreen = lazy(() => import('../screens/leagues/LeaguesScreen'));
const LeagueTablesScreen = lazy(() => import('../screens/league-tables/LeagueTablesScreen'));
const LeagueStatsScreen = lazy(() => import('../screens/league-stats/LeagueStatsScreen'));
const Stats2Screen = lazy(() => import('../screens/stats2/Stats2Screen'));
const TeamsScreen = lazy(() => import('../screens/teams/TeamsScreen'));
const MarketsScreen = lazy(() => import('../screens/markets/MarketsScreen'));
const SettingsScreen = lazy(() => import('../screens/settings/SettingsScreen'));
const ReportsScreen = lazy(() => import('../screens/reports/ReportsScreen'));
const ContactsScreen = lazy(() => import('../screens/contacts/ContactsScreen'));
const ContactFormScreen = lazy(() => import('../screens/contacts/ContactFormScreen'));
const CmsScreen = lazy(() => import('../screens/cms/CmsScreen'));
const ContentEditScreen = lazy(() => import('../screens/cms/edit/ContentEditScreen'));
const MatchDraftScreen = lazy(() => import('../screens/cms/match/MatchDraftScreen'));
const GroupedContentScreen = lazy(() => import('../screens/cms/group/GroupedContentScreen'));
const PlaygroundScreen = lazy(() => import('../screens/cms/playground/PlaygroundScreen'));
const EventsScreen = lazy(() => import('../screens/events/EventsScreen'));
const EventEditScreen = lazy(() => import('../screens/events/EventEditScreen'));
const TrackersScreen = lazy(() => import('../screens/trackers/TrackersScreen'));
const TrackerFormScreen = lazy(() => import('../screens/trackers/TrackerFormScreen'));
const MatchContentTab = lazy(() => import('../screens/match/content/ContentTab'));
const MatchThresholdsTab = lazy(() => import('../screens/match/thresholds/ThresholdsTab'));
const MatchLayout = lazy(() => import('../screens/match/MatchLayout'));
const WallScreen = lazy(() => import('../screens/wall/WallScreen'));
const DisplaysScreen = lazy(() => import('../screens/displays/DisplaysScreen'));
const OperatorsScreen = lazy(() => import('../screens/operators/OperatorsScreen'));
const CatalogScreen = lazy(() => import('../screens/catalog/CatalogScreen'));
const FeedHealthScreen = lazy(() => import('../screens/feed-health/FeedHealthScreen'));
const ComplianceScreen = lazy(() => import('../screens/compliance/ComplianceScreen'));
const MatchGraphTab = lazy(() => import('../screens/match/graph/GraphTab'));
const MatchFeedTab = lazy(() => import('../screens/match/feed/FeedTab'));
const MatchDeliveryTab = lazy(() => import('../screens/match/delivery/DeliveryTab'));

/** /login once signed in (a bookmark, a second tab): on to `?next=` or home, not Not Found. */
function LoginRedirect() {
  return <Navigate to={afterLoginPath(useLocation().search)} replace />;
}

/**
 * The route table of SPEC §2 under the shell. react-router matches with or without a trailing
 * slash, so /settings/ and /cms/builder/ work as written in the spec.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: 'home', element: <HomeScreen /> },
      { path: 'login', element: <LoginRedirect /> },
      { path: 'matches', element: <MatchesScreen /> },
      { path: 'displays', element: <DisplaysScreen /> },
      { path: 'operators', element: <OperatorsScreen /> },
      { path: 'catalog', element: <CatalogScreen /> },
      { path: 'feed-health', element: <FeedHealthScreen /> },
      { path: 'compliance', element: <ComplianceScreen /> },
      { path: 'league/:leagueId/matches', element: <MatchesScreen /> },
      { path: 'leagues', element: <LeaguesScreen /> },
      { path: 'league/:leagueId/tables', element: <LeagueTablesScreen /> },
      { path: 'league/:leagueId/tables/:seasonId', element: <LeagueTablesScreen /> },
      { path: 'league/:leagueId/stats', element: <LeagueStatsScreen /> },
      { path: 'league/:leagueId/stats/:seasonId', element: <LeagueStatsScreen /> },
      { path: 'league/:leagueId/stats/:seasonId/team/:teamId', element: <LeagueStatsScreen /> },
      { path: 'league/:leagueId/stats/:seasonId/team/:teamId/market/:marketId', element: <LeagueStatsScreen /> },
      { path: 'league/:leagueId/stats2', element: <Stats2Screen /> },
      { path: 'league/:leagueId/stats2/:seasonId/teams', element: <Stats2Screen /> },
      { path: 'league/:leagueId/stats2/:seasonId/teams/:teamId/:otherTeamId', element: <Stats2Screen /> },
      { path: 'league/:leagueId/stats2/:seasonId/teams/:teamId/:otherTeamId/market/:marketId', element: <Stats2Screen /> },
      { path: 'teams', element: <TeamsScreen /> },
      { path: 'teams/league/:leagueId', element: <TeamsScreen /> },
      { path: 'markets', element: <MarketsScreen /> },
      { path: 'settings', element: <SettingsScreen /> },
      { path: 'reports', element: <ReportsScreen /> },
      { path: 'cms', element: <CmsScreen /> },
      { path: 'cms/edit', element: <ContentEditScreen /> },
      { path: 'cms/edit/:contentId', element: <ContentEditScreen /> },
      { path: 'cms/match/:matchId/edit', element: <MatchDraftScreen /> },
      { path: 'cms/create/group', element: <GroupedContentScreen /> },
      { path: 'cms/group/:groupId', element: <GroupedContentScreen /> },
      { path: 'cms/builder', element: <PlaygroundScreen /> },
      { path: 'contacts', element: <ContactsScreen /> },
      { path: 'contacts/edit', element: <ContactFormScreen /> },
      { path: 'contacts/:contactId/edit', element: <ContactFormScreen /> },
      { path: 'events', element: <EventsScreen /> },
      { path: 'trackers', element: <TrackersScreen /> },
      { path: 'tracker/:id', element: <TrackerFormScreen /> },
      {
        // The match pages share one header and tab bar (SPEC §2 Match pages).
        element: <MatchLayout />,
        children: [
          {
            path: 'match/:matchId',
            children: [
              { index: true, element: <MatchGraphTab /> },
              { path: 'thresholds', element: <MatchThresholdsTab /> },
              { path: 'feed', element: <MatchFeedTab /> },
              { path: 'delivery', element: <MatchDeliveryTab /> },
              // SPEC §2: the content route is loosely matched.
              { path: 'content/*', element: <MatchContentTab /> },
            ],
          },
          { path: 'events/:matchId', element: <EventsScreen /> },
          { path: 'event/:matchId/edit', element: <EventEditScreen /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  // Wall-mounted screens: no shell chrome (SPEC, wall view).
  {
    path: '/wall',
    element: (
      <Suspense fallback={null}>
        <WallScreen />
      </Suspense>
    ),
  },
];
