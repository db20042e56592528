import { routes } from '@odds/protocol';
import { useEffect } from 'react';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { listenToFeedHealth } from '../../live/feedHealthLive';

/**
 * The Feed health screen's data: `GET /api/1/feed-health` once, then again whenever the relay
 * pushes a stall starting or ending (a push, not a poll); the stalled rows count up on screen.
 */
export function useFeedHealth() {
  const query = useApiQuery(routes.feedHealth, { silent: true });
  useEffect(
    () =>
      listenToFeedHealth(() => {
        void invalidateRoute(routes.feedHealth);
        void invalidateRoute(routes.uofDeadLetters);
      }),
    [],
  );
  // A failed re-read keeps the last answer on screen with its error, as before.
  return { health: query.data ?? null, error: query.error ? query.error.message : null };
}
