import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompilerReply, ContentItem, ListReply } from '@odds/protocol';
import { markets, matches } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let result: { id: number; name: string };
let overUnder: { id: number };
let finalId: number;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  [result] = await db
    .select({ id: markets.id, name: markets.name })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
  [overUnder] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 2), eq(markets.line, 2500)));
  [{ id: finalId }] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.eventId, 'wc2022-64')));
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object) => upstream.app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
/** The teams and league of the 2022 final (Argentina - France), as the playground sends them. */
async function finalTeams() {
  const [final] = await upstream.database.db.select().from(matches).where(eq(matches.id, finalId));
  return { home_id: final!.homeTeamId, away_id: final!.awayTeamId, league_id: final!.leagueId };
}
const list = async (q: string) => (await get(`/api/1/contents?${q}`)).json<ListReply<ContentItem>>();

/** A real 1×1 red PNG, built chunk by chunk (signature, IHDR, IDAT, IEND, each with its CRC). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = tinyPng();

/** A multipart/form-data body as a browser sends it. */
function form(fields: Record<string, string | string[]>, file?: { name: string; type: string; bytes: Buffer; field?: string }) {
  const boundary = '----oddsconsole7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value])
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (fields: Record<string, string | string[]>, file?: Parameters<typeof form>[1], query = '') =>
  upstream.app.inject({ method: 'POST', url: `/api/1/content${query}`, ...form(fields, file) });

describe('GET /api/1/content/categories', () => {
  it('lists the categories', async () => {
    const body = (await get('/api/1/content/categories')).json();
    expect(body.results.map((c: { name: string }) => c.name)).toEqual(['Pre-match', 'In-play', 'Goal alert', 'Value bet', 'Odds drift']);
    expect(body.total).toBe(5);
  });
});

describe('GET /api/1/contents', () => {
  it("pages the provider's items, newest first, with names for what they refer to", async () => {
    const body = await list('limit=5');
    expect(body.limit).toBe(5);
    expect(body.total).toBeGreaterThan(40);
    expect(body.results.every((item) => item.provider === 1 || !item.provider_lock)).toBe(true);
    const [kickOff] = (await list(`group_id=1&language_code=da`)).results;
    expect(kickOff).toMatchObject({
      content: '{{home.name}} mod {{away.name}}: kampen starter snart',
      content_type: 'title',
      language: 'da',
      channel_id: 1,
      categories: [{ id: 1, name: 'Pre-match' }],
      markets: [{ id: result.id, name: 'Match Result' }],
      provider_lock: true,
      group: { id: 1 },
    });
  });

  it('applies every filter', async () => {
    expect((await list('content_type=cta&limit=100')).results.every((i) => i.content_type === 'cta')).toBe(true);
    expect((await list('channel_id=3&limit=100')).results.every((i) => i.channel_id === 3)).toBe(true);
    expect((await list(`market_id=${overUnder.id}&limit=100`)).results.every((i) => i.markets.some((m) => m.id === overUnder.id))).toBe(true);
    expect((await list('market_type_id=1')).results.map((i) => i.content)).toEqual(['{{league.name}}: {{home.name}} meet {{away.name}} at {{match.start}}.']);
    expect((await list('category_id=5&limit=100')).results.every((i) => i.categories.some((c) => c.name === 'Odds drift'))).toBe(true);
    expect((await list('link_target=draw')).results.map((i) => i.link_target)).toEqual(['draw']);
    expect((await list('auto_build=true&limit=100')).results.every((i) => i.auto_build)).toBe(true);
    const paused = (await list('active=false&limit=100')).results;
    expect(paused.length).toBeGreaterThan(0);
    expect(paused.every((i) => !i.deliver)).toBe(true);
    expect(paused.some((i) => i.archived_at === '2018-07-16T09:00:00.000Z')).toBe(true);
    const forFinal = (await list(`match_id=${finalId}&limit=200`)).results;
    // Items for no market, or for a market the final has content or thresholds for (its match result has content).
    expect(forFinal.some((i) => i.markets.length === 0)).toBe(true);
    expect(forFinal.some((i) => i.markets.some((m) => m.id === result.id))).toBe(true);
    expect(forFinal.every((i) => ['en', 'da', 'sv', 'no', 'fi'].includes(i.language))).toBe(true);
  });

  it('shares unlocked items with providers that offer their language', async () => {
    const iberia = (await list('provider=2&limit=200')).results;
    expect(iberia.some((i) => i.provider === 1 && i.language === 'en' && !i.provider_lock)).toBe(true);
    expect(iberia.some((i) => i.language === 'da')).toBe(false);
  });

  it('sorts by sort or order_by and refuses unknown keys', async () => {
    const ids = (await list('sort=id&limit=5')).results.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await get('/api/1/contents?sort=colour')).json().message).toMatch(/^Cannot sort by 'colour'/);
  });

  it('refuses a bad language code with the exact message, and an unknown match', async () => {
    const reply = await get('/api/1/contents?language_code=xx');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Invalid language code: xx.');
    expect((await get('/api/1/contents?match_id=999999')).json().message).toBe('Match 999999 not found');
  });
});

