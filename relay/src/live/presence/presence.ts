import type { EditingTab, MatchEditor } from '@odds/protocol';
import type { RedisClient } from '../../redis';
import { matchKeys } from '../ground/keys';

export interface Viewer {
  id: number;
  name: string;
}

/** One connection's editing of a tab: `conn` tells two sockets of one operator apart. */
export interface Editing {
  conn: string;
  id: number;
  name: string;
  tab: EditingTab;
}

/** What a match's presence is, across instances: operators watching, and who edits which tab. */
export interface Presence {
  viewers: Viewer[];
  editors: MatchEditor[];
}

/**
 * Who watches each match, across instances. An instance publishes its own viewers of a match and
 * its connections' editing, and reads back everyone's: operators counted once however many tabs or
 * instances they use, an operator editing a tab listed once however many sockets edit it.
 */
export interface PresenceBoard {
  publish(matchId: number, local: Viewer[], editing?: Editing[]): Promise<Presence>;
  close(): Promise<void>;
}

export const distinctViewers = (viewers: Iterable<Viewer>): Viewer[] => {
  const byId = new Map<number, Viewer>();
  for (const viewer of viewers) byId.set(viewer.id, viewer);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
};

export const distinctEditors = (editing: Iterable<Pick<Editing, 'id' | 'name' | 'tab'>>): MatchEditor[] => {
  const byKey = new Map<string, MatchEditor>();
  for (const { id, name, tab } of editing) byKey.set(`${id}/${tab}`, { id, name, tab });
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id || a.tab.localeCompare(b.tab));
};

export class MemoryPresence implements PresenceBoard {
  async publish(_matchId: number, local: Viewer[], editing: Editing[] = []): Promise<Presence> {
    return { viewers: distinctViewers(local), editors: distinctEditors(editing) };
  }
  async close(): Promise<void> {}
}

interface Entry {
  at: number;
  viewers: Viewer[];
  /** Per connection of the instance (absent in entries of older relays). */
  editing?: Editing[];
}

/**
 * A Redis hash per match, one field per instance holding its viewers, its connections' editing and
 * when it wrote them. An instance rewrites its field every refresh and on every change; fields
 * older than `staleMs` (a crashed instance) are ignored and deleted.
 */
export class RedisPresence implements PresenceBoard {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly instanceId: string,
    private readonly staleMs = 45_000,
  ) {}

  async publish(matchId: number, local: Viewer[], editing: Editing[] = []): Promise<Presence> {
    const key = matchKeys(this.prefix, matchId).presence;
    const multi = this.redis.multi();
    if (local.length || editing.length) {
      const entry: Entry = { at: Date.now(), viewers: distinctViewers(local), editing: editing.map(({ conn, id, name, tab }) => ({ conn, id, name, tab })) };
      multi.hSet(key, this.instanceId, JSON.stringify(entry)).pExpire(key, this.staleMs * 2);
    } else multi.hDel(key, this.instanceId);
    multi.hGetAll(key);
    const replies = await multi.exec();
    const all = (replies.at(-1) ?? {}) as Record<string, string>;
    const now = Date.now();
    const viewers: Viewer[] = [];
    const editors: Editing[] = [];
    const stale: string[] = [];
    for (const [instance, text] of Object.entries(all)) {
      const entry = JSON.parse(text) as Entry;
      if (now - entry.at > this.staleMs) stale.push(instance);
      else {
        viewers.push(...entry.viewers);
        editors.push(...(entry.editing ?? []));
      }
    }
    if (stale.length) await this.redis.hDel(key, stale);
    return { viewers: distinctViewers(viewers), editors: distinctEditors(editors) };
  }

  async close(): Promise<void> {}
}
