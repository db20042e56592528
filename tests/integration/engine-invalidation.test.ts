/**
 * Per-match invalidation, counted as a worker counts it (`engine_match_reloads_total` of
 * WorkerMetrics over the engine's counters): 50 live matches of provider 1 and 5 of provider 2 are
 * fed a batch each round; between rounds one edit goes through the API. A threshold set reloads
 * its match alone, a market setting its provider's matches alone, a contact the matches whose
 * audience it is (or was) in, and a contact of no match's audience none. Every edit is a plain
 * API write: the scopes are bumped by the database's triggers in the edit's transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type Contact, type FeedMessage, type RouteDef } from '@odds/protocol';
import { createRegistry } from '@odds/ops';
import { createTestUpstream, Engine, type TestUpstream, WorkerMetrics } from '@odds/upstream/testing';

const LIVE = 50;
const OTHER = 5;
const BASE = Date.parse('2031-09-01T17:59:00Z');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let upstream: TestUpstream;
let headers: Record<string, string>;
let engine: Engine;
const metrics = new WorkerMetrics();
const registry = createRegistry({ worker: 'test' });
metrics.register(registry);
let live: { id: number; home: number; away: number }[];
let others: number[];
let round = 0;

const call = (route: RouteDef, params: Record<string, number> = {}, payload?: object) =>
  upstream.app.inject({ method: route.method, url: buildPath(route, params) + buildQuery({}), headers, ...(payload && { payload }) });

/** The metric as a scrape of the worker's /metrics reads it. */
async function reloads(): Promise<number> {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith('engine_match_reloads_total{'));
  return Number(line!.split(' ').pop());
}

/** One batch per match: a new offer (and, the first time, the kick-off), as a worker would take them. */
async function feedRound(): Promise<void> {
  round += 1;
  const at = (s: number) => new Date(BASE + round * 60_000 + s * 1000).toISOString();
  const messages = (): FeedMessage[] => [
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
  ];
  for (const id of [...live.map((m) => m.id), ...others]) {
    const reply = await engine.ingest(id, messages());
    expect(reply.accepted).toBeGreaterThan(0);
  }
}

/** Reloads the next round causes. */
async function reloadsOfNextRound(): Promise<number> {
  const before = await reloads();
  await feedRound();
  return (await reloads()) - before;
}

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const db = upstream.database.db;
  live = rowsOf<{ id: number; home: number; away: number }>(
    await db.execute(sql`
    select id, home_team_id as home, away_team_id as away from matches where provider_id = 1 and sport_id = 1 order by id limit ${LIVE}`),
  );
  others = rowsOf<{ id: number }>(await db.execute(sql`select id from matches where provider_id = 2 and sport_id = 1 order by id limit ${OTHER}`)).map(
    (r) => r.id,
  );
  engine = new Engine(db, { dispatch: false });
  metrics.engine = engine.counters;
  await feedRound();
  // The kick-off moves an unplayed fixture's start (its own scope): those reload once.
  await feedRound();
}, 240_000);

afterAll(async () => {
  await engine?.close();
  await upstream?.close();
});

describe('an edit reloads only the matches it affects', () => {
  it(`${LIVE + OTHER} live matches, every one loaded once; rounds without edits reload none`, async () => {
    expect(live).toHaveLength(LIVE);
    expect(others).toHaveLength(OTHER);
    expect(engine.counters.loads).toBe(LIVE + OTHER);
    expect(await reloadsOfNextRound()).toBe(0);
  });

  it('one threshold set saved through the API: 1 reload, not 50', async () => {
    const target = live[7]!.id;
    const saved = await call(
      routes.matchThresholdsSave,
      { matchId: target },
      { type: 'VALUE', market_id: 1, contact_id: null, line: null, thresholds: { home: { value: 2600 } } },
    );
    expect(saved.statusCode).toBe(200);
    expect(await reloadsOfNextRound()).toBe(1);
    expect(await reloadsOfNextRound()).toBe(0);
  });

  it("a market's settings: the provider's matches reload, the other provider's do not", async () => {
    const saved = await call(routes.marketMetaSave, { p: 1, s: 1, marketId: 1 }, { market_meta: { send_delay_minutes: 4 } });
    expect(saved.statusCode).toBe(200);
    expect(await reloadsOfNextRound()).toBe(LIVE);
    const other = await call(routes.marketMetaSave, { p: 2, s: 1, marketId: 20 }, { market_meta: { send_delay_minutes: 4 } });
    expect(other.statusCode, other.body).toBe(200);
    expect(await reloadsOfNextRound()).toBe(OTHER);
  });

  it("a contact reloads the matches whose audience it joins or leaves, and none when it is in no match's", async () => {
    const team = live[3]!.home;
    const withTeam = live.filter((m) => m.home === team || m.away === team).length;
    expect(withTeam).toBeGreaterThan(0);
    expect(withTeam).toBeLessThan(LIVE);
    const created = await call(routes.contactCreate, {}, { name: 'Fans of one team', device_id: 'fans-one-team', teams: [team] });
    expect(created.statusCode, created.body).toBe(200);
    const contact = created.json<Contact>();
    expect(await reloadsOfNextRound()).toBe(withTeam);
    expect((await call(routes.contactToggleActive, { contactId: contact.id })).json<Contact>().active).toBe(false);
    expect(await reloadsOfNextRound()).toBe(withTeam);

    const unaffected = engine.counters.unaffected;
    expect((await call(routes.contactCreate, {}, { name: 'Subscribed to nothing', device_id: 'nobody' })).statusCode).toBe(200);
    expect(await reloadsOfNextRound()).toBe(0);
    // Each provider-1 match looked at the change and found it concerned none of its contacts.
    expect(engine.counters.unaffected - unaffected).toBe(LIVE);
  });
});
