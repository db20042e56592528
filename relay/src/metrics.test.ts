import { describe, expect, it } from 'vitest';
import { Counter, createRelayMetrics, Gauge, Histogram, Registry } from './metrics';

describe('metrics', () => {
  it('render counters, gauges and histograms in the Prometheus text format', () => {
    const registry = new Registry();
    const requests = registry.register(new Counter('requests_total', 'Requests.'));
    const open = registry.register(new Gauge('open', 'Open things.'));
    const latency = registry.register(new Histogram('latency_seconds', 'Latency.', [0.1, 1]));
    requests.inc({ topic: 'offers', status: 200 });
    requests.inc({ status: 200, topic: 'offers' }, 2);
    requests.inc({ topic: 'feed', status: 'error' });
    open.set(4);
    latency.observe(0.05);
    latency.observe(0.5);
    latency.observe(3);
    expect(registry.render()).toBe([
      '# HELP requests_total Requests.', '# TYPE requests_total counter',
      'requests_total{topic="offers",status="200"} 3', 'requests_total{topic="feed",status="error"} 1',
      '# HELP open Open things.', '# TYPE open gauge', 'open 4',
      '# HELP latency_seconds Latency.', '# TYPE latency_seconds histogram',
      'latency_seconds_bucket{le="0.1"} 1', 'latency_seconds_bucket{le="1"} 2', 'latency_seconds_bucket{le="+Inf"} 3',
      'latency_seconds_sum 3.55', 'latency_seconds_count 3', '',
    ].join('\n'));
  });

  it('escape label values', () => {
    const counter = new Counter('x_total', 'X.');
    counter.inc({ reason: 'say "hi"\n' });
    expect(counter.render()).toContain('x_total{reason="say \\"hi\\"\\n"} 1');
  });

  it('have every metric the relay promises', () => {
    const text = createRelayMetrics().registry.render();
    for (const name of ['relay_upstream_requests_total', 'relay_active_pollers', 'relay_connected_sockets', 'relay_rooms', 'relay_deltas_sent_total', 'relay_push_latency_seconds', 'process_resident_memory_bytes']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});
