/** What an engine worker counts, for /metrics (Prometheus text) and /healthz. */
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
    if (!s) this.shards.set(name, s = { consumed: 0, lagMs: 0, depth: 0, lastAt: 0 });
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

  prometheus(labels: Record<string, string>): string {
    const l = (extra: Record<string, string> = {}) => `{${Object.entries({ ...labels, ...extra }).map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`).join(',')}}`;
    const lines = [
      '# TYPE engine_messages_consumed_total counter', `engine_messages_consumed_total${l()} ${this.consumed}`,
      '# TYPE engine_messages_acked_total counter', `engine_messages_acked_total${l()} ${this.acked}`,
      '# TYPE engine_messages_redelivered_total counter', `engine_messages_redelivered_total${l()} ${this.redelivered}`,
      '# TYPE engine_messages_requeued_total counter', `engine_messages_requeued_total${l()} ${this.requeued}`,
      '# TYPE engine_messages_dead_lettered_total counter',
      ...[...this.deadByKind].map(([kind, n]) => `engine_messages_dead_lettered_total${l({ kind })} ${n}`),
      '# TYPE engine_batches_total counter', `engine_batches_total${l()} ${this.batches}`,
      '# TYPE engine_batch_size gauge', `engine_batch_size${l()} ${this.lastBatchSize}`,
      '# TYPE engine_batch_size_max gauge', `engine_batch_size_max${l()} ${this.maxBatchSize}`,
      '# TYPE engine_batch_size_mean gauge', `engine_batch_size_mean${l()} ${this.batches ? (this.batchedMessages / this.batches).toFixed(2) : 0}`,
      '# TYPE engine_offers_total counter', `engine_offers_total${l()} ${this.offers}`,
      ...(this.engine ? [
        '# TYPE engine_match_loads_total counter', `engine_match_loads_total${l()} ${this.engine.loads}`,
        '# TYPE engine_match_reloads_total counter', `engine_match_reloads_total${l()} ${this.engine.reloads}`,
        '# TYPE engine_contact_changes_unaffected_total counter', `engine_contact_changes_unaffected_total${l()} ${this.engine.unaffected}`,
        '# TYPE engine_batches_redecided_total counter', `engine_batches_redecided_total${l()} ${this.engine.redecided}`,
      ] : []),
      '# TYPE engine_shard_consumed_total counter', ...[...this.shards].map(([shard, s]) => `engine_shard_consumed_total${l({ shard })} ${s.consumed}`),
      '# TYPE engine_shard_lag_ms gauge', ...[...this.shards].map(([shard, s]) => `engine_shard_lag_ms${l({ shard })} ${s.lagMs}`),
      '# TYPE engine_shard_depth gauge', ...[...this.shards].map(([shard, s]) => `engine_shard_depth${l({ shard })} ${s.depth}`),
    ];
    return `${lines.join('\n')}\n`;
  }

  json() {
    return {
      consumed: this.consumed, acked: this.acked, redelivered: this.redelivered, requeued: this.requeued, dead_lettered: this.deadLettered,
      dead_by_kind: Object.fromEntries(this.deadByKind), batches: this.batches, last_batch_size: this.lastBatchSize, max_batch_size: this.maxBatchSize,
      offers: this.offers, ...(this.engine && { match_loads: this.engine.loads, match_reloads: this.engine.reloads, contact_changes_unaffected: this.engine.unaffected, redecided: this.engine.redecided }),
      last_reasons: this.lastReasons.slice(0, 5),
      shards: Object.fromEntries([...this.shards].map(([k, s]) => [k, { consumed: s.consumed, lag_ms: s.lagMs, depth: s.depth }])),
    };
  }
}
