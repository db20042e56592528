/**
 * The screens an operator lands on, one import each (so one chunk each): asked for early by
 * preload.ts and rendered lazily by routes.tsx. A room of its own so that the router does not
 * import preload.ts, which loads the console, which holds the router.
 */
export const loadHomeScreen = () => import('../screens/home/HomeScreen');
export const loadMatchesScreen = () => import('../screens/matches/MatchesScreen');
