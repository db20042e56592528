import type { FastifyInstance } from 'fastify';
import type { Producer } from './recorded';
import type { Replies } from './replies';
import type { SnapshotPublisher } from './snapshots';
import { document, el } from './xml';

export interface RecoveryRequest {
  producer: number;
  requestId: number;
  after: number | null;
  nodeId: number | null;
  at: number;
}

/** What the recovery call shares with the stand-in: the accepted requests, and the timers of snapshots not yet published (cleared on close). */
export interface Recoveries {
  producers: Producer[];
  recoveries: RecoveryRequest[];
  pending: Set<NodeJS.Timeout>;
  snapshots: SnapshotPublisher | null;
  snapshotDelayMs: number | undefined;
  now: () => number;
}

/**
 * The recovery call: refused as the vendor does (unknown or inactive producer, bad numbers, too
 * old an `after`), else accepted with 202 and its `snapshot_complete` published a little later.
 */
export function routeRecovery(
  app: FastifyInstance,
  { producers, recoveries, pending, snapshots, snapshotDelayMs, now }: Recoveries,
  { xml, refuse }: Replies,
): void {
  app.post<{ Params: { producer: string }; Querystring: Record<string, string | undefined> }>(
    '/v1/:producer/recovery/initiate_request',
    async (request, reply) => {
      const producer = producers.find((p) => p.path === request.params.producer);
      if (!producer) return refuse(reply, 404, `No producer '${request.params.producer}'.`);
      if (!producer.active) return refuse(reply, 403, `Producer ${producer.id} (${producer.path}) is not active for this bookmaker.`);
      const { after, request_id: requestIdText, node_id: nodeText } = request.query;
      const whole = (text: string | undefined) => (text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null);
      const requestId = whole(requestIdText);
      if (requestId === null) return refuse(reply, 400, `request_id must be a whole number, got '${requestIdText ?? ''}'.`);
      const afterMs = after === undefined ? null : whole(after);
      if (after !== undefined && afterMs === null) return refuse(reply, 400, `after must be a time in milliseconds, got '${after}'.`);
      const nodeId = nodeText === undefined ? null : whole(nodeText);
      if (nodeText !== undefined && nodeId === null) return refuse(reply, 400, `node_id must be a whole number, got '${nodeText}'.`);
      const oldest = now() - producer.windowMinutes * 60_000;
      if (afterMs !== null && afterMs < oldest)
        return refuse(
          reply,
          400,
          `after ${new Date(afterMs).toISOString()} is older than producer ${producer.id}'s recovery window of ${producer.windowMinutes} minutes.`,
        );
      const accepted: RecoveryRequest = { producer: producer.id, requestId, after: afterMs, nodeId, at: now() };
      recoveries.push(accepted);
      const publish = () => {
        pending.delete(timer);
        snapshots
          ?.snapshotComplete({ product: producer.id, requestId, nodeId, timestamp: now() })
          .then(() => app.log.info({ producer: producer.id, requestId }, 'snapshot_complete published'))
          .catch((error: unknown) => app.log.error({ err: error, producer: producer.id, requestId }, 'snapshot_complete not published'));
      };
      const timer = setTimeout(publish, snapshotDelayMs ?? 500);
      pending.add(timer);
      const since = afterMs === null ? 'full' : `after ${new Date(afterMs).toISOString()}`;
      return xml(
        reply,
        202,
        document(
          el('response', { response_code: 'ACCEPTED' }, [
            el('action', {}, [`Request for ${producer.path} recovery (${since}) with request_id ${requestId} accepted`]),
          ]),
        ),
      );
    },
  );
}
