import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type ChangeNotice } from '@odds/protocol';
import { readChangeStream } from '@odds/protocol/change-stream';
import { thresholdSets } from '../db/schema';
import { classicsFixture, HOME_RISES_020, resultMarketOf, resultOfferAt } from '../engine/test-feed';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

/**
 * The change stream as a relay reads it (the protocol's reader, each notice checked against the
 * ChangeNotice schema): every kind of notice the API publishes is well formed, so no relay ever
 * leaves one aside.
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;
const heard: ChangeNotice[] = [];
const problems: string[] = [];
const positions: string[] = [];
const stream = new AbortController();
let reading: Promise<void>;

const T0 = Date.parse('2031-06-01T18:00:00Z');
const call = (method: string, url: string, payload?: object, token = headers) =>
  upstream.app.inject({ method: method as 'POST', url, headers: token, ...(payload && { payload }) }).then((reply) => {
    expect(reply.statusCode, `${method} ${url}: ${reply.body}`).toBeLessThan(300);
    return reply;
  });
/** Waits until a notice heard meets `test` (the stream is read over a real connection). */
async function heardOne(test: (notice: ChangeNotice) => boolean): Promise<ChangeNotice> {
  await expect.poll(() => heard.some(test), { timeout: 5_000 }).toBe(true);
  return heard.find(test)!;
}

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  fixture = await classicsFixture(upstream.database.db, 5);
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  const response = await fetch(`${url}${routes.changes.path}`, { headers, signal: stream.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  reading = readChangeStream(response.body as AsyncIterable<Uint8Array>, {
    notice: (notice) => heard.push(notice),
    invalid: (problem) => problems.push(problem),
    position: (id) => positions.push(id),
  }).catch(() => {});
});
afterAll(async () => {
  stream.abort();
  await reading;
  await upstream.close();
});

describe('the change stream, read as a relay reads it', () => {
  it('carries every kind of notice the API publishes, each of the protocol’s schema', async () => {
    // The stream's first message says where the reader stands.
    await expect.poll(() => positions.length).toBeGreaterThan(0);
    const ingest = (messages: object[]) => call('POST', buildPath(routes.ingest, { matchId: fixture }), { messages });
    // An ingest whose notice carries its offers and an event, and one whose offer fired.
    await ingest([
      resultOfferAt(T0, 'a', 1, 2000),
      { type: 'event', source_id: 'ko', sent_at: new Date(T0).toISOString(), kind: 'period_start', period: 1, match_time: 0 },
    ]);
    const market = await resultMarketOf(upstream.database.db, fixture);
    await upstream.database.db.insert(thresholdSets).values({ matchId: fixture, marketId: market.id, type: 'RELATIVE', thresholds: HOME_RISES_020 });
    await ingest([resultOfferAt(T0, 'b', 6, 2000)]);
    await ingest([resultOfferAt(T0, 'c', 7, 2400)]);
    // An operator's save of a match's record, a provider-wide record, a reset, a logout.
    await call('POST', routes.statEventsSave.path, { events: [{ match_id: fixture, type: 6, period: 1, game_time: 33 }] });
    await call('POST', buildPath(routes.groupCreate, {}) + buildQuery({ provider: 2, sport: 1 }), {
      name: 'Streamed group',
      content_type: 'title',
      channel_id: 1,
      content: { en: 'Hello', es: 'Hola' },
      market_ids: [],
      categories: [],
    });
    await call('POST', buildPath(routes.engineReset, { matchId: fixture }));
    const ops = { authorization: `Token ${await upstream.login(OPS)}` };
    await call('POST', routes.logout.path, undefined, ops);

    expect((await heardOne((n) => !!n.offers?.length)).publication).toEqual({ epoch: expect.any(String), offset: 1 });
    expect((await heardOne((n) => n.event_ids.length > 0)).match_id).toBe(fixture);
    // The offer that fired: its notice carries none (the relay reads them with what they fired).
    expect((await heardOne((n) => n.offer_ids.length > 0 && !n.offers)).publication?.offset).toBeGreaterThan(1);
    expect((await heardOne((n) => n.entity === 'stat_event')).actor).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect((await heardOne((n) => n.provider_id === 2)).entities?.length).toBeGreaterThan(0);
    expect((await heardOne((n) => n.reset)).match_id).toBe(fixture);
    expect((await heardOne((n) => !!n.revoked_tokens?.length)).match_id).toBe(0);
    expect(problems).toEqual([]);
    // Each notice came with its id: a relay resumes after the last it heard.
    expect(positions.length).toBeGreaterThan(heard.length);
  });
});
