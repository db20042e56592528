import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { IdParam, ListQuery } from '@odds/protocol';
import { providers, teams } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';
import { compileValidator, nulRefusal } from './validation';

/** Each example of the hostile-input review that answered 500 or saved a wrong-typed value, through the upstream. */
let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
  upstream.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload !== undefined && { payload: payload as string }) });

/** The reply is a 400 in the shape every error has (SPEC §8), with this message. */
async function expectRefused(reply: Awaited<ReturnType<typeof call>>, message: string | RegExp) {
  expect(reply.statusCode, reply.body).toBe(400);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const body = reply.json();
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  expect(body.message).toMatch(message);
}

describe('JSON bodies are taken as they are: no type coercion', () => {
  it('refuses a provider flag that is null, 0, "false" or [false], and leaves the provider active', async () => {
    for (const active of [null, 0, 'false', [false]]) {
      await expectRefused(await call('POST', '/api/1/providers/1', { active }), 'active must be boolean');
    }
    const [provider] = await upstream.database.db.select().from(providers).where(eq(providers.id, 1));
    expect(provider!.active).toBe(true);
  });

  it('refuses a team short name that is true or ["x"], and keeps the short name', async () => {
    const [before] = await upstream.database.db.select().from(teams).where(eq(teams.id, 1));
    for (const value of [true, ['x'], 5]) {
      await expectRefused(await call('POST', '/api/1/teams/1', { value }), 'value must be string');
    }
    const [after] = await upstream.database.db.select().from(teams).where(eq(teams.id, 1));
    expect(after!.shortName).toBe(before!.shortName);
  });

  it('still saves the right types', async () => {
    expect((await call('POST', '/api/1/teams/1', { value: 'RUS' })).json()).toMatchObject({ id: 1, short_name: 'RUS' });
  });
});

describe('ids and paging numbers are plain digits within the integer range', () => {
  it.each(['Infinity', '-Infinity', '1e400', '1e3', 'NaN', '0x10', '%201', '1.5'])('refuses %s as a path id, on reads and writes', async (id) => {
    await expectRefused(await call('GET', `/api/1/teams/${id}`), 'teamId must be integer');
    await expectRefused(await call('POST', `/api/1/thresholds/${id}/delete`), 'thresholdId must be integer');
  });

  it('refuses ids beyond the integer range, in the path and in bodies', async () => {
    await expectRefused(await call('GET', '/api/1/teams/2147483648'), 'teamId must be <= 2147483647');
    await expectRefused(await call('GET', '/api/1/teams/99999999999999999999'), 'teamId is too large');
    await expectRefused(await call('POST', '/api/1/engine/backtest', { match_id: 2147483648 }), 'match_id must be <= 2147483647');
    await expectRefused(await call('POST', '/api/1/engine/backtest', '{"match_id":1e400}', { 'content-type': 'application/json' }), 'match_id must be integer');
  });

  it.each(['limit=Infinity', 'limit=1e2', 'start=1e400', 'start=-Infinity', 'start=2147483648', 'limit=NaN', 'limit=%2010'])(
    'refuses %s on a list',
    async (query) => {
      const field = query.split('=')[0]!;
      await expectRefused(await call('GET', `/api/1/teams?${query}`), new RegExp(`^${field} must be`));
    },
  );

  it('refuses a hostile id in a query list (ids=1&ids=Infinity) and a single one (ids=1e3)', async () => {
    await expectRefused(await call('DELETE', '/api/1/content/1?ids=2&ids=Infinity'), 'ids.1 must be integer');
    await expectRefused(await call('DELETE', '/api/1/content/1?ids=1e3'), 'ids.0 must be integer');
  });

  it('takes plain digits as before', async () => {
    const reply = await call('GET', '/api/1/teams?limit=2&start=1');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().limit).toBe(2);
  });
});

describe('no text may hold U+0000', () => {
  it('refuses NUL in a query, a path, a JSON body and a form field, before the database sees it', async () => {
    await expectRefused(await call('GET', '/api/1/1/1/matches?q=%00'), 'q must not contain the NUL character (U+0000)');
    await expectRefused(await call('GET', '/api/1/matches/connect/1?q=a%00b'), 'q must not contain the NUL character (U+0000)');
    await expectRefused(await call('POST', '/api/1/teams/1', { value: 'a\u0000b' }), 'value must not contain the NUL character (U+0000)');
  });

  it('refuses NUL in the login email, without a token', async () => {
    const reply = await upstream.app.inject({ method: 'POST', url: '/api/1/authenticate', payload: { email: 'demo\u0000@example.com', password: 'demo' } });
    await expectRefused(reply, 'email must not contain the NUL character (U+0000)');
  });
});

