import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveAck, MatchEditor, PresencePayload } from '@odds/protocol';
import { OPS } from '@odds/upstream/testing';
import { acquireRedis, testPrefix } from '../support/redis';
import { loginThrough, startStack, type Stack } from '../support/stack';
import { connectLive, LiveView, PlainLiveClient, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

// Presence per tab over real servers: who watches a match and who edits which
// of its tabs, pushed to the match's room on socket.io and /live, on one relay and across two.
let stack: Stack;
let demoToken: string;
let opsToken: string;
let matchIds: number[];
const sockets: LiveSocket[] = [];
const relays: RunningRelay[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = await startStack();
  demoToken = await loginThrough(stack.url);
  opsToken = await stack.upstream.login(OPS);
  const response = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=5`, { headers: { authorization: `Token ${demoToken}` } });
  matchIds = ((await response.json()) as { results: { id: number }[] }).results.map((match) => match.id);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const relay of relays) await relay.close().catch(() => {});
  await stack?.close();
});

async function watcher(relayUrl: string, token: string, matchId: number): Promise<LiveView> {
  const socket = await connectLive(relayUrl, token);
  sockets.push(socket);
  const view = new LiveView(socket, matchId);
  expect(await view.watch()).toEqual({ ok: true });
  return view;
}

const editing = (view: LiveView, tab: unknown, matchId = view.matchId): Promise<LiveAck> =>
  view.socket.timeout(5_000).emitWithAck('editing', { matchId, tab } as never);
const editorsOf = (view: LiveView): MatchEditor[] | undefined => view.presence?.editors;
const demo = (tab: MatchEditor['tab']): MatchEditor => ({ id: 1, name: 'Demo Operator', tab });

describe('who edits which tab, on one relay', () => {
  let relay: RunningRelay;
  let a: LiveView;
  let b: LiveView;
  beforeAll(async () => {
    relay = await startRelay(stack.upstreamUrl, { changeStream: false, graceMs: 500 });
    relays.push(relay);
  });

  it("pushes A's editing of a tab to B, and its end when A stops", async () => {
    const matchId = matchIds[0]!;
    a = await watcher(relay.url, demoToken, matchId);
    b = await watcher(relay.url, opsToken, matchId);
    await until(() => b.presence?.viewers.count === 2, 'both watching');
    expect(b.presence!.viewers.names).toEqual(['Demo Operator', 'Ops Operator']);
    expect(editorsOf(b)).toEqual([]);
    expect(await editing(a, 'thresholds')).toEqual({ ok: true });
    await until(() => editorsOf(b)?.length === 1, 'A editing on B');
    expect(editorsOf(b)).toEqual([demo('thresholds')]);
    expect(editorsOf(a)).toEqual([demo('thresholds')]);
    // A socket edits one tab per match at a time: a new tab replaces the last.
    expect(await editing(a, 'content')).toEqual({ ok: true });
    await until(() => editorsOf(b)?.[0]?.tab === 'content', 'A now on Content');
    expect(editorsOf(b)).toEqual([demo('content')]);
    expect(await editing(a, null)).toEqual({ ok: true });
    await until(() => editorsOf(b)?.length === 0, 'A stopped');
  });

  it('lists an operator editing one tab from two sockets once; ends it on unwatch and disconnect', async () => {
    const matchId = matchIds[0]!;
    const again = await watcher(relay.url, demoToken, matchId);
    expect(await editing(a, 'thresholds')).toEqual({ ok: true });
    expect(await editing(again, 'thresholds')).toEqual({ ok: true });
    expect(await editing(b, 'stats')).toEqual({ ok: true });
    await until(() => editorsOf(b)?.length === 2, 'both editing');
    expect(editorsOf(b)).toEqual([demo('thresholds'), { id: 2, name: 'Ops Operator', tab: 'stats' }]);
    // One of A's sockets unwatches: the other still edits.
    expect(await again.socket.timeout(5_000).emitWithAck('unwatch', { matchId })).toEqual({ ok: true });
    const before = b.presence;
    await until(() => b.presence !== before, 'the presence after the unwatch');
    expect(editorsOf(b)).toEqual([demo('thresholds'), { id: 2, name: 'Ops Operator', tab: 'stats' }]);
    a.socket.disconnect();
    await until(() => editorsOf(b)?.length === 1, 'A gone');
    expect(editorsOf(b)).toEqual([{ id: 2, name: 'Ops Operator', tab: 'stats' }]);
    expect(b.presence!.viewers.names).toEqual(['Ops Operator']);
  });

  it('refuses a tab outside the list, a match not watched, a wall display, and floods', async () => {
    const matchId = matchIds[0]!;
    expect(await editing(b, 'delivery')).toEqual({ ok: false, error: expect.stringMatching(/^Invalid editing request: \/tab /) });
    expect(await editing(b, 'x'.repeat(10_000))).toMatchObject({ ok: false });
    expect(await editing(b, 'thresholds', matchIds[1]!)).toEqual({ ok: false, error: `Watch match ${matchIds[1]} before editing it` });
    expect(await editing(b, 'thresholds', 999_999)).toEqual({ ok: false, error: 'Watch match 999999 before editing it' });

    const created = await fetch(`${stack.upstreamUrl}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${demoToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Presence wall', match_ids: [matchId], league_id: null, market_id: null, theme: 'dark' }),
    });
    expect(created.ok).toBe(true);
    const wall = await watcher(relay.url, ((await created.json()) as { token: string }).token, matchId);
    expect(await editing(wall, 'thresholds')).toEqual({ ok: false, error: 'A wall display cannot edit a match' });

    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => editing(b, i % 2 ? 'content' : 'stats')));
    expect(replies.filter((reply) => reply.ok).length).toBeLessThan(40);
    expect(replies.find((reply) => !reply.ok)).toEqual({ ok: false, error: 'Too many requests: wait a moment and try again', retryable: true });
    await sleep(300);
    await until(() => editorsOf(b)?.length === 1, 'one entry after the flood');
  });

  it('speaks editing on /live too, and pushes the editors there', async () => {
    const matchId = matchIds[2]!;
    const view = await watcher(relay.url, opsToken, matchId);
    const plain = await PlainLiveClient.open(relay.url, demoToken);
    expect(await plain.request('editing', { matchId, tab: 'trackers' })).toEqual({ ok: false, error: `Watch match ${matchId} before editing it` });
    expect(await plain.request('watch', { matchId })).toEqual({ ok: true });
    expect(await plain.request('editing', { matchId, tab: 'trackers' })).toEqual({ ok: true });
    await until(() => editorsOf(view)?.length === 1, 'the /live editor on socket.io');
    expect(editorsOf(view)).toEqual([demo('trackers')]);
    const pushed = await plain.next((m) => m.event === 'presence' && Boolean((m.data as PresencePayload).editors?.length));
    expect((pushed.data as PresencePayload).editors).toEqual([demo('trackers')]);
    expect(await plain.request('editing', { matchId, tab: 'odds' })).toEqual({ ok: false, error: 'Invalid editing message: data does not match its schema' });
    plain.close();
    await until(() => editorsOf(view)?.length === 0, 'the /live editor gone with its connection');
  });
});

