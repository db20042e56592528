import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveriesReply, DeliveryStats, ListReply, Match } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let total: number;

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const result = await upstream.database.db.execute(
    sql`select count(*)::int as n from deliveries d join matches m on m.id = d.match_id where m.provider_id = 1 and m.sport_id = 1`,
  );
  total = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
});
afterAll(() => upstream.close());

// The engine demo seeder delivered offers of three 2022 matches (10, 14 and 18 December 2022).
describe('GET /api/1/{p}/{s}/delivery (Reports)', () => {
  it("pages the provider's deliveries newest first, with per-platform stats for pushes (the demo's, labelled simulated)", async () => {
    expect(total).toBeGreaterThan(10);
    const body = (await get('/api/1/1/1/delivery')).json<DeliveriesReply>();
    expect(body.total).toBe(total);
    expect(body.deliveries).toHaveLength(20);
    const created = body.deliveries.map((d) => d.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const push = body.deliveries.find((d) => d.channel.id === 1)!;
    expect(push).toMatchObject({
      status: 'RECORDED',
      channel: { id: 1, name: 'Push notification', code: 'PUSH' },
      stats: { source: 'simulated', report: { total: { sent: expect.any(Number) } } },
    });
    expect(push.stats!.report!.total.sent).toBe(push.stats!.report!.ios.sent + push.stats!.report!.android.sent);
  });

  it('filters by channel and by dates (UTC days, both included)', async () => {
    const email = (await get('/api/1/1/1/delivery?channel=2&limit=100')).json<DeliveriesReply>();
    expect(email.total).toBeGreaterThan(0);
    expect(email.deliveries.every((d) => d.channel.code === 'EMAIL' && d.stats === null)).toBe(true);
    const quarter = (await get('/api/1/1/1/delivery?from_date=2022-12-10&to_date=2022-12-10&limit=100')).json<DeliveriesReply>();
    expect(quarter.total).toBeGreaterThan(0);
    expect(quarter.deliveries.every((d) => d.created_at.startsWith('2022-12-10'))).toBe(true);
    expect((await get('/api/1/1/1/delivery?from_date=2023-01-01')).json()).toEqual({ deliveries: [], total: 0 });
  });

  it('sorts by what the operator asks', async () => {
    const byId = (await get('/api/1/1/1/delivery?sort=id&limit=5')).json<DeliveriesReply>().deliveries.map((d) => d.id);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
  });

  it('refuses bad dates and sorts with the reason', async () => {
    expect((await get('/api/1/1/1/delivery?from_date=18-12-2022')).json().message).toMatch(/^from_date must match pattern/);
    const reply = await get('/api/1/1/1/delivery?from_date=2022-12-18&to_date=2022-12-10');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('from_date 2022-12-18 is after to_date 2022-12-10.');
    expect((await get('/api/1/1/1/delivery?sort=colour')).json().message).toMatch(/^Cannot sort by 'colour'/);
  });
});

describe('GET /api/1/{p}/{s}/delivery/csv', () => {
  it('exports every row of the filtered report as CSV', async () => {
    const reply = await get('/api/1/1/1/delivery/csv?from_date=2022-12-01&to_date=2022-12-31');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="deliveries-1-1-2022-12-01_to_2022-12-31.csv"');
    // A UTF-8 byte order mark, so spreadsheet programs show 'Mål' and '–' as written.
    expect(reply.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,sent_at,status,channel,match_id,market,contact,language,score,title,body,cta,ios_sent,ios_open,android_sent,android_open,total_sent,total_open,figures,attempts,next_attempt_at,last_error',
    );
    expect(lines).toHaveLength(total + 1);
    const first = (await get('/api/1/1/1/delivery?limit=1')).json<DeliveriesReply>().deliveries[0]!;
    expect(lines[1]!.startsWith(`${first.id},${first.created_at},`)).toBe(true);
  });

  it('refuses a bad filter', async () => {
    expect((await get('/api/1/1/1/delivery/csv?channel=99')).statusCode).toBe(400);
  });
});

describe('GET /api/1/delivery/match/{matchId}', () => {
  it("lists a match's deliveries", async () => {
    const [final] = (await get('/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results;
    const body = (await get(`/api/1/delivery/match/${final!.id}?limit=100`)).json<DeliveriesReply>();
    expect(body.total).toBeGreaterThan(0);
    expect(body.deliveries.every((d) => d.match_id === final!.id && d.offer_id !== null && /^(PRE|H\d-A\d)$/.test(d.node_id))).toBe(true);
  });

  it("filters a match's deliveries by offer, and refuses a bad offer_id", async () => {
    const [final] = (await get('/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results;
    const all = (await get(`/api/1/delivery/match/${final!.id}?limit=1000`)).json<DeliveriesReply>();
    const offerId = all.deliveries[0]!.offer_id!;
    const byOffer = (await get(`/api/1/delivery/match/${final!.id}?offer_id=${offerId}&limit=1000`)).json<DeliveriesReply>();
    expect(byOffer.total).toBe(all.deliveries.filter((d) => d.offer_id === offerId).length);
    expect(byOffer.deliveries.every((d) => d.offer_id === offerId)).toBe(true);
    for (const query of ['offer_id=abc', 'offer_id=0']) {
      const reply = await get(`/api/1/delivery/match/${final!.id}?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toEqual(expect.any(String));
    }
  });

  it('answers 404 for an unknown match', async () => {
    expect((await get('/api/1/delivery/match/999999')).json()).toMatchObject({ statusCode: 404, message: 'Match 999999 not found' });
  });
});

describe('GET /api/1/delivery/stats/{logId}', () => {
  it("refreshes a push's report: the same audience, opens as of now", async () => {
    const push = (await get('/api/1/1/1/delivery?channel=1&limit=1')).json<DeliveriesReply>().deliveries[0]!;
    const stats = (await get(`/api/1/delivery/stats/${push.id}`)).json<DeliveryStats>();
    expect(stats.report!.total.sent).toBe(push.stats!.report!.total.sent);
    expect(stats.report!.total.open).toBeGreaterThanOrEqual(push.stats!.report!.total.open);
  });

  it('has no report (N/A) for an email', async () => {
    const email = (await get('/api/1/1/1/delivery?channel=2&limit=1')).json<DeliveriesReply>().deliveries[0]!;
    expect((await get(`/api/1/delivery/stats/${email.id}`)).json()).toEqual({ report: null, source: 'channel' });
  });

  it('answers 404 for an unknown delivery', async () => {
    expect((await get('/api/1/delivery/stats/999999')).json()).toMatchObject({ statusCode: 404, message: 'Delivery 999999 not found' });
  });
});

describe('POST /api/1/delivery/{logId}/retry', () => {
  const retry = (id: number, auth = headers) => upstream.app.inject({ method: 'POST', url: `/api/1/delivery/${id}/retry`, headers: auth });

  it('puts a FAILED delivery back to PENDING (audited); refuses any other, an unknown one, and a call without a token', async () => {
    const { db } = upstream.database;
    const rows = (result: unknown) => (result as { rows: { id: number; match_id: number }[] }).rows;
    // A seeded push delivery (RECORDED), made FAILED as a webhook refusal would leave it.
    const [seeded] = rows(await db.execute(sql`select id, match_id from deliveries where status = 'RECORDED' order by id limit 1`));
    expect((await retry(seeded!.id)).json()).toMatchObject({
      statusCode: 409,
      message: `Delivery ${seeded!.id} is RECORDED: only a FAILED delivery can be retried`,
    });
    await db.execute(sql`update deliveries set status = 'FAILED', error = 'HTTP 503 from hooks.example' where id = ${seeded!.id}`);
    expect((await retry(seeded!.id, {})).statusCode).toBe(401);
    expect((await retry(999_999)).json()).toMatchObject({ statusCode: 404, message: 'Delivery 999999 not found' });
    const reply = await retry(seeded!.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      id: seeded!.id,
      status: 'PENDING',
      attempts: 0,
      next_attempt_at: expect.any(String),
      last_error: 'HTTP 503 from hooks.example',
    });
    const history = (await get(`/api/1/audit?match_id=${seeded!.match_id}&entity=delivery`)).json<
      ListReply<{ entity_id: number; before: { status: string }; after: { status: string } }>
    >();
    expect(history.results[0]).toMatchObject({ entity_id: seeded!.id, before: { status: 'FAILED' }, after: { status: 'PENDING' } });
    // This process is the sender: a push contact has no URL to call, so the retry fails at once, saying why.
    for (let i = 0; i < 50; i += 1) {
      const [row] = (
        (await db.execute(sql`select status, error from deliveries where id = ${seeded!.id}`)) as unknown as { rows: { status: string; error: string }[] }
      ).rows;
      if (row!.status === 'FAILED') return expect(row!.error).toBe('the contact has no reachable destination any more');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the retried delivery was not handled');
  });
});
