import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMetrics } from '../../metrics';
import type { RedisClient } from '../../redis';
import { matchKeys } from '../ground/keys';
import type { MemoryStore } from './store';

/**
 * Leadership of a match: across all relay instances, only the holder of its lease runs its pollers.
 * `campaign` keeps trying while this instance has watchers of the match; `onElected` gets the
 * fencing token (grows with every new holder; the store refuses writes with an older one), and
 * `onDeposed` is called when the lease is lost, before anyone else can have it.
 */
export interface Leases {
  campaign(matchId: number, handlers: { onElected(fence: number): void; onDeposed(): void }): Campaign;
  close(): Promise<void>;
}

export interface Campaign {
  /** Gives the lease up (if held) and stops trying. */
  stop(): Promise<void>;
}

/** One process: always elected at once, with the store's next fence. */
export class MemoryLeases implements Leases {
  constructor(private readonly store: MemoryStore) {}
  campaign(matchId: number, handlers: { onElected(fence: number): void; onDeposed(): void }): Campaign {
    let held = true;
    handlers.onElected(this.store.nextFence(matchId));
    return {
      stop: async () => {
        if (held) handlers.onDeposed();
        held = false;
      },
    };
  }
  async close(): Promise<void> {}
}

// Take the lease if free, and a new fencing token with it.
const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  local fence = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], 86400000)
  return fence
end
return 0`;
// Extend the lease only if it is still ours.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

export interface RedisLeaseOptions {
  prefix: string;
  /** How long a lease lasts without renewal: how long a crashed leader's matches go unpolled at most. */
  ttlMs: number;
}

/**
 * Leases in Redis (SET NX PX with a random owner, renewed by compare-and-expire, released by
 * compare-and-delete) with a fencing token from INCR. A holder that cannot renew (Redis slow or
 * unreachable) steps down once its lease may have lapsed, so two leaders never poll at once for
 * longer than one renewal round trip.
 */
export class RedisLeases implements Leases {
  private readonly campaigns = new Set<Campaign>();

  constructor(
    private readonly redis: RedisClient,
    private readonly options: RedisLeaseOptions,
    private readonly metrics: RelayMetrics,
    private readonly log: FastifyBaseLogger,
  ) {}

  campaign(matchId: number, handlers: { onElected(fence: number): void; onDeposed(): void }): Campaign {
    const keys = matchKeys(this.options.prefix, matchId);
    const owner = randomUUID();
    const { ttlMs } = this.options;
    const roundMs = Math.max(50, Math.floor(ttlMs / 3));
    let held = false;
    let validUntil = 0;
    let stopped = false;
    let busy = false;

    const depose = (why: string) => {
      if (!held) return;
      held = false;
      this.metrics.leases.inc({ event: 'lost' });
      this.log.warn({ matchId, why }, 'lost the poller lease');
      handlers.onDeposed();
    };

    const round = async () => {
      // Could not confirm in time (Redis slow or down): assume someone else may hold it now.
      if (held && Date.now() > validUntil - roundMs) depose('renewal overdue');
      if (busy || stopped) return;
      busy = true;
      const started = Date.now();
      try {
        if (held) {
          const renewed = Number(await this.redis.eval(RENEW, { keys: [keys.lease], arguments: [owner, String(ttlMs)] }));
          if (stopped) return;
          if (renewed === 1) validUntil = started + ttlMs;
          else depose('taken over');
        } else {
          const fence = Number(await this.redis.eval(ACQUIRE, { keys: [keys.lease, keys.fence], arguments: [owner, String(ttlMs)] }));
          if (stopped) {
            if (fence > 0) await this.redis.eval(RELEASE, { keys: [keys.lease], arguments: [owner] });
            return;
          }
          if (fence > 0) {
            held = true;
            validUntil = started + ttlMs;
            this.metrics.leases.inc({ event: 'acquired' });
            this.log.debug({ matchId, fence }, 'acquired the poller lease');
            handlers.onElected(fence);
          }
        }
      } catch (error) {
        this.log.warn({ err: error, matchId }, 'lease round failed');
      } finally {
        busy = false;
      }
    };

    const timer = setInterval(() => void round(), roundMs);
    void round();
    const campaign: Campaign = {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        clearInterval(timer);
        this.campaigns.delete(campaign);
        if (held) {
          held = false;
          handlers.onDeposed();
          this.metrics.leases.inc({ event: 'released' });
          // Best effort, and never held up by an unreachable Redis: an unreleased lease lapses by itself.
          await Promise.race([
            this.redis.eval(RELEASE, { keys: [keys.lease], arguments: [owner] }),
            new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
          ]).catch((error: unknown) => this.log.warn({ err: error, matchId }, 'could not release the poller lease; it lapses by itself'));
        }
      },
    };
    this.campaigns.add(campaign);
    return campaign;
  }

  async close(): Promise<void> {
    await Promise.all([...this.campaigns].map((campaign) => campaign.stop()));
  }
}
