import type { RedisClient } from '../redis';
import { matchKeys } from './keys';

export interface Viewer {
  id: number;
  name: string;
}

/**
 * Who watches each match, across instances. An instance publishes its own viewers of a match and
 * reads back everyone's: operators counted once however many tabs or instances they use.
 */
export interface PresenceBoard {
  publish(matchId: number, local: Viewer[]): Promise<Viewer[]>;
  close(): Promise<void>;
}

export const distinctViewers = (viewers: Iterable<Viewer>): Viewer[] => {
  const byId = new Map<number, Viewer>();
  for (const viewer of viewers) byId.set(viewer.id, viewer);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
};

export class MemoryPresence implements PresenceBoard {
  async publish(_matchId: number, local: Viewer[]): Promise<Viewer[]> {
    return distinctViewers(local);
  }
  async close(): Promise<void> {}
}

/**
 * A Redis hash per match, one field per instance holding its viewers and when it wrote them. An
 * instance rewrites its fields every refresh; fields older than `staleMs` (a crashed instance)
 * are ignored and deleted.
 */
export class RedisPresence implements PresenceBoard {
  constructor(private readonly redis: RedisClient, private readonly prefix: string, private readonly instanceId: string, private readonly staleMs = 45_000) {}

  async publish(matchId: number, local: Viewer[]): Promise<Viewer[]> {
    const key = matchKeys(this.prefix, matchId).presence;
    const multi = this.redis.multi();
    if (local.length) multi.hSet(key, this.instanceId, JSON.stringify({ at: Date.now(), viewers: distinctViewers(local) })).pExpire(key, this.staleMs * 2);
    else multi.hDel(key, this.instanceId);
    multi.hGetAll(key);
    const replies = await multi.exec();
    const all = (replies.at(-1) ?? {}) as Record<string, string>;
    const now = Date.now();
    const viewers: Viewer[] = [];
    const stale: string[] = [];
    for (const [instance, text] of Object.entries(all)) {
      const entry = JSON.parse(text) as { at: number; viewers: Viewer[] };
      if (now - entry.at > this.staleMs) stale.push(instance);
      else viewers.push(...entry.viewers);
    }
    if (stale.length) await this.redis.hDel(key, stale);
    return distinctViewers(viewers);
  }

  async close(): Promise<void> {}
}
