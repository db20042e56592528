import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentGroup, ContentGroupSummary, ListReply } from '@odds/protocol';
import { markets } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let resultMarket: number;
let totalsMarket: number;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  [{ id: resultMarket }] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
  [{ id: totalsMarket }] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 2), eq(markets.line, 2500)));
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object) => upstream.app.inject({ method: 'POST', url, headers, payload });
const groups = async (q = '') => (await get(`/api/1/groups${q}`)).json<ListReply<ContentGroupSummary>>();

const input = () => ({
  name: 'Draw watch',
  content_type: 'content',
  channel_id: 1,
  content: { en: 'The draw is {{odds.draw}}.', da: 'Uafgjort giver {{odds.draw}}.', sv: '' },
  market_ids: [resultMarket],
  link_target: 'draw',
  categories: [2, 4],
});

describe('GET /api/1/groups', () => {
  it("lists the provider's groups with their type, channel and item count", async () => {
    const nordic = await groups();
    expect(nordic.total).toBe(10);
    expect(nordic.results.find((g) => g.name === 'Over 2.5 goals – newsletter')).toEqual({
      id: expect.any(Number),
      name: 'Over 2.5 goals – newsletter',
      content_type: 'content',
      channel_id: 2,
      item_count: 5,
    });
    const iberia = await groups('?provider=2');
    expect(iberia.results.every((g) => g.item_count === 3)).toBe(true);
  });

  it('refuses a non-numeric provider', async () => {
    const reply = await get('/api/1/groups?provider=nordic');
    expect([reply.statusCode, reply.json().message]).toEqual([400, 'provider must be integer']);
  });
});

describe('GET /api/1/{p}/{s}/group/{groupId}', () => {
  it('returns the group with one item per language', async () => {
    const group = (await get('/api/1/1/1/group/1')).json<ContentGroup>();
    expect(group.name).toBe('Match result – kick-off title');
    expect(group.items.map((i) => i.language)).toEqual(['en', 'da', 'sv', 'no', 'fi']);
    expect(group.items.every((i) => i.content_type === 'title' && i.group?.id === 1 && i.markets[0]?.id === resultMarket)).toBe(true);
  });

  it("answers 404 for an unknown group or another provider's, 400 for a non-numeric id", async () => {
    expect((await get('/api/1/1/1/group/999999')).json().message).toBe('Content group 999999 not found');
    expect((await get('/api/1/2/1/group/1')).statusCode).toBe(404);
    expect((await get('/api/1/1/1/group/first')).json().message).toBe('groupId must be integer');
  });
});

describe('POST /api/1/groups', () => {
  it('creates one item per written language, sharing everything else', async () => {
    const reply = await post('/api/1/groups?provider=1&sport=1', input());
    expect(reply.statusCode).toBe(200);
    const group = reply.json<ContentGroup>();
    expect(group.name).toBe('Draw watch');
    expect(group.items.map((i) => [i.language, i.content])).toEqual([
      ['en', 'The draw is {{odds.draw}}.'],
      ['da', 'Uafgjort giver {{odds.draw}}.'],
    ]);
    for (const item of group.items) {
      expect(item).toMatchObject({
        content_type: 'content',
        channel_id: 1,
        link_target: 'draw',
        provider_lock: true,
        group: { id: group.id, name: 'Draw watch' },
      });
      expect(item.categories.map((c) => c.name)).toEqual(['In-play', 'Value bet']);
    }
  });

  it('takes an optional name', async () => {
    const group = (await post('/api/1/groups', { ...input(), name: null })).json<ContentGroup>();
    expect(group.name).toBeNull();
    expect(group.items[0]!.group).toEqual({ id: group.id, name: `Group ${group.id}` });
  });

  it('refuses bad languages, a language the provider lacks, images, empty texts and bad link targets, writing nothing', async () => {
    const before = (await groups()).total;
    const message = async (body: object) => (await post('/api/1/groups', { ...input(), ...body })).json().message;
    expect(await message({ content: { en: 'x', xx: 'y' } })).toBe('Invalid language code: xx.');
    expect(await message({ content: { es: 'Hola' } })).toBe('Language es is not offered by Nordic Sportsbook; use one of: en, da, sv, no, fi.');
    expect(await message({ content_type: 'image' })).toBe('A group holds texts only; upload image content one item at a time.');
    expect(await message({ content: { en: ' ', da: '' } })).toBe('Write the content in at least one language.');
    expect(await message({ link_target: 'yes' })).toBe("Link target 'yes' is not a key of market Match Result; use one of: home, draw, away.");
    expect(await message({ categories: [999] })).toBe('Unknown content category: 999.');
    expect(await message({ content: {} })).toBe('content must NOT have fewer than 1 properties');
    expect((await groups()).total).toBe(before);
  });
});

describe('POST /api/1/groups/{groupId}', () => {
  it('replaces texts, adds and removes languages and moves shared settings to every item', async () => {
    const created = (await post('/api/1/groups', input())).json<ContentGroup>();
    const en = created.items.find((i) => i.language === 'en')!;
    const reply = await post(`/api/1/groups/${created.id}?provider=1`, {
      ...input(),
      name: 'Goals watch',
      channel_id: 2,
      market_ids: [totalsMarket],
      link_target: 'over',
      content: { en: 'Over 2.5 goals pays {{odds.over}}.', fi: 'Yli 2,5 maalia: kerroin {{odds.over}}.' },
    });
    const group = reply.json<ContentGroup>();
    expect(group.name).toBe('Goals watch');
    expect(group.items.map((i) => [i.language, i.content])).toEqual([
      ['en', 'Over 2.5 goals pays {{odds.over}}.'],
      ['fi', 'Yli 2,5 maalia: kerroin {{odds.over}}.'],
    ]);
    expect(group.items[0]!.id).toBe(en.id);
    expect(group.items.every((i) => i.channel_id === 2 && i.link_target === 'over' && i.markets[0]?.id === totalsMarket)).toBe(true);
    expect((await get(`/api/1/content/${created.items.find((i) => i.language === 'da')!.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown group and 400 for a bad language', async () => {
    expect((await post('/api/1/groups/999999', input())).json().message).toBe('Content group 999999 not found');
    expect((await post('/api/1/groups/1', { ...input(), content: { 'en-gb': 'Hello' } })).json().message).toBe('Invalid language code: en-gb.');
  });
});
