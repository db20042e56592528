import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { HomeScreen } from '../screens/home/HomeScreen';
import { NotFound } from '../screens/not-found/NotFound';
import { Placeholder } from '../screens/placeholder/Placeholder';
import { Shell } from '../shell/Shell';
import { PLACEHOLDERS } from './placeholders';

// The DataTable is the heaviest piece of PrimeReact: load it with the first list screen.
const MatchesScreen = lazy(() => import('../screens/matches/MatchesScreen'));

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
      { path: 'matches', element: <MatchesScreen /> },
      { path: 'league/:leagueId/matches', element: <MatchesScreen /> },
      ...PLACEHOLDERS.flatMap(({ paths, title, text }) =>
        paths.map((path) => ({ path, element: <Placeholder title={title} text={text} /> })),
      ),
      { path: '*', element: <NotFound /> },
    ],
  },
];