describe('GET /api/1/content/{id}', () => {
  it('returns one item', async () => {
    const [first] = (await list('limit=1')).results;
    expect((await get(`/api/1/content/${first!.id}`)).json()).toEqual(first);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const unknown = await get('/api/1/content/999999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Content item 999999 not found']);
    const word = await get('/api/1/content/abc');
    expect([word.statusCode, word.json().message]).toEqual([400, 'id must be integer']);
  });
});

describe('POST /api/1/content', () => {
  const text = { content: 'Back {{home.name}} at {{odds.home}}', content_type: 'cta', language: 'sv', channel_id: '1' };

  it('creates an item from form fields; a market locks it to the provider', async () => {
    const reply = await upload({ ...text, markets: String(result.id), categories: ['1', '4'], link_target: 'home', auto_build: 'true' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      content: text.content,
      content_type: 'cta',
      language: 'sv',
      channel_id: 1,
      link_target: 'home',
      auto_build: true,
      deliver: true,
      markets: [{ id: result.id, name: 'Match Result' }],
      categories: [{ name: 'Pre-match' }, { name: 'Value bet' }],
      provider_lock: true,
      provider: 1,
      image: null,
    });
  });

  it('also takes JSON for an item without an image', async () => {
    const reply = await post('/api/1/content?provider=2', { content: 'Apuesta ya', content_type: 'cta', language: 'es-mx', channel_id: 1 });
    expect(reply.json()).toMatchObject({ content: 'Apuesta ya', language: 'es-mx', provider: 2, provider_lock: false });
  });

  it('stores an uploaded PNG and serves it back', async () => {
    const reply = await upload(
      { content: 'Final banner', content_type: 'image', language: 'en', channel_id: '2' },
      { name: 'dot.png', type: 'image/png', bytes: PNG },
    );
    expect(reply.statusCode).toBe(200);
    const item = reply.json<ContentItem>();
    expect(item.image!.url).toMatch(/^\/api\/1\/images\/\d+$/);
    const image = await get(item.image!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
  });

  it('refuses files that are not images, by declared type or by their bytes', async () => {
    const fields = { content: 'x', content_type: 'image', language: 'en', channel_id: '1' };
    for (const file of [
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') },
      { name: 'fake.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"></svg>') },
    ]) {
      const reply = await upload(fields, file);
      expect([reply.statusCode, reply.json().message]).toEqual([400, 'Only image files (PNG, JPEG, GIF, WebP) can be uploaded.']);
    }
  });

  it('refuses an image over 2 MB, image content without a file and a file with text content', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const fields = { content: 'x', content_type: 'image', language: 'en', channel_id: '1' };
    expect((await upload(fields, { name: 'big.png', type: 'image/png', bytes: big })).json().message).toBe('The image is larger than 2 MB.');
    expect((await upload(fields)).json().message).toMatch(/^Image content needs an image file/);
    expect((await upload(text, { name: 'dot.png', type: 'image/png', bytes: PNG })).json().message).toBe(
      'An image file goes with image content only, not with cta.',
    );
  });

  it('refuses bad languages, a language the provider does not offer, bad link targets and unknown references', async () => {
    const message = async (fields: Record<string, string | string[]>) => (await upload({ ...text, ...fields })).json().message;
    expect(await message({ language: 'xx' })).toBe('Invalid language code: xx.');
    expect(await message({ language: 'es' })).toBe('Language es is not offered by Nordic Sportsbook; use one of: en, da, sv, no, fi.');
    expect(await message({ markets: String(result.id), link_target: 'over' })).toBe(
      "Link target 'over' is not a key of market Match Result; use one of: home, draw, away.",
    );
    expect(await message({ content_type: 'title', link_target: 'home' })).toBe('A link target applies to cta and content texts only, not to title.');
    expect(await message({ categories: '999' })).toBe('Unknown content category: 999.');
    expect(await message({ channel_id: 'push' })).toBe('channel_id must be integer');
    expect(await message({ content: '' })).toBe('Write the cta text; only image content may be empty.');
  });
});

