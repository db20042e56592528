import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type Match, type Market, type ProviderChangedPayload, type RouteDef } from '@odds/protocol';
import { OPS } from '@odds/upstream/testing';
import { connectLive, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';
import { DEMO, startStack, type Stack } from '../support/stack';

/**
 * Provider-wide data over the live path (protocol's live-provider.ts): a write of market
 * settings, a saved threshold template or a content item by one operator reaches, as a `changed`
 * event naming the record and the operator, every socket following that provider, and no socket
 * following another provider or holding an ended session. The relay polls only every minute and
 * polls no provider data at all, so only the change stream can explain a quick event.
 */

let stack: Stack;
let relay: RunningRelay;
const tokens = { demo: '', ops: '' };
let market: Market;
let matchId: number;

async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${relay.url}/api/1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { token: string }).token;
}

async function call(token: string, route: RouteDef, params: Record<string, number>, body?: unknown, query = '') {
  const response = await fetch(`${relay.url}${buildPath(route, params)}${query}`, {
    method: route.method,
    headers: { authorization: `Token ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route.path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A socket that follows a provider and records every `changed` event it gets. */
async function follower(token: string, providerId: number): Promise<{ socket: LiveSocket; events: ProviderChangedPayload[] }> {
  const socket = await connectLive(relay.url, token);
  const events: ProviderChangedPayload[] = [];
  socket.on('changed', (payload) => events.push(payload));
  const ack = await socket.timeout(10_000).emitWithAck('provider', { providerId });
  expect(ack).toEqual({ ok: true });
  return { socket, events };
}

beforeAll(async () => {
  stack = await startStack();
  relay = await startRelay(stack.upstreamUrl, { pollIntervalMs: 60_000, graceMs: 1_000 });
  tokens.demo = await login(DEMO);
  tokens.ops = await login(OPS);
  const markets = (await call(tokens.demo, routes.markets, { p: 1, s: 1 }, undefined, '?limit=100')).results as Market[];
  market = markets.find((m) => m.name === 'Both Teams to Score')!;
  const matches = (await call(tokens.demo, routes.matches, { p: 1, s: 1 }, undefined, '?timeframe=FUTURE&order_by=start&limit=5')).results as Match[];
  matchId = matches[1]!.id;
});
afterAll(async () => {
  await relay.close();
  await stack.close();
});

const changeStreamUp = () =>
  until(async () => {
    const health = (await (await fetch(`${relay.url}/healthz`)).json()) as { live: { change_stream: boolean } };
    return health.live.change_stream;
  }, 'the relay on the change stream');

describe('provider-wide data is pushed to the consoles of the provider', () => {
  it("sends one operator's market settings, template and content item writes to a socket of the same provider only", async () => {
    const same = await follower(tokens.demo, 1);
    const other = await follower(tokens.demo, 2);
    await changeStreamUp();

    const meta = { ...market.meta, send_delay_minutes: (market.meta.send_delay_minutes ?? 0) + 1 };
    await call(tokens.ops, routes.marketMetaSave, { p: 1, s: 1, marketId: market.id }, { market_meta: meta });
    await until(() => same.events.some((e) => e.entity === 'market' && e.id === market.id), "the market change on the provider's socket", 3_000);
    const marketEvent = same.events.find((e) => e.entity === 'market')!;
    expect(marketEvent).toMatchObject({ providerId: 1, action: 'update', actor: { name: expect.stringMatching(/\S/) } });
    expect(marketEvent.actor.id).not.toBeNull();
    expect(Number.isNaN(Date.parse(marketEvent.at))).toBe(false);

    // A named threshold set is kept as a template of the provider: the template pickers refresh.
    await call(
      tokens.ops,
      routes.matchThresholdsSave,
      { matchId },
      {
        type: 'VALUE',
        market_id: market.id,
        thresholds: { yes: { value: 1750 } },
        replace: true,
        saveAsTemplate: 'Pushed template',
      },
    );
    await until(() => same.events.some((e) => e.entity === 'saved_threshold'), "the template change on the provider's socket", 3_000);
    const templates = (await call(tokens.demo, routes.marketThresholds, { marketId: market.id })).results as { id: number; name: string }[];
    const template = templates.find((t) => t.name === 'Pushed template')!;
    expect(same.events.find((e) => e.entity === 'saved_threshold')).toMatchObject({ id: template.id, action: 'create', providerId: 1 });

    const items = (await call(tokens.demo, routes.contents, {}, undefined, '?provider=1&limit=1')).results as { id: number }[];
    await call(tokens.ops, routes.contentActiveToggle, { id: items[0]!.id });
    await until(() => same.events.some((e) => e.entity === 'content_item' && e.id === items[0]!.id), "the content item change on the provider's socket", 3_000);

    // The same writes are announced: a socket of provider 2 gets none of them (a later write of
    // its own proves it listens).
    await call(tokens.ops, routes.contentActiveToggle, { id: items[0]!.id });
    await until(() => same.events.filter((e) => e.entity === 'content_item').length === 2, 'the second toggle', 3_000);
    expect(other.events).toEqual([]);
    const markets2 = (await call(tokens.demo, routes.markets, { p: 2, s: 1 }, undefined, '?limit=1')).results as Market[];
    await call(tokens.ops, routes.marketMetaSave, { p: 2, s: 1, marketId: markets2[0]!.id }, { market_meta: markets2[0]!.meta });
    await until(() => other.events.length === 1, "provider 2's own change on its socket", 3_000);
    expect(other.events[0]).toMatchObject({ providerId: 2, entity: 'market', id: markets2[0]!.id });
    expect(same.events.some((e) => e.providerId === 2)).toBe(false);
    same.socket.close();
    other.socket.close();
  });

  it('prints how long a write takes to reach another console of the provider (figures, no timed assertion)', async () => {
    const watcher = await follower(tokens.demo, 1);
    await changeStreamUp();
    const delays: number[] = [];
    for (let i = 0; i < 20; i++) {
      const seen = watcher.events.length;
      const started = performance.now();
      await call(tokens.ops, routes.marketMetaSave, { p: 1, s: 1, marketId: market.id }, { market_meta: { ...market.meta, send_delay_minutes: i } });
      await until(() => watcher.events.length > seen, 'the change', 3_000);
      delays.push(performance.now() - started);
    }
    delays.sort((x, y) => x - y);
    console.log(`provider push: write sent → 'changed' on another socket, 20 writes: p50 ${delays[9]!.toFixed(1)} ms, max ${delays[19]!.toFixed(1)} ms`);
    expect(delays).toHaveLength(20);
    watcher.socket.close();
  });

  it('moves a socket to the provider it follows now, and refuses a provider that does not exist', async () => {
    const moving = await follower(tokens.demo, 2);
    expect(await moving.socket.timeout(10_000).emitWithAck('provider', { providerId: 1 })).toEqual({ ok: true });
    expect(await moving.socket.timeout(10_000).emitWithAck('provider', { providerId: 999 })).toEqual({ ok: false, error: 'No such provider: 999' });
    expect(await moving.socket.timeout(10_000).emitWithAck('provider', { providerId: 'one' } as never)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Invalid provider request'),
    });
    await changeStreamUp();
    const markets2 = (await call(tokens.demo, routes.markets, { p: 2, s: 1 }, undefined, '?limit=1')).results as Market[];
    await call(tokens.ops, routes.marketMetaSave, { p: 2, s: 1, marketId: markets2[0]!.id }, { market_meta: markets2[0]!.meta });
    await call(tokens.ops, routes.marketMetaSave, { p: 1, s: 1, marketId: market.id }, { market_meta: market.meta });
    await until(() => moving.events.some((e) => e.providerId === 1), "provider 1's change on the moved socket", 3_000);
    expect(moving.events.every((e) => e.providerId === 1)).toBe(true);
    moving.socket.close();
  });

  it('sends nothing to the socket of a session that ended, and admits its token no more', async () => {
    const token = await login(DEMO);
    const ended = await follower(token, 1);
    const witness = await follower(tokens.demo, 1);
    await changeStreamUp();
    const closed = new Promise<void>((resolve) => ended.socket.once('disconnect', () => resolve()));
    // The logout goes to the upstream directly: the relay learns of it from the change stream.
    const logout = await fetch(`${stack.upstreamUrl}${routes.logout.path}`, { method: 'POST', headers: { authorization: `Token ${token}` } });
    expect(logout.status).toBe(200);
    await closed;
    await call(tokens.ops, routes.marketMetaSave, { p: 1, s: 1, marketId: market.id }, { market_meta: { ...market.meta, send_delay_minutes: 7 } });
    await until(() => witness.events.some((e) => e.entity === 'market'), 'the change on a live socket', 3_000);
    expect(ended.events).toEqual([]);
    await expect(connectLive(relay.url, token)).rejects.toThrow('Authentication required');
    witness.socket.close();
  });
});
