import { describe, expect, it } from 'vitest';
import { createRelayMetrics } from '../../metrics';
import { TokenRejected, type LiveResponse, type UpstreamClient } from '../../upstream';
import { countedGet } from './counted-get';
import type { PollCredentials } from './credentials';

/** Credentials that hand out t1, t2, t3 in turn and record the ones set aside. */
function credentials() {
  const tokens = ['t1', 't2', 't3'];
  const rejected: string[] = [];
  let next = 0;
  const asked: [number | undefined, boolean | undefined][] = [];
  const source = {
    kind: 'operators',
    token: async (matchId?: number, operatorOnly?: boolean) => {
      asked.push([matchId, operatorOnly]);
      return tokens[next]!;
    },
    rejected: (token: string) => {
      rejected.push(token);
      next++;
    },
    readsOperatorTables: () => true,
  } as unknown as PollCredentials;
  return { source, rejected, asked };
}

/** An upstream that refuses the tokens in `refused` and answers 200 to the others. */
const upstreamRefusing = (refused: string[]) =>
  ({
    getLive: async (_path: string, token: string) => {
      if (refused.includes(token)) throw new TokenRejected(token);
      return { status: 200, body: { token } } as unknown as LiveResponse;
    },
  }) as unknown as UpstreamClient;

describe('a poll GET', () => {
  const ask = { path: '/api/1/live/x', topic: 'feed', matchId: 7, operatorOnly: false, etag: null };

  it('asks again with another token after a 401, setting the refused one aside', async () => {
    const { source, rejected, asked } = credentials();
    const metrics = createRelayMetrics();
    const response = await countedGet({ upstream: upstreamRefusing(['t1']), credentials: source, metrics }, ask);
    expect(response.status).toBe(200);
    expect(rejected).toEqual(['t1']);
    expect(asked).toEqual([
      [7, false],
      [7, false],
    ]);
    const counted = (await metrics.upstreamRequests.get()).values.map((v) => [v.labels.status, v.value]);
    expect(counted).toEqual(
      expect.arrayContaining([
        [401, 1],
        [200, 1],
      ]),
    );
  });

  it('gives up after three refused tokens with the refusal', async () => {
    const { source, rejected } = credentials();
    const call = countedGet({ upstream: upstreamRefusing(['t1', 't2', 't3']), credentials: source, metrics: createRelayMetrics() }, ask);
    await expect(call).rejects.toBeInstanceOf(TokenRejected);
    expect(rejected).toEqual(['t1', 't2']);
  });
});
