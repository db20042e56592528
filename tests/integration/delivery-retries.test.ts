/**
 * Deliveries that fail are retried (docs/deliveries.md), through the real engine on
 * PGlite: the hand-made feed of replay.test.ts fires three webhook deliveries per match to a
 * receiver on loopback that behaves per match (flaky, down for two minutes, refusing, asking to
 * slow down, down for good). The senders' clock is a test clock moved from one due retry to the
 * next, so the real schedule (10 s, 30 s, 2 min, 10 min, 30 min; deadline 1 h) runs in seconds.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type AuditEntry, type DeliveriesReply, type Delivery, type FeedMessage, type ListReply } from '@odds/protocol';
import { createTestUpstream, DEFAULT_RETRY_POLICY, Engine, loopbackWebhooks, type TestUpstream } from '@odds/upstream/testing';
import { waitFor } from '../support/engine-cluster';
import { handMadeFeed, prepareMatches } from '../support/engine-fixture';

const DAY = 86_400_000;
const BASE = Date.parse('2031-07-01T17:59:00Z');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Behaviour = (call: { key: string; attempt: number; nowMs: number }) => { status: number; headers?: Record<string, string> } | 'hang up';
interface Call {
  matchId: number;
  key: string;
  status: number | 'hang up';
  atMs: number;
}

let upstream: TestUpstream;
let hooks: Server;
let engine: Engine;
let headers: Record<string, string>;
let matchIds: number[];
const clock = { ms: Date.now() };
const calls: Call[] = [];
const behaviours = new Map<number, Behaviour>();

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  upstream = await createTestUpstream({ webhooks: loopbackWebhooks() });
  headers = { authorization: `Token ${await upstream.login()}` };
  hooks = createServer(async (request, response) => {
    const payload = JSON.parse(await read(request)) as { match: { id: number } };
    const key = String(request.headers['idempotency-key']);
    const attempt = calls.filter((c) => c.key === key).length + 1;
    const behaviour: Behaviour = behaviours.get(payload.match.id) ?? (() => ({ status: 200 }));
    const answer = behaviour({ key, attempt, nowMs: clock.ms });
    calls.push({ matchId: payload.match.id, key, status: answer === 'hang up' ? answer : answer.status, atMs: clock.ms });
    // A receiver that is down: the connection drops without an answer.
    if (answer === 'hang up') return void request.socket.destroy();
    response.writeHead(answer.status, answer.headers).end();
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  matchIds = await prepareMatches(upstream.database.db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, 5);
  // The real schedule and deadline; jitter drawn at its middle, so each wait is the schedule's.
  engine = new Engine(upstream.database.db, {
    now: () => clock.ms,
    sending: { policy: DEFAULT_RETRY_POLICY, random: () => 0.5, timeoutMs: 2000, webhooks: loopbackWebhooks() },
  });
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await upstream?.close();
  hooks?.closeAllConnections();
  hooks?.close();
});

/** Feeds a match (its own day, so no rate limit spans two matches) and waits for the first calls. */
async function feed(index: number): Promise<void> {
  for (const message of handMadeFeed(BASE + index * DAY)) await engine.ingest(matchIds[index]!, [message as FeedMessage]);
  await engine.drain();
}

/** Moves the clock from one due retry to the next (each sent, as a worker's poll would), up to `untilMs`. */
async function runUntil(untilMs: number): Promise<void> {
  for (;;) {
    const [next] = rowsOf<{ at: Date | string | null }>(
      await upstream.database.db.execute(sql`
      select min(s.next_attempt_at) as at from delivery_sends s join deliveries d on d.id = s.delivery_id where d.status = 'PENDING'`),
    );
    const due = next?.at ? new Date(next.at).getTime() : null;
    if (due === null || due > untilMs) break;
    clock.ms = Math.max(clock.ms, due);
    await engine.pollSends();
    await engine.drain();
  }
  clock.ms = Math.max(clock.ms, untilMs);
}

interface Row {
  id: number;
  status: string;
  attempts: number;
  failures: number;
  error: string | null;
  next_ms: number | null;
}
async function webhookDeliveries(matchId: number): Promise<Row[]> {
  return rowsOf<Row>(
    await upstream.database.db.execute(sql`
    select d.id, d.status, coalesce(s.attempts, 0)::int as attempts, coalesce(s.failures, 0)::int as failures, d.error,
      (extract(epoch from s.next_attempt_at) * 1000)::float8 as next_ms
    from deliveries d left join delivery_sends s on s.delivery_id = d.id where d.match_id = ${matchId} and d.channel_id = 6 order by d.id`),
  );
}

const callsOf = (key: string) => calls.filter((c) => c.key === key);

