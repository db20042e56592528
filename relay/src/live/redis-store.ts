import { LIVE_TOPICS, type LiveTopic, type StatusPayload } from '@odds/protocol';
import type { RedisClient } from '../redis';
import type { Change, LiveRecord } from './diff';
import type { SeqChange } from './history';
import { matchKeys } from './keys';
import type { LiveStore, Missed, TopicState } from './store';

// Current state of a topic; creates its seq at the given base when the topic is new.
const SNAPSHOT = `
local seq = redis.call('GET', KEYS[1])
if not seq then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  seq = ARGV[1]
end
return {seq, redis.call('HGETALL', KEYS[2])}`;

// Deltas after ARGV[1]: {seq, 'ok', entries...}, {seq, 'old'} when not all are held, {seq, 'none'} for a new topic.
const SINCE = `
local seq = redis.call('GET', KEYS[1])
if not seq then return {'0', 'none'} end
local need = tonumber(seq) - tonumber(ARGV[1])
if need == 0 then return {seq, 'ok'} end
if need < 0 or need > redis.call('LLEN', KEYS[2]) then return {seq, 'old'} end
local entries = redis.call('LRANGE', KEYS[2], -need, -1)
table.insert(entries, 1, 'ok')
table.insert(entries, 1, seq)
return entries`;

// Appends a change if ARGV[1] is still the match's fence: -1 otherwise, else the new seq.
// ARGV: fence, base seq, ttl ms, max deltas, change JSON, upsert count n, then n pairs (id, JSON), then removed ids.
const COMMIT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local seq = tonumber(redis.call('GET', KEYS[2]) or ARGV[2]) + 1
local n = tonumber(ARGV[6])
for i = 0, n - 1 do redis.call('HSET', KEYS[3], ARGV[7 + 2 * i], ARGV[8 + 2 * i]) end
for i = 7 + 2 * n, #ARGV do redis.call('HDEL', KEYS[3], ARGV[i]) end
redis.call('SET', KEYS[2], string.format('%.0f', seq), 'PX', ARGV[3])
redis.call('RPUSH', KEYS[4], string.format('%.0f', seq) .. ' ' .. ARGV[5])
redis.call('LTRIM', KEYS[4], -tonumber(ARGV[4]), -1)
redis.call('PEXPIRE', KEYS[3], ARGV[3])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
return seq`;

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
 * The live state in Redis, shared by every relay instance: per match and topic a seq, a hash of
 * records by id and a capped list of recent deltas (`"<seq> <json>"`). Writes go through one Lua
 * script that first checks the writer's fencing token, so they are atomic and only the current
 * lease holder's land.
 */
export class RedisStore implements LiveStore {
  readonly kind = 'redis';

  constructor(private readonly redis: RedisClient, private readonly options: RedisStoreOptions) {}

  private keys(matchId: number) {
    return matchKeys(this.options.prefix, matchId);
  }

  async snapshot(matchId: number, topic: LiveTopic): Promise<TopicState> {
    const keys = this.keys(matchId).topic(topic);
    const [seq, flat] = (await this.redis.eval(SNAPSHOT, { keys: [keys.seq, keys.records], arguments: [String(Date.now()), String(this.options.retainMs)] })) as [string, string[]];
    const records: LiveRecord[] = [];
    for (let i = 1; i < flat.length; i += 2) records.push(JSON.parse(flat[i]!) as LiveRecord);
    records.sort((a, b) => a.id - b.id);
    return { seq: Number(seq), records };
  }

  async since(matchId: number, topic: LiveTopic, sinceSeq: number): Promise<Missed> {
    const keys = this.keys(matchId).topic(topic);
    const [seqText, outcome, ...entries] = (await this.redis.eval(SINCE, { keys: [keys.seq, keys.history], arguments: [String(sinceSeq)] })) as string[];
    const seq = Number(seqText);
    if (outcome !== 'ok') return { seq, deltas: null };
    const deltas: SeqChange[] = entries.map((entry) => {
      const space = entry.indexOf(' ');
      return { seq: Number(entry.slice(0, space)), ...(JSON.parse(entry.slice(space + 1)) as Change) };
    });
    // The list is capped by count; its seqs are consecutive by construction, check anyway.
    const consecutive = deltas.every((delta, i) => delta.seq === sinceSeq + 1 + i) && (deltas.at(-1)?.seq ?? sinceSeq) === seq;
    return { seq, deltas: consecutive ? deltas : null };
  }

  async commit(matchId: number, topic: LiveTopic, fence: number, change: Change): Promise<number | null> {
    const keys = this.keys(matchId);
    const topicKeys = keys.topic(topic);
    const args = [
      String(fence), String(Date.now()), String(this.options.retainMs), String(this.options.maxDeltas),
      JSON.stringify({ upserts: change.upserts, removes: change.removes }),
      String(change.upserts.length),
    ];
    for (const record of change.upserts) args.push(String(record.id), JSON.stringify(record));
    for (const id of change.removes) args.push(String(id));
    const seq = Number(await this.redis.eval(COMMIT, { keys: [keys.fence, topicKeys.seq, topicKeys.records, topicKeys.history], arguments: args }));
    return seq < 0 ? null : seq;
  }

  async status(matchId: number): Promise<StatusPayload | null> {
    const text = await this.redis.get(this.keys(matchId).status);
    return text ? (JSON.parse(text) as StatusPayload) : null;
  }

  async setStatus(matchId: number, fence: number, status: StatusPayload): Promise<boolean> {
    const keys = this.keys(matchId);
    const done = await this.redis.eval(SET_STATUS, { keys: [keys.fence, keys.status], arguments: [String(fence), JSON.stringify(status), String(this.options.retainMs)] });
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