const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[presence across relays skipped] ${redis.skip}`);

describe.skipIf('skip' in redis)('who edits which tab, across two relays on one Redis', () => {
  afterAll(async () => {
    if (!('skip' in redis)) await redis.release();
  });

  it("B on the other relay sees A start and stop editing, and A's editing end with A's connection", { timeout: 60_000 }, async () => {
    if ('skip' in redis) return;
    const live = { redisUrl: redis.url, redisPrefix: testPrefix('presence'), changeStream: false, leaseTtlMs: 1_500, graceMs: 500 };
    const one = await startRelay(stack.upstreamUrl, live);
    const two = await startRelay(stack.upstreamUrl, live);
    relays.push(one, two);
    const matchId = matchIds[3]!;
    const a = await watcher(one.url, demoToken, matchId);
    const b = await watcher(two.url, opsToken, matchId);
    await until(() => b.presence?.viewers.count === 2 && a.presence?.viewers.count === 2, 'both watching, on both relays');
    expect(await editing(a, 'thresholds')).toEqual({ ok: true });
    await until(() => editorsOf(b)?.length === 1, "A's editing on the other relay");
    expect(editorsOf(b)).toEqual([demo('thresholds')]);
    expect(await editing(b, 'content')).toEqual({ ok: true });
    await until(() => editorsOf(a)?.length === 2, "B's editing on the first relay");
    expect(editorsOf(a)).toEqual([demo('thresholds'), { id: 2, name: 'Ops Operator', tab: 'content' }]);
    expect(await editing(a, null)).toEqual({ ok: true });
    await until(() => editorsOf(b)?.length === 1, 'A stopped, seen on the other relay');
    expect(await editing(a, 'stats')).toEqual({ ok: true });
    await until(() => editorsOf(b)?.length === 2, 'A editing again');
    a.socket.disconnect();
    await until(() => editorsOf(b)?.length === 1 && b.presence?.viewers.count === 1, 'A gone, seen on the other relay');
    expect(editorsOf(b)).toEqual([{ id: 2, name: 'Ops Operator', tab: 'content' }]);
  });
});
