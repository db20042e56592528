import { afterAll, describe, expect, it } from 'vitest';
import type { ListReply, Match } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

// The same migrations, seed and queries as on PGlite, against a real Postgres server.
const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[postgres suite skipped] ${postgres.skip}`);

describe.skipIf('skip' in postgres)('upstream on real Postgres', () => {
  let upstream: TestUpstream | undefined;
  afterAll(async () => {
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  it('migrates and seeds an empty database', async () => {
    if ('skip' in postgres) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    expect(upstream.database.kind).toBe('postgres');
  });

  it('logs in and answers a matches query', async () => {
    const token = await upstream!.login();
    const reply = await upstream!.app.inject({ method: 'GET', url: '/api/1/1/1/matches?date=2018-06-14', headers: { authorization: `Token ${token}` } });
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ListReply<Match>>();
    expect(body.results.map((m) => [m.name, m.score])).toEqual([['Russia - Saudi Arabia', { home: 5, away: 0 }]]);
  });

  it('finds connected matches across providers', async () => {
    const token = await upstream!.login();
    const reply = await upstream!.app.inject({
      method: 'GET',
      url: '/api/1/2/1/matches?q=Argentina&date=2022-12-18',
      headers: { authorization: `Token ${token}` },
    });
    expect(reply.json<ListReply<Match>>().results[0]).toMatchObject({ provider_count: 2, provider_names: ['Nordic Sportsbook', 'Iberia Apuestas'] });
  });
});
