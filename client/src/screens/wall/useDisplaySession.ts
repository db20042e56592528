import { routes, SOCKET_AUTH_ERROR, type DisplaySession } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { liveSocket } from '../../live/liveSocket';

export type DisplayState = { kind: 'loading' } | { kind: 'ok'; display: DisplaySession } | { kind: 'revoked' } | { kind: 'unreachable' };

/** While the console cannot be reached, a wall asks again this often. */
const RETRY_MS = 10_000;

/**
 * The display a wall shows, from its token's session. A refused token (revoked) ends the wall at
 * once: the relay cuts a revoked display's socket, and the wall then asks whether its token still
 * holds. Anything else (relay or services down) is waited out.
 */
export function useDisplaySession(): DisplayState {
  const [state, setState] = useState<DisplayState>({ kind: 'loading' });

  const check = useCallback(async () => {
    try {
      const session = await api(routes.session, { silent: true });
      if (session.display) setState({ kind: 'ok', display: session.display });
      else setState({ kind: 'revoked' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setState({ kind: 'revoked' });
      else setState((now) => (now.kind === 'ok' ? now : { kind: 'unreachable' }));
    }
  }, []);

  useEffect(() => {
    void check();
    const socket = liveSocket();
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') void check();
    };
    const onRefused = (error: Error) => {
      if (error.message === SOCKET_AUTH_ERROR) void check();
    };
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onRefused);
    // Back online: ask at once rather than at the next retry.
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onRefused);
    };
  }, [check]);

  useEffect(() => {
    if (state.kind !== 'unreachable') return;
    const timer = setTimeout(() => void check(), RETRY_MS);
    return () => clearTimeout(timer);
  }, [state, check]);

  return state;
}
