import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { LIVE_WS_PATH, PACKED_ENCODING } from '@odds/protocol';
import type { RelayMetrics } from '../../metrics';
import type { UpstreamClient } from '../../upstream';
import type { Admission } from './admission';
import type { LiveHub } from '../hub';
import { LivePacker } from './packing';
import { PlainLiveConnection, WS_CLOSE, type PlainLiveSession } from './plain-live-connection';
import type { WsRooms } from './ws-rooms';

export { WS_CLOSE, type PlainLiveSession } from './plain-live-connection';

/** What `registerPlainWs` hands back: every open socket (closed on shutdown) and the authenticated ones. */
export interface PlainWs {
  sockets: ReadonlySet<WebSocket>;
  sessions: ReadonlySet<PlainLiveSession>;
}

/**
 * `/live`: the watch/snapshot/delta protocol as JSON over a plain WebSocket, for dashboards and
 * scripts without socket.io (protocol's live-envelope.ts). The token comes in the upgrade's
 * Authorization header or, from browsers, in a first `auth` message; nothing else is accepted
 * before it. Requests are validated, rate-limited and answered exactly as on socket.io. A client
 * that connects with `?packed=deflate-raw` gets big snapshots and deltas as binary messages,
 * deflated once for every connection (protocol LIVE_WS_PACKED_QUERY); the others get text only.
 */
export async function registerPlainWs(
  app: FastifyInstance,
  deps: { upstream: UpstreamClient; hub: LiveHub; rooms: WsRooms; metrics: RelayMetrics; admission: Admission; packer?: LivePacker },
): Promise<PlainWs> {
  const { upstream, hub, rooms, metrics, admission, packer = new LivePacker(metrics) } = deps;
  const log = app.log.child({ module: 'relay:live-ws' });
  const open = new Set<WebSocket>();
  const sessions = new Set<PlainLiveSession>();
  let sequence = 0;
  await registerWebsocket(app);

  app.get(LIVE_WS_PATH, { websocket: true, preValidation: handshakeCheck(admission, metrics) }, (socket, request) => {
    new PlainLiveConnection(socket, request, `ws:${++sequence}`, { upstream, hub, rooms, metrics, admission, packer, log, open, sessions }).start();
  });

  return { sockets: open, sessions };
}

/** @fastify/websocket: messages of at most 64 KB, and every client told of a restart on shutdown. */
async function registerWebsocket(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On shutdown, tell clients it is a restart (1012), so they reconnect to another instance.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE.restarting, 'Relay restarting');
      this.websocketServer.close();
      done();
    },
  });
}

/**
 * The upgrade's checks, refused before it as plain HTTP (400 for an encoding it does not speak,
 * 429 over the handshake rate): a client cycling through tokens never gets to ask the upstream.
 */
function handshakeCheck(admission: Admission, metrics: RelayMetrics) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { packed } = request.query as { packed?: unknown };
    if (packed !== undefined && packed !== PACKED_ENCODING) {
      return reply.status(400).send({
        statusCode: 400,
        code: 'BAD_PACKED',
        error: 'Bad Request',
        message: `packed must be ${PACKED_ENCODING} (or left out for text messages only)`,
      });
    }
    const tooFast = admission.handshake(request.ip);
    if (!tooFast) return;
    metrics.refusals.inc({ reason: 'handshake rate' });
    return reply.status(429).header('retry-after', '1').send({ statusCode: 429, code: 'TOO_MANY_HANDSHAKES', error: 'Too Many Requests', message: tooFast });
  };
}