describe('deliveries that fail', () => {
  it('a flaky receiver (fails twice, then 200): delivered once, 3 attempts, one idempotency key; the Delivery tab shows it', async () => {
    const matchId = matchIds[0]!;
    behaviours.set(matchId, ({ attempt }) => ({ status: attempt <= 2 ? 503 : 200 }));
    await feed(0);
    const after1 = await webhookDeliveries(matchId);
    expect(after1).toHaveLength(3);
    for (const d of after1) expect(d).toMatchObject({ status: 'PENDING', attempts: 1, next_ms: clock.ms + 10_000 });
    await runUntil(clock.ms + 5 * 60_000);
    for (const d of await webhookDeliveries(matchId)) {
      expect(d).toMatchObject({ status: 'SENT', attempts: 3, failures: 2 });
      const seen = callsOf(`delivery-${d.id}`);
      expect(seen.map((c) => c.status)).toEqual([503, 503, 200]);
      // 10 s, then 30 s: the schedule's first two steps.
      expect([seen[1]!.atMs - seen[0]!.atMs, seen[2]!.atMs - seen[1]!.atMs]).toEqual([10_000, 30_000]);
    }
    const tab = (await upstream.app.inject({ method: 'GET', url: `/api/1/delivery/match/${matchId}`, headers })).json<DeliveriesReply>();
    const webhook = tab.deliveries.filter((d) => d.channel.id === 6);
    expect(webhook).toHaveLength(3);
    for (const d of webhook) expect(d).toMatchObject({ status: 'SENT', attempts: 3, next_attempt_at: null, last_error: 'the receiver answered HTTP 503' });
  });

  it('a receiver down for 2 minutes: every offer is delivered once after it returns', async () => {
    const matchId = matchIds[1]!;
    const downUntil = clock.ms + 2 * 60_000;
    behaviours.set(matchId, ({ nowMs }) => (nowMs < downUntil ? 'hang up' : { status: 200 }));
    await feed(1);
    await runUntil(downUntil - 1);
    const during = await webhookDeliveries(matchId);
    for (const d of during) expect(d).toMatchObject({ status: 'PENDING', attempts: 3, error: 'the receiver closed the connection' });
    await runUntil(downUntil + 60 * 60_000);
    for (const d of await webhookDeliveries(matchId)) {
      // At 0, 10 s and 40 s it was down; at 2 min 40 s it was back.
      expect(d).toMatchObject({ status: 'SENT', attempts: 4 });
      expect(callsOf(`delivery-${d.id}`).filter((c) => c.status === 200)).toHaveLength(1);
    }
  });

  it('a 400 receiver: FAILED after 1 attempt, never called again', async () => {
    const matchId = matchIds[2]!;
    behaviours.set(matchId, () => ({ status: 400 }));
    await feed(2);
    await runUntil(clock.ms + 2 * 60 * 60_000);
    for (const d of await webhookDeliveries(matchId)) {
      expect(d).toMatchObject({ status: 'FAILED', attempts: 1, next_ms: null, error: 'the receiver answered HTTP 400' });
      expect(callsOf(`delivery-${d.id}`)).toHaveLength(1);
    }
  });

  it('a 429 with Retry-After: the next call comes when the receiver asked, not on the schedule', async () => {
    const matchId = matchIds[3]!;
    behaviours.set(matchId, ({ attempt }) => (attempt === 1 ? { status: 429, headers: { 'retry-after': '7' } } : { status: 200 }));
    await feed(3);
    const first = await webhookDeliveries(matchId);
    for (const d of first) expect(d.next_ms).toBe(clock.ms + 7_000);
    await runUntil(clock.ms + 6_999);
    for (const d of await webhookDeliveries(matchId)) expect(d.status).toBe('PENDING');
    await runUntil(clock.ms + 1);
    for (const d of await webhookDeliveries(matchId)) {
      expect(d).toMatchObject({ status: 'SENT', attempts: 2 });
      expect(callsOf(`delivery-${d.id}`).map((c) => c.status)).toEqual([429, 200]);
    }
  });

  it('down past the deadline: FAILED with the last error; an operator retries it by hand (audited) and it is sent', async () => {
    const matchId = matchIds[4]!;
    let up = false;
    behaviours.set(matchId, () => ({ status: up ? 200 : 503 }));
    const start = clock.ms;
    await feed(4);
    await runUntil(start + 3 * 60 * 60_000);
    const failed = await webhookDeliveries(matchId);
    // 0, 10 s, 40 s, 2 min 40 s, 12 min 40 s, 42 min 40 s; the next (72 min 40 s) is past the hour.
    for (const d of failed) {
      expect(d).toMatchObject({ status: 'FAILED', attempts: 6, next_ms: null, error: 'the receiver answered HTTP 503' });
      expect(callsOf(`delivery-${d.id}`).map((c) => c.atMs - start)).toEqual([0, 10_000, 40_000, 160_000, 760_000, 2_560_000]);
    }
    const target = failed[0]!;
    const retry = (id: number, auth = headers) => upstream.app.inject({ method: 'POST', url: `/api/1/delivery/${id}/retry`, headers: auth });
    expect((await retry(target.id, {})).statusCode).toBe(401);
    expect((await retry(99_999_999)).json()).toMatchObject({ statusCode: 404, message: 'Delivery 99999999 not found' });
    up = true;
    const reply = await retry(target.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json<Delivery>()).toMatchObject({ id: target.id, status: 'PENDING', attempts: 6, last_error: 'the receiver answered HTTP 503' });
    // Retried at once by the API process (embedded: it is the sender).
    await waitFor('the retried delivery sent', async () => (await webhookDeliveries(matchId)).find((d) => d.id === target.id)!.status === 'SENT', 10_000);
    const [sent] = (await webhookDeliveries(matchId)).filter((d) => d.id === target.id);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 7 });
    expect(callsOf(`delivery-${target.id}`).filter((c) => c.status === 200)).toHaveLength(1);
    // Only a FAILED delivery can be retried.
    expect((await retry(target.id)).json()).toMatchObject({ statusCode: 409, message: `Delivery ${target.id} is SENT: only a FAILED delivery can be retried` });
    // The others stay FAILED; the retry is in the match's History, by whom, FAILED → PENDING.
    for (const d of (await webhookDeliveries(matchId)).filter((r) => r.id !== target.id)) expect(d.status).toBe('FAILED');
    const history = (await upstream.app.inject({ method: 'GET', url: `${routes.audit.path}?match_id=${matchId}&entity=delivery`, headers })).json<
      ListReply<AuditEntry>
    >();
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({
      entity: 'delivery',
      entity_id: target.id,
      action: 'update',
      actor: { name: expect.any(String) },
      before: { status: 'FAILED' },
      after: { status: 'PENDING' },
    });
  });
});
