import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type ChangeNotice, type RouteDef } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';
import { ChangeBus } from '../notices/bus';
import { NoticePublisher } from '../notices/publisher';

/**
 * The notices of a versioned write are rows of the change outbox written in the write's own
 * transaction: published (and deleted) once it committed, absent when it failed, and published by
 * the next publisher when the process that committed them did not.
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
let matchId: number;
const notices: ChangeNotice[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login(OPS)}` };
  unsubscribe = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
  matchId = (await rows<{ id: number }>('select id from matches order by id limit 1'))[0]!.id;
});
afterAll(async () => {
  unsubscribe();
  await upstream.close();
});

async function rows<T>(query: string): Promise<T[]> {
  return ((await upstream.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}
const outbox = () => rows<{ notice: ChangeNotice }>('select notice from change_outbox order by id');
const call = (route: RouteDef, payload: object, params: Record<string, number> = {}) =>
  upstream.app.inject({ method: route.method, url: buildPath(route, params), headers, payload });
const statNotices = () => notices.filter((n) => n.topics.includes('stats'));

describe('change outbox', () => {
  it('publishes a committed write’s notice before the reply and leaves no row behind', async () => {
    notices.length = 0;
    const saved = await call(routes.statEventsSave, { events: [{ match_id: matchId, type: 6, period: 1, game_time: 10 }] });
    expect(saved.statusCode).toBe(200);
    const [event] = saved.json<{ results: { id: number }[] }>().results;
    expect(statNotices()).toEqual([
      expect.objectContaining({
        match_id: matchId,
        topics: ['stats', 'history'],
        entity: 'stat_event',
        entity_id: event!.id,
        actor: expect.objectContaining({ name: 'Ops Operator' }),
      }),
    ]);
    expect(await outbox()).toEqual([]);
  });

  it('keeps the notice of a commit nobody published until a publisher starts, and writes none for a refused write', async () => {
    // No publisher in this process (as when it crashed right after the commit).
    await upstream.app.notices.stop();
    notices.length = 0;
    const saved = await call(routes.statEventsSave, { events: [{ match_id: matchId, type: 6, period: 1, game_time: 20 }] });
    expect(saved.statusCode).toBe(200);
    const [event] = saved.json<{ results: { id: number; version: number }[] }>().results;
    const stale = await call(routes.statEventsSave, {
      events: [{ id: event!.id, version: event!.version + 3, match_id: matchId, type: 6, period: 1, game_time: 21 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(statNotices()).toEqual([]);
    expect((await outbox()).map((row) => row.notice)).toEqual([
      expect.objectContaining({ match_id: matchId, topics: ['stats', 'history'], entity_id: event!.id }),
    ]);

    // The next start (a restarted process) publishes what was left, and prunes it.
    const publisher = new NoticePublisher(upstream.database.db, upstream.app.engine.bus, { sweepMs: 60_000, delayMs: 0 });
    await publisher.start();
    await publisher.stop();
    expect(statNotices()).toEqual([expect.objectContaining({ match_id: matchId, entity_id: event!.id })]);
    expect(publisher.published).toBe(1);
    expect(await outbox()).toEqual([]);
  });

  it("wakes the writing app's own publisher only: another one on the same database takes the row on its own round", async () => {
    // The app's publisher is stopped (above); another app's runs on the same database with its own bus.
    const heard: ChangeNotice[] = [];
    const bus = new ChangeBus();
    bus.subscribe((notice) => heard.push(notice));
    const other = new NoticePublisher(upstream.database.db, bus, { sweepMs: 60_000, delayMs: 0 });
    await other.start();
    try {
      const saved = await call(routes.statEventsSave, { events: [{ match_id: matchId, type: 6, period: 1, game_time: 30 }] });
      expect(saved.statusCode).toBe(200);
      const [event] = saved.json<{ results: { id: number }[] }>().results;
      // Not woken by this app's commit (a registry of publishers per database woke every one of them).
      expect(other.published).toBe(0);
      expect((await outbox()).map((row) => row.notice.entity_id)).toEqual([event!.id]);
      await other.wake();
      expect(heard).toEqual([expect.objectContaining({ match_id: matchId, entity_id: event!.id })]);
      expect(await outbox()).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});
