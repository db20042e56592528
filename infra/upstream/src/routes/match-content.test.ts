import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, MatchContent } from '@odds/protocol';
import { contacts, leagues, markets, matches } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let classicId: number;
let resultMarket: number;
let iberiaMarket: number;
let contactId: number;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  [{ id: classicId }] = await db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(eq(leagues.uniqueId, 'wc-classics'))
    .orderBy(asc(matches.start))
    .limit(1);
  [{ id: resultMarket }] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
  [{ id: iberiaMarket }] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 2), eq(markets.typeId, 1)));
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.providerId, 1)).limit(1);
  contactId = contact?.id ?? (await db.insert(contacts).values({ providerId: 1, sportId: 1, name: 'Test desk' }).returning({ id: contacts.id }))[0]!.id;
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object) => upstream.app.inject({ method: 'POST', url, headers, payload });
const remove = (url: string) => upstream.app.inject({ method: 'DELETE', url, headers });
const save = (body: object) => post(`/api/1/match/${classicId}/content`, body);

const input = (extra: object = {}) => ({
  market_id: resultMarket,
  channel_id: 1,
  language: 'en',
  node_id: 'H2-A1',
  content: {
    title: [{ content: '{{home.name}} lead 2-1' }],
    content: [{ content: 'A home win pays {{odds.home}}.', link_target: 'home' }],
    cta: [{ content: 'Back {{home.name}}', link_target: 'home' }],
    image: [],
  },
  ...extra,
});

describe('GET /api/1/match/{matchId}/content', () => {
  it("lists the match's content with its market, channel and parts", async () => {
    const body = (await get(`/api/1/match/${classicId}/content`)).json<ListReply<MatchContent>>();
    expect(body.total).toBe(5);
    expect(body.results.map((c) => [c.node_id, c.language.code])).toEqual(
      expect.arrayContaining([
        ['PRE', 'en'],
        ['PRE', 'da'],
        ['H1-A0', 'en'],
        ['H0-A1', 'en'],
      ]),
    );
    const pre = body.results.find((c) => c.node_id === 'PRE' && c.language.code === 'en')!;
    expect(pre).toMatchObject({
      match_id: classicId,
      market: { id: resultMarket, name: 'Match Result' },
      market_type: { id: 1, name: 'Match Result' },
      channel: { id: 1, name: 'Push notification', code: 'PUSH' },
      timed: false,
      hold: false,
      meta: { before: null },
    });
    expect(pre.content.cta.map((e) => e.link_target)).toEqual(['home', 'away']);
    expect(body.results.find((c) => c.node_id === 'H0-A1')!.hold).toBe(true);
  });

  it('answers 404 for an unknown match and 400 for a non-numeric one', async () => {
    expect((await get('/api/1/match/999999/content')).json().message).toBe('Match 999999 not found');
    expect((await get('/api/1/match/final/content')).statusCode).toBe(400);
  });
});

describe('POST /api/1/match/{matchId}/content', () => {
  it('creates content and updates it when the body has an id', async () => {
    const created = (await save(input())).json<MatchContent>();
    expect(created).toMatchObject({
      match_id: classicId,
      node_id: 'H2-A1',
      language: { code: 'en' },
      market: { id: resultMarket },
      hold: false,
      link_target: null,
    });
    expect(created.content.title).toEqual([{ content: '{{home.name}} lead 2-1' }]);
    const updated = (
      await save(input({ id: created.id, hold: true, language: 'da', content: { ...input().content, title: [{ content: '{{home.name}} fører 2-1' }] } }))
    ).json<MatchContent>();
    expect(updated).toMatchObject({ id: created.id, hold: true, language: { code: 'da' }, content: { title: [{ content: '{{home.name}} fører 2-1' }] } });
    // Left out, hold stays as it was.
    expect((await save(input({ id: created.id, language: 'da' }))).json().hold).toBe(true);
  });

  it('saves timed content with its minutes and contact', async () => {
    const timed = (await save(input({ node_id: 'PRE', language: 'fi', timed: true, contact_id: contactId, meta: { before: 30 } }))).json<MatchContent>();
    expect(timed).toMatchObject({ timed: true, contact_id: contactId, meta: { before: 30 } });
  });

  it('refuses timed content without minutes or a contact', async () => {
    for (const timing of [
      { meta: { before: 30 } },
      { contact_id: contactId },
      { contact_id: contactId, meta: {} },
      { contact_id: contactId, meta: { before: 0 } },
    ]) {
      const reply = await save(input({ node_id: 'PRE', language: 'sv', timed: true, ...timing }));
      expect([reply.statusCode, reply.json().message]).toEqual([400, 'Timed content needs a timing in minutes (meta.before) and a contact (contact_id).']);
    }
  });

  it('refuses a second record for the same market, channel, language and node', async () => {
    const reply = await save(input({ node_id: 'PRE' }));
    expect(reply.json().message).toMatch(/^This match already has en content for that market and channel at PRE \(id \d+\); edit that one\.$/);
  });

  it('refuses what does not fit the match', async () => {
    const message = async (extra: object) => (await save(input(extra))).json().message;
    expect(await message({ language: 'xx' })).toBe('Invalid language code: xx.');
    expect(await message({ language: 'es' })).toBe('Language es is not offered by Nordic Sportsbook; use one of: en, da, sv, no, fi.');
    expect(await message({ node_id: 'H9-A0' })).toBe('Score H9-A0 is not on the Football score grid (0 to 8 in steps of 1).');
    expect(await message({ node_id: 'H1-1' })).toMatch(/^node_id must match pattern/);
    expect(await message({ sub_node: 'S1' })).toBe('Football has no sub nodes.');
    expect(await message({ period: 3 })).toBe('Football has 2 periods; period 3 does not exist.');
    expect(await message({ market_id: iberiaMarket })).toBe(`Market ${iberiaMarket} is not a market of this match's provider and sport.`);
    expect(await message({ content: { title: [], content: [], cta: [], image: [] } })).toBe(
      'Match content needs at least one title, content, cta or image text.',
    );
    expect(await message({ content: { ...input().content, cta: [{ content: 'x', link_target: 'over' }] } })).toBe(
      "Link target 'over' is not a key of market Match Result; use one of: home, draw, away.",
    );
    expect(await message({ contact_id: 999999 })).toBe('Unknown contact: 999999.');
  });

  it('answers 404 for an unknown match or record', async () => {
    expect((await post('/api/1/match/999999/content', input())).json().message).toBe('Match 999999 not found');
    expect((await save(input({ id: 999999 }))).json().message).toBe('Match content 999999 not found');
  });
});

describe('DELETE /api/1/match/content/{matchContentId}', () => {
  it('deletes one record', async () => {
    const created = (await save(input({ node_id: 'H3-A3' }))).json<MatchContent>();
    expect((await remove(`/api/1/match/content/${created.id}`)).json()).toEqual({ success: true });
    const left = (await get(`/api/1/match/${classicId}/content`)).json<ListReply<MatchContent>>();
    expect(left.results.some((c) => c.id === created.id)).toBe(false);
  });

  it('answers 404 for an unknown record', async () => {
    const reply = await remove('/api/1/match/content/999999');
    expect([reply.statusCode, reply.json().message]).toEqual([404, 'Match content 999999 not found']);
  });
});
