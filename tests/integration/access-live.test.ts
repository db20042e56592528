import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  routes,
  type CatalogChangedPayload,
  type ListReply,
  type Market,
  type Match,
  type Operator,
  type OperatorLinkReply,
  type Provider,
  type ProviderChangedPayload,
} from '@odds/protocol';
import { connectLive, PlainLiveClient, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';
import { restAs } from '../support/rest';
import { DEMO, startStack, type Stack } from '../support/stack';

/**
 * Access per provider on the live path (docs/operators.md "Access per provider"): an editor of
 * provider 2 only is refused the rooms of provider 1's matches and provider 1 itself, hears none of
 * provider 1's notices, and when an admin changes their access their sockets (socket.io and the
 * plain `/live`) are told at once (`sessionChanged`) and closed, to be opened again with the new rights.
 */
let stack: Stack;
let relay: RunningRelay;
let adminToken = '';
let scopedToken = '';
let scopedId = 0;
const admin = restAs(
  () => relay.url,
  () => adminToken,
);

async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${relay.url}/api/1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { token: string }).token;
}
const firstMatch = async (providerId: number) =>
  (await admin.get<ListReply<Match>>(`${buildPath(routes.matches, { p: providerId, s: 1 })}?limit=1`)).results[0]!.id;
const changeStreamUp = () =>
  until(async () => ((await (await fetch(`${relay.url}/healthz`)).json()) as { live: { change_stream: boolean } }).live.change_stream, 'the change stream');

beforeAll(async () => {
  stack = await startStack();
  relay = await startRelay(stack.upstreamUrl, { pollIntervalMs: 60_000, graceMs: 1_000 });
  adminToken = await login(DEMO);
  const email = 'live-scoped@example.com';
  const { operator, link } = await admin.post<OperatorLinkReply>(routes.operatorInvite.path, {
    email,
    name: 'Live Scoped',
    admin: false,
    role: 'editor',
    provider_ids: [2],
  });
  scopedId = operator.id;
  const token = new URLSearchParams(link.path.split('#')[1]).get('token');
  await fetch(`${relay.url}${routes.passwordSet.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: 'a quiet harbour at dawn' }),
  });
  scopedToken = await login({ email, password: 'a quiet harbour at dawn' });
}, 120_000);
afterAll(async () => {
  await relay?.close();
  await stack?.close();
});

describe('live rooms and notices of an editor of provider 2 only', () => {
  let socket: LiveSocket;
  let watcher: LiveSocket;
  const adminCatalog: CatalogChangedPayload[] = [];
  const changed: ProviderChangedPayload[] = [];
  const catalog: CatalogChangedPayload[] = [];

  it('refuses the room of a match of provider 1 and lets them into one of provider 2', async () => {
    // The relay has no service account here: it follows the change stream with the first open
    // connection's token, which must see every provider (a scoped one is refused the whole stream).
    watcher = await connectLive(relay.url, adminToken);
    watcher.on('catalogChanged', (payload) => adminCatalog.push(payload));
    socket = await connectLive(relay.url, scopedToken);
    socket.on('changed', (payload) => changed.push(payload));
    socket.on('catalogChanged', (payload) => catalog.push(payload));
    const refused = await socket.timeout(10_000).emitWithAck('watch', { matchId: await firstMatch(1) });
    expect(refused.ok).toBe(false);
    const granted = await socket.timeout(10_000).emitWithAck('watch', { matchId: await firstMatch(2) });
    expect(granted).toMatchObject({ ok: true });
  });

  it('refuses to follow provider 1, follows provider 2', async () => {
    expect((await socket.timeout(10_000).emitWithAck('provider', { providerId: 1 })).ok).toBe(false);
    expect(await socket.timeout(10_000).emitWithAck('provider', { providerId: 2 })).toEqual({ ok: true });
  });

  it("hears of provider 2's changes and none of provider 1's", async () => {
    await changeStreamUp();
    const marketOf = async (p: number) => (await admin.get<ListReply<Market>>(`${buildPath(routes.markets, { p, s: 1 })}?limit=1`)).results[0]!;
    const [one, two] = [await marketOf(1), await marketOf(2)];
    await admin.post(buildPath(routes.marketMetaSave, { p: 1, s: 1, marketId: one.id }), { market_meta: { ...one.meta }, version: one.version });
    const provider1 = (await admin.get<{ results: Provider[] }>(`${routes.providers.path}?active_only=false`)).results.find((p) => p.id === 1)!;
    await admin.post(buildPath(routes.providerUpdate, { providerId: 1 }), { active: !provider1.active, version: provider1.version });
    await until(() => adminCatalog.length > 0, "provider 1's toggle on the admin's socket", 5_000);
    await admin.post(buildPath(routes.marketMetaSave, { p: 2, s: 1, marketId: two.id }), {
      market_meta: { ...two.meta, send_delay_minutes: 3 },
      version: two.version,
    });
    await until(() => changed.some((c) => c.providerId === 2), "provider 2's market change", 5_000);
    // Notices travel in order: provider 1's came first and would have arrived by now.
    expect(changed.filter((c) => c.providerId === 1)).toEqual([]);
    expect(catalog).toEqual([]);
    const now = (await admin.get<{ results: Provider[] }>(`${routes.providers.path}?active_only=false`)).results.find((p) => p.id === 1)!;
    await admin.post(buildPath(routes.providerUpdate, { providerId: 1 }), { active: provider1.active, version: now.version });
  });

  it('tells the sockets at once when an admin changes their access, and closes them', async () => {
    const plain = await PlainLiveClient.open(relay.url, scopedToken);
    await plain.next((m) => m.event === 'hello');
    expect(await plain.request('watch', { matchId: await firstMatch(2) })).toMatchObject({ ok: true });
    const told = new Promise<{ reason: string }>((resolve) => socket.once('sessionChanged', resolve));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const me = (await admin.get<ListReply<Operator>>(routes.operators.path)).results.find((o) => o.id === scopedId)!;
    const started = Date.now();
    await admin.post(buildPath(routes.operatorAccess, { operatorId: scopedId }), { role: 'viewer', provider_ids: [1], version: me.access_version });
    expect(await told).toEqual({ reason: 'access' });
    expect(await closed).toBe('io server disconnect');
    expect(await plain.closed).toEqual({ code: 4205, reason: 'Access changed: connect again' });
    expect(plain.messages.some((m) => m.event === 'sessionChanged')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Again, with the new rights: provider 1 now, provider 2 no more.
    const again = await connectLive(relay.url, scopedToken);
    expect((await again.timeout(10_000).emitWithAck('watch', { matchId: await firstMatch(2) })).ok).toBe(false);
    expect(await again.timeout(10_000).emitWithAck('watch', { matchId: await firstMatch(1) })).toMatchObject({ ok: true });
    again.close();
    const plainAgain = await PlainLiveClient.open(relay.url, scopedToken);
    await plainAgain.next((m) => m.event === 'hello');
    expect((await plainAgain.request('watch', { matchId: await firstMatch(2) })).ok).toBe(false);
    expect(await plainAgain.request('watch', { matchId: await firstMatch(1) })).toMatchObject({ ok: true });
    plainAgain.close();
    watcher.close();
  });
});
