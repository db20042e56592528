import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { activeContext, SpanKind, type Context, type Environment } from '@odds/ops';
import type { Db } from '../db/client';
import type { Change, ChangeBus } from './bus';
import { spans } from '../spans';
import { selectRows } from '../db/rows';

/** How the outbox is published (CHANGE_OUTBOX_SWEEP_MS, CHANGE_OUTBOX_DELAY_MS: docs/configuration.md). */
export interface NoticeSettings {
  /** How often the outbox is looked at for rows nobody published (another process crashed after its commit). */
  sweepMs: number;
  /**
   * How long after a commit its notices wait before they are published (0 in service). A test
   * sets it to kill a process between the commit and the publish and see the notice survive.
   */
  delayMs: number;
}

export const noticeSettings = (env: Pick<Environment, 'CHANGE_OUTBOX_SWEEP_MS' | 'CHANGE_OUTBOX_DELAY_MS'>): NoticeSettings => ({
  sweepMs: env.CHANGE_OUTBOX_SWEEP_MS,
  delayMs: env.CHANGE_OUTBOX_DELAY_MS,
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's outbox publisher (app.ts). */
    notices: NoticePublisher;
  }
}

/** Rows taken per transaction. */
const BATCH = 100;
/** Outbox rows whose writes' trace contexts are held (rows another process published are forgotten past it). */
const TRACED_ROWS = 1000;

type OutboxRow = { id: number | string; notice: Change };

/**
 * Publishes the change outbox (coedit/notices.ts) of one database on the change stream. Each round
 * takes the oldest unpublished rows with `FOR UPDATE SKIP LOCKED`, publishes them (and waits for the
 * transport between processes to take them), then deletes them in the same transaction: with
 * several API processes on one Postgres each row is taken by exactly one of them, a crash before
 * the commit leaves the rows to be published again (at least once: a notice only makes the relay
 * read a table), and the table holds only what is on its way. It runs at start (what a crashed
 * process left), after each local commit, and every `sweepMs` (what another process left).
 */
export class NoticePublisher {
  /** Rows published by this process since it started (tests and metrics). */
  published = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private sweep: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The trace context of the write that committed each outbox row this process holds (committed). */
  private readonly traces = new Map<number, Context>();

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
    private readonly settings: NoticeSettings,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Publishes what the outbox holds now, then keeps sweeping it; commits of this app wake it (`committed`). */
  start(): Promise<void> {
    this.sweep = setInterval(() => void this.wake(), this.settings.sweepMs);
    this.sweep.unref();
    return this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    await this.running;
  }

  /**
   * A write of this app committed notices (coedit/versioned.ts): publish them now, waited for (so the
   * reply to the write follows its notice) unless the delay setting holds them back. Rows nobody
   * here takes are published later: by the sweep of any API process on the database, or by this
   * one after a restart. `rows`, the outbox ids of the notices: their publication continues the
   * write's trace (docs/tracing.md), whichever round takes them.
   */
  committed(rows: readonly number[] = []): Promise<void> {
    for (const id of rows) this.traces.set(id, activeContext());
    // The oldest first: rows another process's sweep published never come back here.
    for (const id of this.traces.keys()) if (this.traces.size > TRACED_ROWS) this.traces.delete(id);
    const done = this.wake();
    return this.settings.delayMs ? Promise.resolve() : done;
  }

  /** Publishes the outbox now (after the delay setting); one round at a time, one more if woken meanwhile. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        if (this.settings.delayMs) await new Promise((resolve) => setTimeout(resolve, this.settings.delayMs).unref());
        try {
          while (!this.stopped && (await this.round()) === BATCH);
        } catch (error) {
          // The rows stay; the next commit or sweep tries again.
          this.log?.warn({ err: error }, 'could not publish change notices; they stay in the outbox');
        }
      } while (this.again && !this.stopped);
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** One transaction: take, publish, delete. How many rows it took. */
  private async round(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await selectRows<OutboxRow>(tx, sql`select id, notice from change_outbox order by id limit ${BATCH} for update skip locked`);
      if (!rows.length) return 0;
      for (const row of rows) await this.publish(row);
      await tx.execute(
        sql`delete from change_outbox where id in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
      this.published += rows.length;
      return rows.length;
    });
  }

  /** One notice on the change stream, in a span of the trace of the write that committed it (a new trace when another process did). */
  private publish(row: OutboxRow): Promise<unknown> {
    const id = Number(row.id);
    const parent = this.traces.get(id) ?? null;
    this.traces.delete(id);
    const attributes = { 'odds.match_id': row.notice.match_id, 'odds.topics': [...row.notice.topics], 'odds.change.transport': this.bus.transportKind };
    return spans.run('publish change notice', { kind: SpanKind.PRODUCER, parent, attributes }, () => this.bus.publishConfirmed(row.notice));
  }
}
