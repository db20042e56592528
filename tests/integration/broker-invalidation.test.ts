/**
 * Per-match invalidation on the broker, as an operator scrapes it: two worker processes own 50
 * live matches between them; one threshold set saved through the API makes one of them reload one
 * match (`engine_match_reloads_total` summed over both workers' /metrics), a market setting
 * reloads every match of its provider, and rounds without edits reload none.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type FeedMessage } from '@odds/protocol';
import { createTestUpstream, FeedPublisher, type TestUpstream } from '@odds/upstream/testing';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('broker invalidation suite');

const LIVE = 50;
const BASE = Date.parse('2031-10-01T17:59:00Z');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(skip !== null)('an edit reloads only the matches it affects, across worker processes', () => {
  let upstream: TestUpstream;
  let headers: Record<string, string>;
  let workers: WorkerProcess[] = [];
  let matchIds: number[];
  let round = 0;
  const saved = { ...process.env };

  /** `engine_match_reloads_total` of every worker, from its Prometheus /metrics. */
  async function reloads(): Promise<number> {
    let total = 0;
    for (const worker of workers) {
      const text = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('engine_match_reloads_total{'));
      total += Number(line!.split(' ').pop());
    }
    return total;
  }

  /** The broker names of this suite (the workers and the publisher use the same). */
  const prefix = `invalidation-${Math.random().toString(36).slice(2, 8)}`;

  /** Publishes one offer per match (the kick-off too, the first time) and waits until all are stored. */
  async function feedRound(): Promise<void> {
    round += 1;
    const at = (s: number) => new Date(BASE + round * 60_000 + s * 1000).toISOString();
    const publisher = await FeedPublisher.connect(rabbit && 'url' in rabbit ? rabbit.url : '', 4, { prefix });
    await Promise.all(
      matchIds.map((matchId) =>
        publisher.publish({ providerId: 1, sportId: 1, matchId }, [
          ...(round === 1
            ? [{ type: 'event', source_id: 'kick-off', sent_at: at(0), match_time: 0, period: 1, kind: 'period_start', score: 'H0-A0' } as FeedMessage]
            : []),
          {
            type: 'offer',
            source_id: `o-${round}`,
            sent_at: at(1),
            market: { type_id: 1, line: null },
            match_time: round * 60,
            prematch: false,
            score: 'H0-A0',
            outcomes: [
              { label: '1', line: null, odds: 2400 + round },
              { label: 'X', line: null, odds: 3300 },
              { label: '2', line: null, odds: 3000 },
            ],
          } as FeedMessage,
        ]),
      ),
    );
    await publisher.close();
    await waitFor(
      `round ${round} stored`,
      async () => {
        const [row] = rowsOf<{ n: number }>(
          await upstream.database.db.execute(sql`
        select count(*)::int as n from offers where match_id in (${sql.join(
          matchIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
        );
        return row!.n === LIVE * round;
      },
      120_000,
    );
  }

  async function reloadsOfNextRound(): Promise<number> {
    const before = await reloads();
    await feedRound();
    return (await reloads()) - before;
  }

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    headers = { authorization: `Token ${await upstream.login()}` };
    matchIds = rowsOf<{ id: number }>(
      await upstream.database.db.execute(sql`
      select id from matches where provider_id = 1 and sport_id = 1 order by id limit ${LIVE}`),
    ).map((r) => r.id);
    const env = {
      DATABASE_URL: postgres.url,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: prefix,
      ENGINE_SHARDS: '4',
      ENGINE_WORKERS: '2',
      ENGINE_STANDBY_DELAY_MS: '600000',
    };
    workers = await Promise.all([0, 1].map((index) => startWorker({ ...env, ENGINE_WORKER_INDEX: String(index) })));
    await feedRound();
    // The kick-off moves an unplayed fixture's start (its own scope): those reload once.
    await feedRound();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await upstream?.close();
    process.env = saved;
    if (!('skip' in postgres)) await postgres.release();
  });

  it('no edit: no reload; one threshold set: 1 reload of 50 live matches; a market setting: all 50', async () => {
    expect(matchIds).toHaveLength(LIVE);
    expect(await reloadsOfNextRound()).toBe(0);
    const set = await upstream.app.inject({
      method: 'POST',
      url: buildPath(routes.matchThresholdsSave, { matchId: matchIds[11]! }),
      headers,
      payload: { type: 'VALUE', market_id: 1, contact_id: null, line: null, thresholds: { home: { value: 2600 } } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await reloadsOfNextRound()).toBe(1);
    const market = await upstream.app.inject({
      method: 'POST',
      url: buildPath(routes.marketMetaSave, { p: 1, s: 1, marketId: 1 }),
      headers,
      payload: { market_meta: { send_delay_minutes: 4 } },
    });
    expect(market.statusCode, market.body).toBe(200);
    expect(await reloadsOfNextRound()).toBe(LIVE);
  }, 300_000);
});
