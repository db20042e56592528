import { Gauge, Histogram, type Registry } from 'prom-client';
import type { UofConnectionHealth, UofConnectionState } from '@odds/protocol';
import type { Db } from '../../db/client';
import { uofConnection } from '../../db/schema';
import type { ProducerView } from './producers';

/** A connection row not written for this long belongs to no running adapter. */
const CURRENT_MS = 15_000;

/**
 * The UOF adapter's live state in its process: the broker connection (state, since, why, the last
 * message's arrival), and its producers with their delay. /readyz and the metrics read it here;
 * Feed health reads the copy the adapter writes to `uof_connection` (any API process serves it).
 */
export class UofStatus {
  state: UofConnectionState = 'connecting';
  since: number;
  reason: string | null = null;
  lastMessageMs: number | null = null;
  reconnects = 0;
  /** The adapter's producers, once it runs. */
  producers: () => ProducerView[] = () => [];
  private age: Histogram | null = null;

  constructor(private readonly now: () => number = Date.now) {
    this.since = now();
  }

  set(state: UofConnectionState, reason: string | null): void {
    if (state === 'connected' && this.state === 'down') this.reconnects += 1;
    if (state !== this.state) this.since = this.now();
    this.state = state;
    this.reason = reason;
  }

  /** A message arrived (our clock). */
  arrived(): void {
    this.lastMessageMs = this.now();
  }

  /** A live message's age against its own timestamp, as it is handled: a sample of its producer's delay. */
  observeAge(producer: number, ageMs: number): void {
    this.age?.observe({ producer: String(producer) }, Math.max(0, ageMs) / 1000);
  }

  /** What /readyz says of the connection (readiness itself does not depend on it: docs/feeds-uof.md). */
  detail(): { state: UofConnectionState; since: string; reason: string | null; last_message_s: number | null } {
    return {
      state: this.state,
      since: new Date(this.since).toISOString(),
      reason: this.reason,
      last_message_s: this.lastMessageMs === null ? null : Math.round((this.now() - this.lastMessageMs) / 1000),
    };
  }

  /** The adapter's gauges and its message-age histogram on the API's /metrics. */
  register(registry: Registry): void {
    const status = this;
    this.age = new Histogram({
      name: 'uof_message_age_seconds',
      help: 'How far behind its own timestamp each UOF message arrived, by producer.',
      labelNames: ['producer'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60, 300],
      registers: [registry],
    });
    new Gauge({
      name: 'uof_producer_delay_seconds',
      help: "How far behind its timestamp a UOF producer's last live message arrived.",
      labelNames: ['producer'],
      registers: [registry],
      collect() {
        this.reset();
        for (const p of status.producers()) if (p.delayMs !== null) this.set({ producer: String(p.id) }, p.delayMs / 1000);
      },
    });
    new Gauge({
      name: 'uof_producer_up',
      help: 'A UOF producer that is up (1) or down or recovering (0).',
      labelNames: ['producer'],
      registers: [registry],
      collect() {
        this.reset();
        for (const p of status.producers()) this.set({ producer: String(p.id) }, p.state === 'up' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'uof_connection_up',
      help: "The UOF adapter's broker connection: connected (1) or not (0).",
      registers: [registry],
      collect() {
        this.set(status.state === 'connected' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'uof_last_message_age_seconds',
      help: 'Seconds since the UOF adapter last received a message (-1 before the first).',
      registers: [registry],
      collect() {
        this.set(status.lastMessageMs === null ? -1 : (status.now() - status.lastMessageMs) / 1000);
      },
    });
  }

  /** Writes the connection row Feed health reads (on every change and every few seconds). */
  async persist(db: Db): Promise<void> {
    const values = {
      state: this.state,
      since: new Date(this.since),
      reason: this.reason,
      lastMessageAt: this.lastMessageMs === null ? null : new Date(this.lastMessageMs),
      reconnects: this.reconnects,
      updatedAt: new Date(this.now()),
    };
    await db
      .insert(uofConnection)
      .values({ id: 'uof', ...values })
      .onConflictDoUpdate({ target: uofConnection.id, set: values });
  }
}

/** The connection as Feed health shows it, from the row (null when no adapter ever wrote one). */
export async function readConnection(db: Db, nowMs = Date.now()): Promise<UofConnectionHealth | null> {
  const [row] = await db.select().from(uofConnection);
  if (!row) return null;
  return {
    state: row.state as UofConnectionState,
    since: row.since.toISOString(),
    reason: row.reason,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    reconnects: row.reconnects,
    current: nowMs - row.updatedAt.getTime() < CURRENT_MS,
  };
}
