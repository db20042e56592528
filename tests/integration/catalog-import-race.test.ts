import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureImportReply, League, ListReply, Match, Season } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[catalog import race skipped] ${postgres.skip}`);

/**
 * The CSV import of a season on Postgres (concurrent transactions for real, unlike PGlite's one
 * connection): imports of the same file raced create its matches and teams once (the season row lock).
 */
describe.skipIf('skip' in postgres)('catalog made by hand on Postgres, raced', () => {
  let upstream: TestUpstream;
  let headers: Record<string, string>;
  const post = (url: string, payload: unknown) => upstream.app.inject({ method: 'POST', url, headers, payload: payload as object });

  beforeAll(async () => {
    if ('skip' in postgres) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    headers = { authorization: `Token ${await upstream.login()}` };
  }, 300_000);
  afterAll(async () => {
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  it('four imports of one file at once create its matches and teams once', async () => {
    const league = (await post('/api/1/catalog/leagues', { provider_id: 1, sport_id: 1, name: 'Race Cup' })).json<League>();
    const season = (await post(`/api/1/catalog/leagues/${league.id}/seasons`, { name: '2028' })).json<Season>();
    const csv = ['2028-05-01,15:00,Europe/Berlin,Race Home A,Race Away A,Race Cup', '2028-05-02,15:00,Europe/Berlin,Race Home B,Race Away B,Race Cup'].join(
      '\n',
    );
    const replies = await Promise.all([1, 2, 3, 4].map(() => post(`/api/1/catalog/seasons/${season.id}/fixtures/import`, { csv, dry_run: false })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const bodies = replies.map((r) => r.json<FixtureImportReply>());
    expect(bodies.map((b) => b.created.matches).sort()).toEqual([0, 0, 0, 2]);
    expect(bodies.map((b) => b.created.teams).sort()).toEqual([0, 0, 0, 4]);
    const listed = (await upstream.app.inject({ method: 'GET', url: `/api/1/leagues/${league.id}/matches`, headers })).json<ListReply<Match>>();
    expect(listed.results.map((m) => m.name).sort()).toEqual(['Race Home A - Race Away A', 'Race Home B - Race Away B']);
    const teams = (await upstream.app.inject({ method: 'GET', url: '/api/1/teams?q=Race&limit=100', headers })).json<ListReply<{ name: string }>>();
    expect(teams.total).toBe(4);
  }, 120_000);
});
