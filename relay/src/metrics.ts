/**
 * The relay's Prometheus metrics on prom-client: the standard process and Node.js metrics of
 * `createRegistry` (@odds/ops) plus the relay's own, rendered at `/metrics`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRegistry } from '@odds/ops';
import { Counter, Gauge, Histogram } from 'prom-client';

/** Every metric the relay exposes; one instance per relay (tests run several in one process). */
export function createRelayMetrics() {
  const registry = createRegistry();
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, buckets: number[], labelNames: readonly L[]) =>
    new Histogram<L>({ name, help, buckets, labelNames, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = [], collect?: (this: Gauge<L>) => void) =>
    new Gauge<L>({ name, help, labelNames, registers, ...(collect && { collect }) });

  // Event-loop delay (prom-client's nodejs_eventloop_lag_* are the standard set's): a relay that
  // cannot keep up shows it here first; the bench reads these two.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);

  const connectedSockets = gauge('relay_connected_sockets', 'Authenticated live connections to this instance, by transport (socketio, ws).', ['transport']);
  for (const transport of ['socketio', 'ws']) connectedSockets.set({ transport }, 0);
  return {
    registry,
    upstreamRequests: counter(
      'relay_upstream_requests_total',
      'Requests the relay made to the upstream for live data, by topic and HTTP status (or "error" when none came back).',
      ['topic', 'status'],
    ),
    upstreamDuration: histogram(
      'relay_upstream_request_duration_seconds',
      'Duration of the live-data requests to the upstream, by topic.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      ['topic'],
    ),
    safetyChecks: counter(
      'relay_safety_checks_total',
      "Safety checks of a polled match (one live-versions call each), by whether a topic's version had moved (yes, no).",
      ['moved'],
    ),
    activePollers: gauge('relay_active_pollers', 'Topic pollers running in this instance (one per match and topic across all instances).'),
    connectedSockets,
    rooms: gauge('relay_rooms', 'Matches watched by at least one connection of this instance.'),
    deltasSent: counter('relay_deltas_sent_total', 'Deltas pushed to the room of a match, by topic (one per room, however many watchers).', ['topic']),
    deltaItems: counter('relay_delta_items_total', 'Records carried by pushed deltas, by topic and kind (upsert, remove).', ['topic', 'kind']),
    pushLatency: histogram(
      'relay_push_latency_seconds',
      'From a record being created at the upstream (its created_at) to its delta leaving the relay, by topic.',
      [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['topic'],
    ),
    livePath: histogram(
      'relay_live_path_seconds',
      "Where a change notice's time goes until its delta leaves the relay, by phase: publish (record created → notice sent by the upstream), stream (notice sent → received here), wait (received → poll started), fetch (the upstream read), commit (diff and store commit), emit (the room broadcast).",
      [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      ['phase'],
    ),
    snapshotsSent: counter('relay_snapshots_sent_total', 'Snapshots sent to one connection, by reason (watch, resync).', ['reason']),
    packed: counter(
      'relay_live_packed_total',
      'Snapshots and deltas deflated for the live path (once per payload, however many connections get it), by transport (socketio, ws).',
      ['transport'],
    ),
    packedBytes: counter(
      'relay_live_packed_bytes_total',
      'Bytes of the payloads deflated for the live path, by transport and form (json before, deflated after).',
      ['transport', 'form'],
    ),
    resyncs: counter('relay_resyncs_total', 'Resync requests, by how they were served (deltas, snapshot, current).', ['served']),
    refusals: counter('relay_refusals_total', 'Refused connections and requests, by reason.', ['reason']),
    changeNotices: counter('relay_change_notices_total', 'Change announcements received from the upstream change stream, by kind.', ['kind']),
    leases: counter('relay_leases_total', 'Poller leases of matches, by event (acquired, lost, released).', ['event']),
    heap: gauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', [], function () {
      this.set(process.memoryUsage().heapUsed);
    }),
    // Scraping changes nothing: these cover the whole life of the process (a scrape that reset them
    // would let anyone who can scrape hide a stall from the next scraper).
    loopP99: gauge('nodejs_eventloop_delay_p99_seconds', 'Event-loop delay p99 since the process started.', [], function () {
      this.set(seconds(loop.percentile(99)));
    }),
    loopMax: gauge('nodejs_eventloop_delay_max_seconds', 'Longest event-loop delay since the process started.', [], function () {
      this.set(seconds(loop.max));
    }),
  };
}
export type RelayMetrics = ReturnType<typeof createRelayMetrics>;
