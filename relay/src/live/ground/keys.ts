import type { LiveTopic } from '@odds/protocol';

/**
 * Redis keys of one match. The `{m:ID}` hash tag puts them all in one cluster slot, so the Lua
 * scripts that touch several of them (commit checks the fence, then writes seq, records and
 * history) also run on Redis Cluster.
 */
export const matchKeys = (prefix: string, matchId: number) => {
  const base = `${prefix}{m:${matchId}}`;
  return {
    lease: `${base}:lease`,
    fence: `${base}:fence`,
    status: `${base}:status`,
    presence: `${base}:presence`,
    /** Sharded pub/sub channel carrying pushes for `/live` connections on every instance. */
    wsChannel: `${base}:ws`,
    topic: (topic: LiveTopic) => ({
      seq: `${base}:${topic}:seq`,
      epoch: `${base}:${topic}:epoch`,
      records: `${base}:${topic}:records`,
      history: `${base}:${topic}:history`,
      /** Offers: the chart outline of the offers older than those `records` holds. */
      outline: `${base}:${topic}:outline`,
    }),
  };
};
