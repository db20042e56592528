import { describe, expect, it } from 'vitest';
import { createRelayMetrics } from './metrics';

/** Every metric docs/operations.md promises, under the names dashboards already use. */
const RELAY_METRICS = [
  'relay_upstream_requests_total',
  'relay_upstream_request_duration_seconds',
  'relay_active_pollers',
  'relay_connected_sockets',
  'relay_rooms',
  'relay_deltas_sent_total',
  'relay_delta_items_total',
  'relay_push_latency_seconds',
  'relay_snapshots_sent_total',
  'relay_resyncs_total',
  'relay_refusals_total',
  'relay_change_notices_total',
  'relay_leases_total',
  'nodejs_heap_used_bytes',
  'nodejs_eventloop_delay_p99_seconds',
  'nodejs_eventloop_delay_max_seconds',
];
/** A few of prom-client's standard process and Node.js metrics. */
const STANDARD_METRICS = [
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_version_info',
];

describe('relay metrics', () => {
  it('have every metric the relay promises and the standard process ones', async () => {
    const text = await createRelayMetrics().registry.metrics();
    for (const name of [...RELAY_METRICS, ...STANDARD_METRICS]) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
  });

  it('render what the relay counted, with labels, in the text format', async () => {
    const metrics = createRelayMetrics();
    metrics.upstreamRequests.inc({ topic: 'offers', status: 200 });
    metrics.upstreamRequests.inc({ status: 200, topic: 'offers' }, 2);
    metrics.refusals.inc({ reason: 'say "hi"\n' });
    metrics.activePollers.inc({}, 3);
    metrics.pushLatency.observe({ topic: 'feed' }, 0.3);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^relay_upstream_requests_total\{topic="offers",status="200"\} 3$/m);
    expect(text).toContain('relay_refusals_total{reason="say \\"hi\\"\\n"} 1');
    expect(text).toMatch(/^relay_active_pollers 3$/m);
    expect(text).toMatch(/^relay_connected_sockets\{transport="ws"\} 0$/m);
    expect(text).toMatch(/^relay_push_latency_seconds_bucket\{le="0.25",topic="feed"\} 0$/m);
    expect(text).toMatch(/^relay_push_latency_seconds_bucket\{le="0.5",topic="feed"\} 1$/m);
  });

  it('keep separate figures per relay instance in one process', async () => {
    const one = createRelayMetrics();
    const two = createRelayMetrics();
    one.changeNotices.inc({ kind: 'change' });
    expect(await one.registry.metrics()).toMatch(/^relay_change_notices_total\{kind="change"\} 1$/m);
    expect(await two.registry.metrics()).not.toMatch(/^relay_change_notices_total\{/m);
  });
});
