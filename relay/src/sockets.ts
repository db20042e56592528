import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_AUTH_ERROR, type ClientToServerEvents, type ServerToClientEvents, type SocketData } from '@odds/protocol';
import type { UpstreamClient } from './upstream';

/** What the relay keeps on each socket: the protocol's SocketData plus when its token expires. */
type RelaySocketData = SocketData & { expiresAt: number };
export type RelayIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, RelaySocketData>;

/**
 * socket.io on the relay's own HTTP server (not a Fastify plugin: fastify-socket.io targets
 * Fastify 4). A socket must present a valid token in its handshake (`auth: {token}`), checked
 * with the upstream; it is disconnected when that token expires.
 */
export function attachSockets(app: FastifyInstance, upstream: UpstreamClient): RelayIo {
  const log = app.log.child({ module: 'relay:sockets' });
  const io: RelayIo = new Server(app.server, { serveClient: false, cors: { origin: false } });

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    try {
      const session = token ? await upstream.checkToken(token) : null;
      if (!session) return next(new Error(SOCKET_AUTH_ERROR));
      socket.data = { user: session.user, token, expiresAt: session.expiresAt };
      next();
    } catch (error) {
      log.warn({ err: error }, 'token check failed: upstream unreachable');
      next(new Error('Live updates are unavailable: the back-office services cannot be reached'));
    }
  });

  io.on('connection', (socket) => {
    const { user, expiresAt } = socket.data;
    log.debug({ socket: socket.id, user: user.email }, 'socket connected');
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
    socket.on('disconnect', () => clearTimeout(expiry));
    socket.emit('hello', { user: { id: user.id, name: user.name } });
  });

  app.addHook('onClose', async () => {
    await io.close();
  });
  return io;
}
