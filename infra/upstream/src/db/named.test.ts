import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes } from '@odds/protocol';
import { classicsFixture, HOME_RISES_020, resultMarketOf, resultOfferAt } from '../engine/test-feed';
import { createTestUpstream, type TestUpstream } from '../testing';
import { rows } from './rows';
import { thresholdSets } from './schema';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;

/** The statements prepared in the PGlite session, by name, with how often each ran. */
const prepared = async () =>
  new Map(
    rows<{ name: string; runs: number }>(
      await upstream.database.db.execute(sql`select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements`),
    ).map((r) => [r.name, r.runs]),
  );

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  fixture = await classicsFixture(upstream.database.db, 5);
});
afterAll(() => upstream.close());

describe('the hot statements run prepared, by name', () => {
  it("the relay's safety check", async () => {
    for (let run = 0; run < 3; run++) {
      const reply = await upstream.app.inject({ method: 'GET', url: buildPath(routes.matchLiveVersions, { matchId: fixture }), headers });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    expect((await prepared()).get('live_versions_operator')).toBe(3);
  });

  it("the engine's write: its head statement, one name per shape, and a firing's row", async () => {
    const market = await resultMarketOf(upstream.database.db, fixture);
    await upstream.database.db.insert(thresholdSets).values({ matchId: fixture, marketId: market.id, type: 'RELATIVE', thresholds: HOME_RISES_020 });
    const t0 = Date.parse('2031-06-01T18:00:00Z');
    const ingest = async (id: string, minute: number, home: number) => {
      const payload = { messages: [resultOfferAt(t0, id, minute, home)] };
      const reply = await upstream.app.inject({ method: 'POST', url: `/api/1/engine/match/${fixture}/ingest`, headers, payload });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ firings: number }>();
    };
    await ingest('a', 1, 2000);
    await ingest('b', 2, 2050);
    expect((await ingest('c', 3, 2600)).firings).toBe(1);
    const names = await prepared();
    const heads = [...names].filter(([name]) => name.startsWith('engine_head_'));
    // The first write of the match has a shape of its own (no live state to compare with yet).
    expect(heads.length).toBeGreaterThanOrEqual(2);
    expect(heads.reduce((sum, [, runs]) => sum + runs, 0)).toBe(3);
    expect(names.get('engine_firings')).toBe(1);
  });
});
