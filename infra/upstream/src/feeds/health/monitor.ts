import { eq, notInArray } from 'drizzle-orm';
import type { MatchFeedHealth } from '@odds/protocol';
import type { Db } from '../../db/client';
import { auditLog, feedStalls } from '../../db/schema';
import type { ChangeBus } from '../../notices/bus';
import { liveFeedHealth } from './read';
import type { FeedHealthSettings } from './settings';

/** Who the audit rows of stalls name: no operator did it. */
const MONITOR = { id: null, name: 'Feed monitor' };

/** The audit row of a stall starting or ending: the match's feed state before and after, by the monitor. */
const stallAudit = (matchId: number, before: Record<string, unknown>, after: Record<string, unknown>): typeof auditLog.$inferInsert => ({
  actorId: MONITOR.id,
  actorName: MONITOR.name,
  entity: 'match',
  entityId: matchId,
  matchId,
  action: 'update',
  version: null,
  before,
  after,
});

interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Watches every live match's feed: when one goes FEED_STALL_S without a message (or its UOF
 * producer is down) it records the stall (`feed_stalls`), writes an audit row and announces it on
 * the change stream, which the relay pushes to every console and wall; when messages return it
 * does the same for the end. The stall row is the one truth: several API processes may run the
 * monitor, and only the one whose insert or delete took effect writes the audit and announces.
 */
export class FeedStallMonitor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** The last state seen per live match (the Prometheus gauge reads it). */
  readonly current = new Map<number, MatchFeedHealth>();

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
    private readonly settings: FeedHealthSettings,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** How often to look: a quarter of the stall time, between 0.2 and 5 s. */
  get tickMs(): number {
    return Math.min(5_000, Math.max(200, (this.settings.stallAfterS * 1000) / 4));
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look at every live match (also called by tests). Never throws: a failed look is logged and retried next tick. */
  tick(): Promise<void> {
    this.running ??= this.look()
      .catch((error: unknown) => this.log.warn({ err: error }, 'feed health check failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async look(): Promise<void> {
    const nowMs = this.now();
    const { matches: rows, recorded } = await liveFeedHealth(this.db, this.settings, nowMs);
    const live = new Set(rows.map((r) => r.match_id));
    for (const row of rows) {
      const { reason, ...health } = row;
      if (reason !== null) await this.begin(health, reason, nowMs);
      // Only a recorded stall can end: a healthy match costs no write (one recorded by another
      // process after this read ends at the next look).
      else if (recorded.has(row.match_id)) await this.end(health);
      this.current.set(row.match_id, health);
    }
    for (const id of this.current.keys()) if (!live.has(id)) this.current.delete(id);
    // A match no longer in play is not stalled: its row goes quietly (the end of play is its own event).
    const gone = live.size
      ? await this.db
          .delete(feedStalls)
          .where(notInArray(feedStalls.matchId, [...live]))
          .returning()
      : await this.db.delete(feedStalls).returning();
    for (const stall of gone) this.log.info({ matchId: stall.matchId }, 'feed stall cleared: match no longer in play');
  }

  private async begin(health: MatchFeedHealth, reason: string, nowMs: number): Promise<void> {
    const started = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedStalls)
        .values({ matchId: health.match_id, since: new Date(nowMs), lastMessageAt: health.last_message_at ? new Date(health.last_message_at) : null, reason })
        .onConflictDoNothing()
        .returning();
      if (!row) return false;
      await tx
        .insert(auditLog)
        .values(
          stallAudit(health.match_id, { feed_stalled: false }, { feed_stalled: true, reason, last_message_at: health.last_message_at, feed: health.feed }),
        );
      return true;
    });
    if (!started) return;
    this.log.warn({ matchId: health.match_id, reason }, 'feed stalled');
    this.bus.publish({ match_id: 0, topics: [], feed_health: { ...health, stalled_since: new Date(nowMs).toISOString() } });
  }

  private async end(health: MatchFeedHealth): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(feedStalls).where(eq(feedStalls.matchId, health.match_id)).returning();
      if (!row) return false;
      await tx
        .insert(auditLog)
        .values(
          stallAudit(
            health.match_id,
            { feed_stalled: true, since: row.since.toISOString(), reason: row.reason },
            { feed_stalled: false, last_message_at: health.last_message_at },
          ),
        );
      return true;
    });
    if (!ended) return;
    this.log.info({ matchId: health.match_id }, 'feed stall over: messages returned');
    this.bus.publish({ match_id: 0, topics: [], feed_health: health });
  }
}