describe('multipart content creates', () => {
  const multipart = (body: string, type = 'multipart/form-data; boundary=xx') => call('POST', '/api/1/content', body, { 'content-type': type });

  it('answers 400 with the reason for a form cut short, one without a boundary and garbage', async () => {
    await expectRefused(await multipart('--xx\r\nContent-Disposition: form-data; name="content"\r\n\r\nabc'), /^The form could not be read: /);
    await expectRefused(await multipart('garbage', 'multipart/form-data'), /^The form could not be read: /);
    await expectRefused(await multipart('garbage'), /^The form could not be read: /);
  });

  it('converts digits in form fields but not in a JSON create, whichever came first', async () => {
    const form =
      '--xx\r\nContent-Disposition: form-data; name="content"\r\n\r\nBet now\r\n' +
      '--xx\r\nContent-Disposition: form-data; name="content_type"\r\n\r\ncta\r\n' +
      '--xx\r\nContent-Disposition: form-data; name="language"\r\n\r\nen\r\n' +
      '--xx\r\nContent-Disposition: form-data; name="channel_id"\r\n\r\n1\r\n--xx--\r\n';
    expect((await multipart(form)).statusCode).toBe(200);
    await expectRefused(
      await call('POST', '/api/1/content', { content: 'Bet now', content_type: 'cta', language: 'en', channel_id: '1' }),
      'channel_id must be integer',
    );
    expect((await multipart(form)).statusCode).toBe(200);
  });

  it('refuses NUL and exponent numbers in form fields', async () => {
    const part = ([name, value]: [string, string]) => `--xx\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const form = (fields: Record<string, string>) => `${Object.entries(fields).map(part).join('')}--xx--\r\n`;
    const base = { content: 'Bet now', content_type: 'cta', language: 'en', channel_id: '1' };
    await expectRefused(await multipart(form({ ...base, content: 'a\u0000b' })), 'content must not contain the NUL character (U+0000)');
    await expectRefused(await multipart(form({ ...base, channel_id: '1e0' })), 'channel_id must be integer');
  });
});

describe('errors from the HTTP layer keep the JSON shape', () => {
  it('answers broken JSON, a wrong media type and an unknown call with a message', async () => {
    const broken = await call('POST', '/api/1/teams/1', '{"value":', { 'content-type': 'application/json' });
    expect([broken.statusCode, typeof broken.json().message]).toEqual([400, 'string']);
    const xml = await call('POST', '/api/1/teams/1', '<value/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    expect((await call('GET', '/api/1/nothing/here')).json()).toMatchObject({ statusCode: 404, message: 'No such call: GET /api/1/nothing/here' });
  });
});

describe('compileValidator', () => {
  const params = compileValidator(Type.Object({ id: IdParam }), 'params');
  const query = compileValidator(Type.Object({ ...ListQuery, ids: Type.Optional(Type.Array(IdParam)) }), 'querystring');
  const body = compileValidator(Type.Object({ id: IdParam, name: Type.String() }), 'body');

  it('converts plain digits in params and queries, and nothing else', () => {
    const data = { id: '42' };
    expect(params(data)).toBe(true);
    expect(data.id).toBe(42);
    for (const id of ['Infinity', '1e3', ' 4', '4 ', '+4', '0x4', '4.0']) expect(params({ id }), id).toBe(false);
    const list = { ids: ['1', '2'], start: '0' };
    expect(query(list)).toBe(true);
    expect(list).toEqual({ ids: [1, 2], start: 0 });
  });

  it('takes JSON bodies as they are', () => {
    expect(body({ id: 1, name: 'x' })).toBe(true);
    expect(body({ id: '1', name: 'x' })).toBe(false);
    expect(body({ id: 1, name: 1 })).toBe(false);
  });

  it('finds NUL anywhere, however deep, in values and keys', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulRefusal(deep)?.message).toBe('must not contain the NUL character (U+0000)');
    expect(nulRefusal({ a: { 'b\u0000': 1 } })?.instancePath).toBe('/a');
    expect(nulRefusal({ a: ['ok', { b: 'fine' }] })).toBeNull();
  });
});
