import { routes, type FeedHealthReply } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { listenToFeedHealth } from '../../live/feedHealthLive';

/**
 * The Feed health screen's data: `GET /api/1/feed-health` once, then again whenever the relay
 * pushes a stall starting or ending (a push, not a poll); the stalled rows count up on screen.
 */
export function useFeedHealth() {
  const [health, setHealth] = useState<FeedHealthReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = useCallback((signal?: AbortSignal) => {
    api(routes.feedHealth, { signal, silent: true }).then((reply) => {
      setHealth(reply);
      setError(null);
    }, (e: Error) => {
      if (!signal?.aborted) setError(e.message);
    });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal);
    const stop = listenToFeedHealth(() => read());
    return () => {
      controller.abort();
      stop();
    };
  }, [read]);
  return { health, error };
}