describe('POST /api/1/content/{id}', () => {
  it('updates an item', async () => {
    const [item] = (await list('language_code=fi&content_type=cta')).results;
    const reply = await post(`/api/1/content/${item!.id}`, {
      content: 'Pelaa nyt: {{home.name}}',
      content_type: 'cta',
      language: 'fi',
      channel_id: 1,
      markets: [result.id],
      link_target: 'home',
    });
    expect(reply.json()).toMatchObject({ id: item!.id, content: 'Pelaa nyt: {{home.name}}', group: item!.group });
  });

  it('answers 404 for an unknown item and 400 for a bad language', async () => {
    expect((await post('/api/1/content/999999', { content: 'x', content_type: 'title', language: 'en', channel_id: 1 })).statusCode).toBe(404);
    const [item] = (await list('limit=1')).results;
    expect((await post(`/api/1/content/${item!.id}`, { content: 'x', content_type: 'title', language: 'zz', channel_id: 1 })).json().message).toBe(
      'Invalid language code: zz.',
    );
  });
});

describe('DELETE /api/1/content/{id}', () => {
  const create = async () =>
    (await post('/api/1/content', { content: 'Temporary', content_type: 'title', language: 'en', channel_id: 1 })).json<ContentItem>().id;

  it('deletes the item and the ids listed with it, in one go', async () => {
    const [a, b] = [await create(), await create()];
    const reply = await upstream.app.inject({ method: 'DELETE', url: `/api/1/content/${a}?ids=${b}`, headers });
    expect(reply.json()).toEqual({ success: true, deleted: 2 });
    expect((await get(`/api/1/content/${b}`)).statusCode).toBe(404);
  });

  it('deletes nothing when one id is unknown', async () => {
    const a = await create();
    const reply = await upstream.app.inject({ method: 'DELETE', url: `/api/1/content/${a}?ids=999999`, headers });
    expect([reply.statusCode, reply.json().message]).toEqual([404, 'Content item 999999 not found']);
    expect((await get(`/api/1/content/${a}`)).statusCode).toBe(200);
  });
});

describe('toggles', () => {
  it('flip auto_build and deliver and return both flags', async () => {
    const [item] = (await list('auto_build=false&active=true&limit=1')).results;
    expect((await post(`/api/1/content/${item!.id}/auto/toggle`)).json()).toEqual({ id: item!.id, auto_build: true, deliver: true });
    expect((await post(`/api/1/content/${item!.id}/active/toggle`)).json()).toEqual({ id: item!.id, auto_build: true, deliver: false });
    expect((await post(`/api/1/content/${item!.id}/active/toggle`)).json().deliver).toBe(true);
  });

  it('answer 404 for an unknown item', async () => {
    expect((await post('/api/1/content/999999/auto/toggle')).json().message).toBe('Content item 999999 not found');
    expect((await post('/api/1/content/999999/active/toggle')).statusCode).toBe(404);
  });
});

describe('POST /api/1/content/parse', () => {
  it("fills a real match's tags with the teams' record before kick-off", async () => {
    const reply = await post('/api/1/content/parse', {
      content: '{{home.name}} ({{home.wins}}W {{home.draws}}D {{home.losses}}L, {{home.win_rate}}%) v {{away.name}}: {{match.score}} {{home.nickname}}',
      match_id: finalId,
    });
    // Argentina before the 2022 final: lost to Saudi Arabia, drew with the Netherlands after 90 minutes, won four.
    expect(reply.json()).toEqual({ content: 'Argentina (4W 1D 1L, 67%) v France: 2-2 {{home.nickname}}', unresolved: ['home.nickname'] });
  });

  it("reads from the away side's point of view", async () => {
    expect((await post('/api/1/content/parse', { content: '{{home.name}} v {{away.name}}', match_id: finalId, context: 'away' })).json().content).toBe(
      'France v Argentina',
    );
  });

  it('answers 404 for an unknown match', async () => {
    expect((await post('/api/1/content/parse', { content: 'x', match_id: 999999 })).json().message).toBe('Match 999999 not found');
  });
});

