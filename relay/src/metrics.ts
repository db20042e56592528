/**
 * A small Prometheus registry written by hand (prom-client is not a dependency): counters, gauges
 * and histograms with labels, rendered in the text exposition format 0.0.4 at `/metrics`.
 * Only what the relay needs; label values are escaped, series are kept in insertion order.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

type Labels = Record<string, string | number>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length === 0 ? '' : `{${entries.map(([k, v]) => `${k}="${escapeLabel(String(v))}"`).join(',')}}`;
};
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
const number = (value: number) => (Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN');

interface Metric {
  name: string;
  render(): string;
}

abstract class Series<V> implements Metric {
  protected readonly series = new Map<string, { labels: Labels; value: V }>();
  constructor(readonly name: string, readonly help: string, private readonly type: string) {}
  protected entry(labels: Labels, init: () => V): { labels: Labels; value: V } {
    const key = keyOf(labels);
    let found = this.series.get(key);
    if (!found) {
      found = { labels, value: init() };
      this.series.set(key, found);
    }
    return found;
  }
  protected header(): string {
    return `# HELP ${this.name} ${this.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n# TYPE ${this.name} ${this.type}\n`;
  }
  abstract render(): string;
}

export class Counter extends Series<number> {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels, () => 0).value += by;
  }
  get(labels: Labels = {}): number {
    return this.series.get(keyOf(labels))?.value ?? 0;
  }
  render(): string {
    let text = this.header();
    for (const { labels, value } of this.series.values()) text += `${this.name}${labelText(labels)} ${number(value)}\n`;
    return text;
  }
}

export class Gauge extends Series<number> {
  /** `collect` computes the value at scrape time instead of being set (sizes of live structures). */
  constructor(name: string, help: string, private readonly collect?: () => number | [Labels, number][]) {
    super(name, help, 'gauge');
  }
  set(value: number, labels: Labels = {}): void {
    this.entry(labels, () => 0).value = value;
  }
  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels, () => 0).value += by;
  }
  dec(labels: Labels = {}, by = 1): void {
    this.inc(labels, -by);
  }
  get(labels: Labels = {}): number {
    return this.series.get(keyOf(labels))?.value ?? 0;
  }
  /** Shows these series at 0 before anything happened to them. */
  init(labelSets: Labels[]): this {
    for (const labels of labelSets) this.set(0, labels);
    return this;
  }
  render(): string {
    if (this.collect) {
      const collected = this.collect();
      for (const [labels, value] of typeof collected === 'number' ? ([[{}, collected]] as [Labels, number][]) : collected) this.set(value, labels);
    }
    let text = this.header();
    for (const { labels, value } of this.series.values()) text += `${this.name}${labelText(labels)} ${number(value)}\n`;
    return text;
  }
}

interface Buckets {
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram extends Series<Buckets> {
  constructor(name: string, help: string, private readonly bounds: number[]) {
    super(name, help, 'histogram');
  }
  observe(value: number, labels: Labels = {}): void {
    const entry = this.entry(labels, () => ({ counts: this.bounds.map(() => 0), sum: 0, count: 0 })).value;
    for (let i = 0; i < this.bounds.length; i++) if (value <= this.bounds[i]!) entry.counts[i]!++;
    entry.sum += value;
    entry.count++;
  }
  /** How many values were observed with these labels. */
  count(labels: Labels = {}): number {
    return this.series.get(keyOf(labels))?.value.count ?? 0;
  }
  render(): string {
    let text = this.header();
    for (const { labels, value } of this.series.values()) {
      this.bounds.forEach((bound, i) => {
        text += `${this.name}_bucket${labelText({ ...labels, le: number(bound) })} ${value.counts[i]}\n`;
      });
      text += `${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${value.count}\n`;
      text += `${this.name}_sum${labelText(labels)} ${number(value.sum)}\n`;
      text += `${this.name}_count${labelText(labels)} ${value.count}\n`;
    }
    return text;
  }
}

export class Registry {
  private readonly metrics = new Map<string, Metric>();
  register<M extends Metric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }
  render(): string {
    return [...this.metrics.values()].map((metric) => metric.render()).join('');
  }
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Every metric the relay exposes; one instance per relay (tests run several in one process). */
export function createRelayMetrics() {
  const registry = new Registry();
  // Event-loop delay: a relay that cannot keep up shows it here first.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const loopDelay = (read: (histogram: typeof loop) => number) => () => {
    const seconds = read(loop) / 1e9;
    return Number.isFinite(seconds) ? seconds : 0;
  };
  return {
    registry,
    upstreamRequests: registry.register(new Counter('relay_upstream_requests_total', 'Requests the relay made to the upstream for live data, by topic and HTTP status (or "error" when none came back).')),
    upstreamDuration: registry.register(new Histogram('relay_upstream_request_duration_seconds', 'Duration of the live-data requests to the upstream, by topic.', [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5])),
    activePollers: registry.register(new Gauge('relay_active_pollers', 'Topic pollers running in this instance (one per match and topic across all instances).').init([{}])),
    connectedSockets: registry.register(new Gauge('relay_connected_sockets', 'Authenticated live connections to this instance, by transport (socketio, ws).').init([{ transport: 'socketio' }, { transport: 'ws' }])),
    rooms: registry.register(new Gauge('relay_rooms', 'Matches watched by at least one connection of this instance.').init([{}])),
    deltasSent: registry.register(new Counter('relay_deltas_sent_total', 'Deltas pushed to the room of a match, by topic (one per room, however many watchers).')),
    deltaItems: registry.register(new Counter('relay_delta_items_total', 'Records carried by pushed deltas, by topic and kind (upsert, remove).')),
    pushLatency: registry.register(new Histogram('relay_push_latency_seconds', 'From a record being created at the upstream (its created_at) to its delta leaving the relay, by topic.', [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10])),
    snapshotsSent: registry.register(new Counter('relay_snapshots_sent_total', 'Snapshots sent to one connection, by reason (watch, resync).')),
    resyncs: registry.register(new Counter('relay_resyncs_total', 'Resync requests, by how they were served (deltas, snapshot, current).')),
    refusals: registry.register(new Counter('relay_refusals_total', 'Refused connections and requests, by reason.')),
    changeNotices: registry.register(new Counter('relay_change_notices_total', 'Change announcements received from the upstream change stream.')),
    leases: registry.register(new Counter('relay_leases_total', 'Poller leases of matches, by event (acquired, lost, released).')),
    // Process figures every exporter shows, computed at scrape time.
    rss: registry.register(new Gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss())),
    heap: registry.register(new Gauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', () => process.memoryUsage().heapUsed)),
    // Scraping changes nothing: these cover the whole life of the process (a scrape that reset them
    // would let anyone who can scrape hide a stall from the next scraper).
    loopP99: registry.register(new Gauge('nodejs_eventloop_delay_p99_seconds', 'Event-loop delay p99 since the process started.', loopDelay((h) => h.percentile(99)))),
    loopMax: registry.register(new Gauge('nodejs_eventloop_delay_max_seconds', 'Longest event-loop delay since the process started.', loopDelay((h) => h.max))),
  };
}
export type RelayMetrics = ReturnType<typeof createRelayMetrics>;
