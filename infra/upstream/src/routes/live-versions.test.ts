import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  LIVE_TOPICS,
  MATCH_TABLE_TOPICS,
  routes,
  type DisplayCreated,
  type ListReply,
  type LiveTopic,
  type Match,
  type StatEvent,
} from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let final: Match;

const get = (url: string, as = headers) => upstream.app.inject({ method: 'GET', url, headers: as });
const versions = async (matchId = final.id, as = headers) => {
  const reply = await get(buildPath(routes.matchLiveVersions, { matchId }), as);
  expect(reply.statusCode).toBe(200);
  return reply.json<{ match_id: number; versions: Record<LiveTopic, string>; feed_start: number | null; feed_end: number | null }>();
};
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
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

  it('moves feed and offers on a new offer, feed_end to its id, and feed_start only when the feed was cleared', async () => {
    const before = await versions();
    await upstream.database.db.execute(sql`insert into offers (match_id, market_id, source_id, odds, outcome_map, raw, match_time, score, prematch, status)
      select match_id, market_id, source_id || '-copy', odds, outcome_map, raw, match_time, score, prematch, status from offers where id = (select max(id) from offers where match_id = ${final.id})`);
    const added = await versions();
    expect(moved(before.versions, added.versions)).toEqual(['feed', 'offers']);
    expect(added.feed_start).toBe(before.feed_start);
    const [newest] = rowsOf<{ id: number }>(await upstream.database.db.execute(sql`select max(id)::int as id from offers where match_id = ${final.id}`));
    expect(added.feed_end).toBe(newest!.id);
    expect(added.feed_end).toBeGreaterThan(before.feed_end!);
    await upstream.database.db.execute(sql`delete from offers where id = ${before.feed_start}`);
    expect((await versions()).feed_start).not.toBe(before.feed_start);
  });

  it("moves a match table's version exactly when its read answers something else, the names it joins included", async () => {
    const db = upstream.database.db;
    const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
    // A match with threshold sets naming contacts and a tracker, given content with a market type and a rule set.
    const match = await one<{ id: number; provider_id: number; sport_id: number }>(
      sql`select id, provider_id, sport_id from matches m where exists (select 1 from threshold_sets t where t.match_id = m.id and t.contact_id is not null)
        and exists (select 1 from trackers t where (t.model_type = 'M' and t.model_id = m.id) or (t.model_type = 'L' and t.model_id = m.league_id)) order by id limit 1`,
    );
    const set = await one<{ contact_id: number; market_id: number }>(
      sql`select contact_id, market_id from threshold_sets where match_id = ${match.id} and contact_id is not null limit 1`,
    );
    const tracker = await one<{ contact_id: number }>(
      sql`select contact_id from trackers where (model_type = 'M' and model_id = ${match.id}) or (model_type = 'L' and model_id = (select league_id from matches where id = ${match.id})) limit 1`,
    );
    const ruleSet = await one<{ id: number }>(
      sql`insert into rule_sets (provider_id, sport_id, name) values (${match.provider_id}, ${match.sport_id}, 'Versions rules') returning id`,
    );
    const type = await one<{ id: number }>(sql`select type_id as id from markets where id = ${set.market_id}`);
    await db.execute(sql`insert into match_contents (match_id, market_id, market_type_id, channel_id, rule_set_id, language, node_id, parts)
      values (${match.id}, ${set.market_id}, ${type.id}, 1, ${ruleSet.id}, 'en', 'PRE', '{"title":[],"content":[],"cta":[],"image":[]}'::jsonb)`);
    const stranger = await one<{ id: number }>(
      sql`select id from contacts c where not exists (select 1 from threshold_sets t where t.contact_id = c.id) and not exists (select 1 from trackers t where t.contact_id = c.id) limit 1`,
    );
    const reads = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(MATCH_TABLE_TOPICS).map(async ([topic, route]) => [topic, (await get(buildPath(routes[route], { matchId: match.id }))).body] as const),
        ),
      );
    const edits: [string, ReturnType<typeof sql>, boolean][] = [
      ['a contact a threshold set names', sql`update contacts set name = name || ' (renamed)' where id = ${set.contact_id}`, true],
      ['a market a threshold set and the content name', sql`update markets set name = name || ' (renamed)' where id = ${set.market_id}`, true],
      ['the content rule set', sql`update rule_sets set name = 'Versions rules, renamed' where id = ${ruleSet.id}`, true],
      ['the content market type', sql`update market_types set name = name || ' (renamed)' where id = ${type.id}`, true],
      ["the tracker's contact", sql`update contacts set name = name || ' (renamed)' where id = ${tracker.contact_id}`, true],
      ['a threshold set row', sql`update threshold_sets set thresholds = thresholds where match_id = ${match.id}`, false],
      ['a contact of nothing shown', sql`update contacts set name = name || ' (renamed)' where id = ${stranger.id}`, false],
    ];
    for (const [what, edit, shows] of edits) {
      const [before, bodies] = [await versions(match.id), await reads()];
      await db.execute(edit);
      const [after, bodiesAfter] = [await versions(match.id), await reads()];
      const answered = Object.keys(MATCH_TABLE_TOPICS).filter((topic) => bodies[topic] !== bodiesAfter[topic]);
      expect(
        Object.values(bodiesAfter).every((body) => !body.includes('"statusCode"')),
        what,
      ).toBe(true);
      expect(answered.length > 0, what).toBe(shows);
      expect(
        moved(before.versions, after.versions).filter((topic) => topic in MATCH_TABLE_TOPICS),
        what,
      ).toEqual(answered);
    }
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
