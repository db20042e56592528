import { routes, SOCKET_AUTH_ERROR, type DisplaySession, type SessionReply } from '@odds/protocol';
import { type Query, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { apiKey, queryClient } from '../../api/queries';
import { liveSocket } from '../../live/liveSocket';

export type DisplayState = { kind: 'loading' } | { kind: 'ok'; display: DisplaySession } | { kind: 'revoked' } | { kind: 'unreachable' };

/** While the console cannot be reached, a wall asks again this often. */
const RETRY_MS = 10_000;

const refusedToken = (error: unknown) => error instanceof ApiError && error.status === 401;

/** A failed check (relay or services away) is asked again every 10 s; a refused token or a good answer is not. */
const nextCheck = (query: Query<SessionReply, ApiError>) => (query.state.status === 'error' && !refusedToken(query.state.error) ? RETRY_MS : false);

/**
 * The display a wall shows, from its token's session, through the query cache. A refused token
 * (revoked) ends the wall at once: the relay cuts a revoked display's socket, and the wall then
 * asks whether its token still holds. Anything else (relay or services down) is waited out: asked
 * again every 10 s and as soon as the network comes back, the display kept if it was shown.
 */
export function useDisplaySession(): DisplayState {
  const session = useQuery<SessionReply, ApiError>(
    {
      queryKey: apiKey(routes.session),
      queryFn: ({ signal }) => api(routes.session, { silent: true, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      // The wall says at once that it cannot reach the console; its 10 s checks are the retries.
      retry: false,
      refetchInterval: nextCheck,
      refetchIntervalInBackground: true,
      refetchOnReconnect: 'always',
    },
    queryClient,
  );

  const { refetch } = session;
  useEffect(() => {
    const check = () => void refetch();
    const socket = liveSocket();
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') check();
    };
    const onRefused = (error: Error) => {
      if (error.message === SOCKET_AUTH_ERROR) check();
    };
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onRefused);
    return () => {
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onRefused);
    };
  }, [refetch]);

  if (session.isError && refusedToken(session.error)) return { kind: 'revoked' };
  if (session.data) return session.data.display ? { kind: 'ok', display: session.data.display } : { kind: 'revoked' };
  return session.isError ? { kind: 'unreachable' } : { kind: 'loading' };
}