describe('POST /api/1/content/compiler', () => {
  const body = async () => ({
    ...(await finalTeams()),
    market_id: result.id,
    behaviour: 'odd_favourite',
    side: 'home',
    content_elements: [] as { content_type: string; content: string }[],
    offer: {
      minutes: 23,
      outcomes: [
        { operator_id: 'home', label: '1', oddsDecimal: 2.2, odds: 2200 },
        { operator_id: 'draw', label: 'X', oddsDecimal: 3.1, odds: 3100 },
        { operator_id: 'away', label: '2', oddsDecimal: 3.4, odds: 3400 },
      ],
    },
  });

  it("compiles ad-hoc elements with the odds and the teams' values", async () => {
    const request = { ...(await body()), content_elements: [{ content_type: 'title', content: "{{home.name}} at {{odds.home}} after {{match.minute}}'" }] };
    const reply = (await post('/api/1/content/compiler', request)).json<CompilerReply>();
    expect(reply.results).toEqual([{ content_type: 'title', content: "Argentina at 2.20 after 23'", link_target: null, content_id: null }]);
    expect(reply.odds).toEqual([
      { label: '1', line: null, odds: 2200 },
      { label: 'X', line: null, odds: 3100 },
      { label: '2', line: null, odds: 3400 },
    ]);
    const away = (await post('/api/1/content/compiler', { ...request, side: 'away' })).json<CompilerReply>();
    expect(away.results[0]!.content).toBe("France at 3.40 after 23'");
  });

  it("compiles the market's stored templates for the favourite outcome", async () => {
    const reply = (await post('/api/1/content/compiler', await body())).json<CompilerReply>();
    const contents = reply.results.map((r) => r.content);
    expect(contents).toContain('Argentina v France: kick-off soon');
    expect(contents).toContain('Back Argentina at 2.20');
    expect(reply.results.every((r) => r.link_target === null || r.link_target === 'home')).toBe(true);
    expect(reply.results.every((r) => r.content_id !== null)).toBe(true);
    const danish = (await post('/api/1/content/compiler', { ...(await body()), language: 'da' })).json<CompilerReply>();
    expect(danish.results.map((r) => r.content)).toContain('Argentina mod France: kampen starter snart');
  });

  it('answers 404 for an unknown market and 400 for a bad body', async () => {
    expect((await post('/api/1/content/compiler', { ...(await body()), market_id: 999999 })).json().message).toBe('Market 999999 not found');
    expect((await post('/api/1/content/compiler', { ...(await body()), behaviour: 'guess' })).statusCode).toBe(400);
    expect((await post('/api/1/content/compiler', { ...(await body()), language: 'xx' })).json().message).toBe('Invalid language code: xx.');
  });
});

describe('POST /api/1/content/options', () => {
  it("suggests texts the teams' records make true, with tags to compile", async () => {
    const offer = { minutes: 10, outcomes: [{ operator_id: 'home', label: '1', oddsDecimal: 2.2, odds: 2200 }] };
    const reply = await post('/api/1/content/options', { ...(await finalTeams()), market_id: result.id, side: 'home', offer });
    const texts = reply.json().results.map((r: { content: string }) => r.content);
    expect(texts).toContain('{{home.name}} have won {{home.wins}} of their {{home.played}} matches this season ({{home.win_rate}}%).');
    expect(texts).toContain('Back {{home.name}} at {{odds.home}}');
    expect(texts.some((t: string) => t.includes('unbeaten'))).toBe(false);
  });

  it('answers 404 for an unknown team', async () => {
    const reply = await post('/api/1/content/options', { home_id: 999999, away_id: 1, league_id: 1, market_id: result.id, side: 'home' });
    expect([reply.statusCode, reply.json().message]).toEqual([404, 'Team 999999 not found']);
  });
});

describe('GET /api/1/images/{imageId}', () => {
  it('serves the demo image and answers 404 for an unknown one', async () => {
    const [item] = (await list('content_type=image&limit=1')).results;
    const image = await get(item!.image!.url);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get('/api/1/images/999999')).json().message).toBe('Image 999999 not found');
  });
});
