import { LIVE_TOPICS, type LiveTopic, type StatusPayload } from '@odds/protocol';
import type { RedisClient } from '../../redis';
import type { Change, LiveRecord } from './diff';
import type { SeqChange } from './history';
import type { OutlineEntry } from './outline';
import { matchKeys } from '../ground/keys';
import { newEpoch, type LiveStore, type Missed, type Position, type TopicState, type Trim } from './store';

// Current state of a topic: {seq, epoch, records, outline}; starts a new epoch (ARGV[1]) at seq 0 when there is none.
// KEYS: seq, records, epoch, history, outline.
const SNAPSHOT = `
local seq = redis.call('GET', KEYS[1])
local epoch = redis.call('GET', KEYS[3])
if not seq or not epoch then
  seq = '0'
  epoch = ARGV[1]
  redis.call('SET', KEYS[1], seq, 'PX', ARGV[2])
  redis.call('SET', KEYS[3], epoch, 'PX', ARGV[2])
  redis.call('DEL', KEYS[4], KEYS[5])
end
return {seq, epoch, redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[5])}`;

// Deltas after ARGV[1] of epoch ARGV[2]: {seq, epoch, 'ok', entries...}, {seq, epoch, 'old'} when not all are
// held or the epoch is another, {'0', '', 'none'} for a new topic. KEYS: seq, history, epoch.
const SINCE = `
local seq = redis.call('GET', KEYS[1])
local epoch = redis.call('GET', KEYS[3])
if not seq or not epoch then return {'0', '', 'none'} end
if epoch ~= ARGV[2] then return {seq, epoch, 'old'} end
local need = tonumber(seq) - tonumber(ARGV[1])
if need == 0 then return {seq, epoch, 'ok'} end
if need < 0 or need > redis.call('LLEN', KEYS[2]) then return {seq, epoch, 'old'} end
local entries = redis.call('LRANGE', KEYS[2], -need, -1)
table.insert(entries, 1, 'ok')
table.insert(entries, 1, epoch)
table.insert(entries, 1, seq)
return entries`;

// Appends a change if ARGV[1] is still the match's fence: {'-1', ''} otherwise, else {seq, epoch}.
// A topic without state starts a new epoch (ARGV[2]) whose first delta is seq 1. With it, a bounded
// topic's trim: records dropped, outline entries kept (the outline replaced when ARGV[10] is '1').
// KEYS: fence, seq, records, history, epoch, outline.
// ARGV: fence, new epoch, ttl ms, max deltas, change JSON, counts of upserts n, removes r, drops d and
// outline entries o, fresh; then n pairs (id, JSON), r removed ids, d dropped ids, o pairs (key, JSON).
const COMMIT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {'-1', ''} end
local epoch = redis.call('GET', KEYS[5])
local current = redis.call('GET', KEYS[2])
if not epoch or not current then
  epoch = ARGV[2]
  current = '0'
  redis.call('DEL', KEYS[4], KEYS[6])
end
local seq = tonumber(current) + 1
local n, r, d, o = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local at = 11
for i = 1, n do
  redis.call('HSET', KEYS[3], ARGV[at], ARGV[at + 1])
  at = at + 2
end
for i = 1, r + d do
  redis.call('HDEL', KEYS[3], ARGV[at])
  at = at + 1
end
if ARGV[10] == '1' then redis.call('DEL', KEYS[6]) end
for i = 1, o do
  redis.call('HSET', KEYS[6], ARGV[at], ARGV[at + 1])
  at = at + 2
