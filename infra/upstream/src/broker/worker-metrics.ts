import { Counter, Gauge, type Registry } from 'prom-client';

/** What an engine worker counts, for /metrics (Prometheus, through a prom-client registry) and /healthz. */
export class WorkerMetrics {
  consumed = 0;
  acked = 0;
  redelivered = 0;
  deadLettered = 0;
  requeued = 0;
  batches = 0;
  batchedMessages = 0;
  lastBatchSize = 0;
  maxBatchSize = 0;
  offers = 0;
  /** The engine's own counters (engine.ts `counters`), when the worker has one. */
  engine: { loads: number; reloads: number; unaffected: number; redecided: number } | null = null;
  readonly deadByKind = new Map<string, number>();
  readonly lastReasons: { at: string; kind: string; reason: string; routing_key: string }[] = [];
  /** Per shard: messages consumed, last lag (publish to ack, ms), queue depth (ready messages). */
  readonly shards = new Map<string, { consumed: number; lagMs: number; depth: number; lastAt: number }>();

  shard(name: string) {
    let s = this.shards.get(name);
    if (!s) {
      s = { consumed: 0, lagMs: 0, depth: 0, lastAt: 0 };
      this.shards.set(name, s);
    }
    return s;
  }

  batch(size: number): void {
    this.batches += 1;
    this.batchedMessages += size;
    this.lastBatchSize = size;
    this.maxBatchSize = Math.max(this.maxBatchSize, size);
  }

  dead(kind: string, reason: string, routingKey: string): void {
    this.deadLettered += 1;
    this.deadByKind.set(kind, (this.deadByKind.get(kind) ?? 0) + 1);
    this.lastReasons.unshift({ at: new Date().toISOString(), kind, reason, routing_key: routingKey });
    this.lastReasons.length = Math.min(this.lastReasons.length, 20);
  }

  /**
   * Exposes these counts on a prom-client registry (with @odds/ops's process and Node metrics):
   * each series reads the counts when scraped, so counting stays plain arithmetic here.
   */
  register(registry: Registry): void {
    const counts = this;
    const registers = [registry];
    const total = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    const perShard = (name: string, help: string, read: (shard: { consumed: number; lagMs: number; depth: number }) => number, kind: 'counter' | 'gauge') => {
      const collect = function (this: Counter<'shard'> | Gauge<'shard'>) {
        this.reset();
        for (const [shard, s] of counts.shards) this instanceof Counter ? this.inc({ shard }, read(s)) : this.set({ shard }, read(s));
      };
      return kind === 'counter'
        ? new Counter({ name, help, labelNames: ['shard'], registers, collect })
        : new Gauge({ name, help, labelNames: ['shard'], registers, collect });
    };
    total('engine_messages_consumed_total', 'Feed messages taken from the shard queues.', () => counts.consumed);
    total('engine_messages_acked_total', 'Messages acknowledged after their batch committed.', () => counts.acked);
    total('engine_messages_redelivered_total', 'Messages the broker delivered again.', () => counts.redelivered);
    total('engine_messages_requeued_total', 'Messages given back to their queue.', () => counts.requeued);
    new Counter({
      name: 'engine_messages_dead_lettered_total',
      help: 'Poison messages sent to odds.dead, by kind.',
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        for (const [kind, n] of counts.deadByKind) this.inc({ kind }, n);
      },
    });
    total('engine_batches_total', 'Batches ingested.', () => counts.batches);
    gauge('engine_batch_size', 'Messages in the last batch.', () => counts.lastBatchSize);
    gauge('engine_batch_size_max', 'Messages in the largest batch.', () => counts.maxBatchSize);
    gauge('engine_batch_size_mean', 'Mean messages per batch.', () => (counts.batches ? counts.batchedMessages / counts.batches : 0));
    total('engine_offers_total', 'Offers stored.', () => counts.offers);
    total('engine_match_loads_total', 'Match states loaded into the cache.', () => counts.engine?.loads ?? 0);
    total('engine_match_reloads_total', 'Cached matches read again after an edit.', () => counts.engine?.reloads ?? 0);
    total('engine_contact_changes_unaffected_total', "Contact edits that concerned none of a match's contacts.", () => counts.engine?.unaffected ?? 0);
    total('engine_batches_redecided_total', 'Batches decided again after a moved ledger version.', () => counts.engine?.redecided ?? 0);
    perShard('engine_shard_consumed_total', 'Messages consumed per shard.', (s) => s.consumed, 'counter');
    perShard('engine_shard_lag_ms', 'Publish to ack of the last message, per shard (ms).', (s) => s.lagMs, 'gauge');
    perShard('engine_shard_depth', 'Ready messages in the shard queue.', (s) => s.depth, 'gauge');
  }

  json() {
    return {
      consumed: this.consumed,
      acked: this.acked,
      redelivered: this.redelivered,
      requeued: this.requeued,
      dead_lettered: this.deadLettered,
      dead_by_kind: Object.fromEntries(this.deadByKind),
      batches: this.batches,
      last_batch_size: this.lastBatchSize,
      max_batch_size: this.maxBatchSize,
      offers: this.offers,
      ...(this.engine && {
        match_loads: this.engine.loads,
        match_reloads: this.engine.reloads,
        contact_changes_unaffected: this.engine.unaffected,
        redecided: this.engine.redecided,
      }),
      last_reasons: this.lastReasons.slice(0, 5),
      shards: Object.fromEntries([...this.shards].map(([k, s]) => [k, { consumed: s.consumed, lag_ms: s.lagMs, depth: s.depth }])),
    };
  }
}
