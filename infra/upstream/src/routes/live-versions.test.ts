import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, LIVE_TOPICS, routes, type DisplayCreated, type ListReply, type LiveTopic, type Match, type StatEvent } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let final: Match;

const get = (url: string, as = headers) => upstream.app.inject({ method: 'GET', url, headers: as });
const versions = async (matchId = final.id, as = headers) => {
  const reply = await get(buildPath(routes.matchLiveVersions, { matchId }), as);
  expect(reply.statusCode).toBe(200);
  return reply.json<{ match_id: number; versions: Record<LiveTopic, string>; feed_start: number | null }>();
};
const moved = (before: Record<string, string>, after: Record<string, string>) => LIVE_TOPICS.filter((topic) => before[topic] !== after[topic]);

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  [final] = (await get('/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results as [Match];
});
afterAll(() => upstream.close());

describe('GET /api/1/match/{matchId}/live-versions', () => {
  it('names a version for every live topic, and the same ones while nothing changes', async () => {
    const first = await versions();
    expect(Object.keys(first.versions).sort()).toEqual([...LIVE_TOPICS].sort());
    expect(first.feed_start).toEqual(expect.any(Number));
    expect(await versions()).toEqual(first);
  });

  it('moves only the stats version, and the history its audit entry joins, when a stat event is added', async () => {
    const before = await versions();
    const reply = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/events',
      headers,
      payload: { events: [{ match_id: final.id, type: 6, period: 2, game_time: 61, team: final.home.id }] },
    });
    expect(reply.statusCode).toBe(200);
    expect(moved(before.versions, (await versions()).versions)).toEqual(['stats', 'history']);
    // And again when that row is deleted.
    const [created] = reply.json<ListReply<StatEvent>>().results;
    const mid = await versions();
    expect((await upstream.app.inject({ method: 'DELETE', url: `/api/1/events?event_ids=${created!.id}`, headers })).statusCode).toBeLessThan(300);
    expect(moved(mid.versions, (await versions()).versions)).toEqual(['stats', 'history']);
  });

  it("moves the deliveries version when a delivery's status changes after it was written", async () => {
    const before = await versions();
    await upstream.database.db.execute(
      sql`update deliveries set status = 'FAILED', error = 'test' where id = (select max(id) from deliveries where match_id = ${final.id})`,
    );
    expect(moved(before.versions, (await versions()).versions)).toEqual(['deliveries']);
  });

  it('moves feed and offers on a new offer, and feed_start only when the feed was cleared', async () => {
    const before = await versions();
    await upstream.database.db.execute(sql`insert into offers (match_id, market_id, source_id, odds, outcome_map, raw, match_time, score, prematch, status)
      select match_id, market_id, source_id || '-copy', odds, outcome_map, raw, match_time, score, prematch, status from offers where id = (select max(id) from offers where match_id = ${final.id})`);
    const added = await versions();
    expect(moved(before.versions, added.versions)).toEqual(['feed', 'offers']);
    expect(added.feed_start).toBe(before.feed_start);
    await upstream.database.db.execute(sql`delete from offers where id = ${before.feed_start}`);
    expect((await versions()).feed_start).not.toBe(before.feed_start);
  });

  it("gives a wall display the versions of what it may read, and refuses another match's", async () => {
    const created = (
      await upstream.app.inject({
        method: 'POST',
        url: buildPath(routes.displayCreate),
        headers,
        payload: { name: 'Versions wall', match_ids: [final.id], league_id: null, market_id: null, theme: 'dark' },
      })
    ).json<DisplayCreated>();
    const wall = { authorization: `Token ${created.token}` };
    expect(Object.keys((await versions(final.id, wall)).versions).sort()).toEqual(['deliveries', 'feed', 'offers']);
    const others = (await get('/api/1/1/1/matches?limit=2')).json<ListReply<Match>>().results.filter((match) => match.id !== final.id);
    expect((await get(buildPath(routes.matchLiveVersions, { matchId: others[0]!.id }), wall)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown match and 401 without a token', async () => {
    expect((await get(buildPath(routes.matchLiveVersions, { matchId: 999999 }))).json()).toMatchObject({ statusCode: 404, message: 'Match 999999 not found' });
    expect((await get(buildPath(routes.matchLiveVersions, { matchId: final.id }), {})).statusCode).toBe(401);
  });
});