end
redis.call('SET', KEYS[2], string.format('%.0f', seq), 'PX', ARGV[3])
redis.call('SET', KEYS[5], epoch, 'PX', ARGV[3])
redis.call('RPUSH', KEYS[4], string.format('%.0f', seq) .. ' ' .. ARGV[5])
redis.call('LTRIM', KEYS[4], -tonumber(ARGV[4]), -1)
redis.call('PEXPIRE', KEYS[3], ARGV[3])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
redis.call('PEXPIRE', KEYS[6], ARGV[3])
return {string.format('%.0f', seq), epoch}`;

const SET_STATUS = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;

export interface RedisStoreOptions {
  prefix: string;
  /** How long a topic's state outlives its last write or keep-alive. */
  retainMs: number;
  maxDeltas: number;
}

/**
 * The live state in Redis, shared by every relay instance: per match and topic an epoch and a seq,
 * a hash of records by id (offers: only the newest, and a hash of the older ones' outline by its
 * key) and a capped list of recent deltas (`"<seq> <json>"`) of that epoch. Writes go through one Lua
 * script that first checks the writer's fencing token, so they are atomic and only the current
 * lease holder's land.
 */
export class RedisStore implements LiveStore {
  readonly kind = 'redis';

  constructor(
    private readonly redis: RedisClient,
    private readonly options: RedisStoreOptions,
  ) {}

  private keys(matchId: number) {
    return matchKeys(this.options.prefix, matchId);
  }

  async snapshot(matchId: number, topic: LiveTopic): Promise<TopicState> {
    const keys = this.keys(matchId).topic(topic);
    const [seq, epoch, flat, outlineFlat] = (await this.redis.eval(SNAPSHOT, {
      keys: [keys.seq, keys.records, keys.epoch, keys.history, keys.outline],
      arguments: [newEpoch(), String(this.options.retainMs)],
    })) as [string, string, string[], string[]];
    const records: LiveRecord[] = [];
    for (let i = 1; i < flat.length; i += 2) records.push(JSON.parse(flat[i]!) as LiveRecord);
    records.sort((a, b) => a.id - b.id);
    const outline: OutlineEntry[] = [];
    for (let i = 0; i < outlineFlat.length; i += 2) outline.push([outlineFlat[i]!, JSON.parse(outlineFlat[i + 1]!) as OutlineEntry[1]]);
    return { epoch, seq: Number(seq), records, ...(outline.length > 0 && { outline }) };
  }

  async since(matchId: number, topic: LiveTopic, sinceSeq: number, epoch: string | undefined): Promise<Missed> {
    const keys = this.keys(matchId).topic(topic);
    const [seqText, current, outcome, ...entries] = (await this.redis.eval(SINCE, {
      keys: [keys.seq, keys.history, keys.epoch],
      arguments: [String(sinceSeq), epoch ?? ''],
    })) as string[];
    const seq = Number(seqText);
    if (outcome !== 'ok') return { epoch: current!, seq, deltas: null };
    const deltas: SeqChange[] = entries.map((entry) => {
      const space = entry.indexOf(' ');
      return { seq: Number(entry.slice(0, space)), ...(JSON.parse(entry.slice(space + 1)) as Change) };
    });
    // The list is capped by count; its seqs are consecutive by construction, check anyway.
    const consecutive = deltas.every((delta, i) => delta.seq === sinceSeq + 1 + i) && (deltas.at(-1)?.seq ?? sinceSeq) === seq;
    return { epoch: current!, seq, deltas: consecutive ? deltas : null };
  }

  async commit(matchId: number, topic: LiveTopic, fence: number, change: Change, trim?: Trim | null): Promise<Position | null> {
    const keys = this.keys(matchId);
    const topicKeys = keys.topic(topic);
    const args = [
      String(fence),
      newEpoch(),
      String(this.options.retainMs),
      String(this.options.maxDeltas),
      JSON.stringify({ upserts: change.upserts, removes: change.removes }),
      String(change.upserts.length),
      String(change.removes.length),
      String(trim?.drop.length ?? 0),
      String(trim?.outline.length ?? 0),
      trim?.fresh ? '1' : '0',
    ];
    for (const record of change.upserts) args.push(String(record.id), JSON.stringify(record));
    for (const id of change.removes) args.push(String(id));
    for (const id of trim?.drop ?? []) args.push(String(id));
    for (const [key, point] of trim?.outline ?? []) args.push(key, JSON.stringify(point));
    const [seq, epoch] = (await this.redis.eval(COMMIT, {
      keys: [keys.fence, topicKeys.seq, topicKeys.records, topicKeys.history, topicKeys.epoch, topicKeys.outline],
      arguments: args,
    })) as [string, string];
    return Number(seq) < 0 ? null : { epoch, seq: Number(seq) };
  }

  async status(matchId: number): Promise<StatusPayload | null> {
    const text = await this.redis.get(this.keys(matchId).status);
    return text ? (JSON.parse(text) as StatusPayload) : null;
  }

  async setStatus(matchId: number, fence: number, status: StatusPayload): Promise<boolean> {
    const keys = this.keys(matchId);
    const done = await this.redis.eval(SET_STATUS, {
      keys: [keys.fence, keys.status],
      arguments: [String(fence), JSON.stringify(status), String(this.options.retainMs)],
    });
    return Number(done) === 1;
  }

  /** Keeps a watched match's state from expiring while nothing changes in it. */
  retain(matchId: number): void {
    const keys = this.keys(matchId);
    const all = [keys.status, ...LIVE_TOPICS.flatMap((topic) => Object.values(keys.topic(topic)))];
    const multi = this.redis.multi();
    for (const key of all) multi.pExpire(key, this.options.retainMs);
    multi.exec().catch(() => {
      // Best effort: the next keep-alive or commit extends them again.
    });
  }

  release(): void {
    // Keys expire by themselves `retainMs` after the last write or keep-alive.
  }

  async close(): Promise<void> {}
}
