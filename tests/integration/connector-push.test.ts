import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  routes,
  type AuditEntry,
  type CatalogChangedPayload,
  type ListReply,
  type Match,
  type MatchChangedPayload,
  type Provider,
  type SearchResult,
} from '@odds/protocol';
import { OPS } from '@odds/upstream/testing';
import { ask, connectLive, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';
import { restAs } from '../support/rest';
import { DEMO, startStack, type Stack } from '../support/stack';

/**
 * A match's header over the live path (protocol's live-catalog.ts): a connector reassign by one
 * operator reaches, as `matchChanged` naming the match written and the operator, every socket
 * watching a match of either event, and is in the history; a refused reassign leaves neither. A
 * provider's active toggle reaches every console socket as `catalogChanged`. The relay polls only
 * every minute and never reads matches or providers, so only the change stream explains an event.
 */

let stack: Stack;
let relay: RunningRelay;
const tokens = { demo: '', ops: '' };
const demo = restAs(
  () => relay.url,
  () => tokens.demo,
);
const ops = restAs(
  () => relay.url,
  () => tokens.ops,
);
const sockets: LiveSocket[] = [];

async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${relay.url}/api/1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A demo operator's socket watching a match, recording the header events it gets. */
async function watcher(matchId: number) {
  const socket = await connectLive(relay.url, tokens.demo);
  sockets.push(socket);
  const matches: MatchChangedPayload[] = [];
  const catalog: CatalogChangedPayload[] = [];
  socket.on('matchChanged', (payload) => matches.push(payload));
  socket.on('catalogChanged', (payload) => catalog.push(payload));
  expect(await ask(socket, 'watch', matchId)).toEqual({ ok: true });
  return { matches, catalog };
}

const matchHistory = (id: number) => demo.get<ListReply<AuditEntry>>(`${routes.audit.path}?entity=match&entity_id=${id}`);
const changeStreamUp = () =>
  until(async () => {
    const health = (await (await fetch(`${relay.url}/healthz`)).json()) as { live: { change_stream: boolean } };
    return health.live.change_stream;
  }, 'the relay on the change stream');

/**
 * Iberia's England - France, Nordic's replayed fixture of it (on another event), Nordic's own match
 * on the source's event (which the source leaves), and a match of neither event.
 */
async function connectablePair(): Promise<{ source: Match; target: SearchResult; left: Match; unrelated: Match }> {
  const iberia = await demo.get<ListReply<Match>>(`${buildPath(routes.matches, { p: 2, s: 1 })}?q=England&limit=100`);
  const source = iberia.results.find((m) => m.name === 'England - France')!;
  const found = await demo.get<ListReply<SearchResult>>(
    `${buildPath(routes.matchConnectSearch, { from: source.id })}?q=${encodeURIComponent('England - France')}`,
  );
  const target = found.results[0]!;
  const unrelated = iberia.results.find((m) => m.event_id !== source.event_id)!;
  const nordic = await demo.get<ListReply<Match>>(`${buildPath(routes.matches, { p: 1, s: 1 })}?q=England&limit=100`);
  const left = nordic.results.find((m) => m.event_id === source.event_id)!;
  return { source, target, left, unrelated };
}

beforeAll(async () => {
  stack = await startStack();
  relay = await startRelay(stack.upstreamUrl, { pollIntervalMs: 60_000, graceMs: 1_000 });
  tokens.demo = await login(DEMO);
  tokens.ops = await login(OPS);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await relay.close();
  await stack.close();
});

describe("a match's connector and the providers reach the watchers of its header", () => {
  it('sends a reassign to the watchers of both events, with its audit row; a refused one sends and records nothing', async () => {
    const { source, target, left, unrelated } = await connectablePair();
    const onSource = await watcher(source.id);
    const onLeft = await watcher(left.id);
    const onTarget = await watcher(target.id);
    const elsewhere = await watcher(unrelated.id);
    // A wall display watching the source is a console of no operator: it is told neither change.
    // Displays are created by admins (the demo operator is one).
    const created = await demo.post<{ token: string }>(routes.displayCreate.path, {
      name: 'Connector wall',
      match_ids: [source.id],
      league_id: null,
      market_id: null,
      theme: 'dark',
    });
    const wall = await connectLive(relay.url, created.token);
    sockets.push(wall);
    const wallEvents: unknown[] = [];
    wall.on('matchChanged', (payload) => wallEvents.push(payload));
    wall.on('catalogChanged', (payload) => wallEvents.push(payload));
    expect(await ask(wall, 'watch', source.id)).toEqual({ ok: true });
    await changeStreamUp();

    // Refused: the match onto itself. Nothing is recorded and nothing is sent (a later event proves the sockets listen).
    await expect(ops.post(buildPath(routes.matchConnect, { from: source.id, to: source.id }), {})).rejects.toThrow('A match cannot be connected to itself.');
    expect((await matchHistory(source.id)).total).toBe(0);

    const started = performance.now();
    expect(await ops.post(buildPath(routes.matchConnect, { from: source.id, to: target.id }), {})).toEqual({ success: true, id: target.id });
    await until(
      () => onSource.matches.length > 0 && onTarget.matches.length > 0 && onLeft.matches.length > 0,
      'the reassign on the watchers of both events',
      3_000,
    );
    console.log(`connector push: reassign sent → 'matchChanged' on another operator's socket in ${(performance.now() - started).toFixed(1)} ms`);
    for (const [watched, { matches }] of [
      [source.id, onSource],
      [target.id, onTarget],
      [left.id, onLeft],
    ] as const) {
      expect(matches).toHaveLength(1);
      expect(matches[0]).toMatchObject({ matchId: watched, entity: 'match', id: source.id, action: 'update', actor: { name: expect.stringMatching(/\S/) } });
      expect(matches[0]!.actor.id).not.toBeNull();
    }

    // The history holds one row: the source's event id before and after, in the source's History.
    const history = await matchHistory(source.id);
    expect(history.total).toBe(1);
    const [row] = history.results;
    expect(row).toMatchObject({ entity: 'match', entity_id: source.id, match_id: source.id, action: 'update', actor: onSource.matches[0]!.actor });
    expect((row!.before as { event_id: string }).event_id).toBe(source.event_id);
    const moved = await demo.get<Match>(buildPath(routes.match, { matchId: source.id }));
    expect((row!.after as { event_id: string }).event_id).toBe(moved.event_id);
    expect(moved.event_id).not.toBe(source.event_id);
    expect((await demo.get<ListReply<AuditEntry>>(`${routes.audit.path}?match_id=${source.id}`)).results.map((e) => e.entity)).toContain('match');

    // A second reassign onto the same event is refused: still one row, no second event.
    await expect(ops.post(buildPath(routes.matchConnect, { from: source.id, to: target.id }), {})).rejects.toThrow('is already connected');

    // A provider toggle reaches every console, the one watching an unrelated match too; arriving after
    // the reassign on the same socket, it shows that socket was never sent the reassign.
    const provider = (await demo.get<{ results: Provider[] }>(`${routes.providers.path}?active_only=false`)).results.find((p) => p.id === 3)!;
    await ops.post(buildPath(routes.providerUpdate, { providerId: 3 }), { active: !provider.active });
    await until(() => elsewhere.catalog.length > 0 && onSource.catalog.length > 0, 'the provider toggle on every console', 3_000);
    expect(elsewhere.catalog).toEqual([{ entity: 'provider', id: 3, action: 'update', actor: onSource.matches[0]!.actor, at: expect.any(String) }]);
    expect(elsewhere.matches).toEqual([]);
    expect(onSource.matches).toHaveLength(1);
    expect(onTarget.matches).toHaveLength(1);
    expect((await matchHistory(source.id)).total).toBe(1);
    // An answer on the wall's connection comes after anything sent to it before (one ordered connection).
    expect(await ask(wall, 'unwatch', source.id)).toEqual({ ok: true });
    expect(wallEvents).toEqual([]);
    const toggled = await demo.get<ListReply<AuditEntry>>(`${routes.audit.path}?entity=provider&entity_id=3&limit=1`);
    expect(toggled.results[0]).toMatchObject({ action: 'update', after: { active: !provider.active } });
    await ops.post(buildPath(routes.providerUpdate, { providerId: 3 }), { active: provider.active });
  });

  it("prints how long a reassign and a provider toggle take to reach another operator's socket (figures, no timed assertion)", async () => {
    const { source, target, left } = await connectablePair();
    const watching = await watcher(source.id);
    await changeStreamUp();
    const figures = async (what: string, write: (i: number) => Promise<unknown>, seen: () => number) => {
      const delays: number[] = [];
      for (let i = 0; i < 20; i++) {
        const before = seen();
        const started = performance.now();
        await write(i);
        await until(() => seen() > before, what, 3_000);
        delays.push(performance.now() - started);
      }
      delays.sort((x, y) => x - y);
      console.log(`connector push: ${what}, 20 writes: p50 ${delays[9]!.toFixed(1)} ms, max ${delays[19]!.toFixed(1)} ms`);
      expect(delays).toHaveLength(20);
    };
    // The source goes back and forth between the two events: to the one it may join (`target`), then back.
    await figures(
      "reassign → 'matchChanged'",
      (i) => ops.post(buildPath(routes.matchConnect, { from: source.id, to: i % 2 === 0 ? target.id : left.id }), {}),
      () => watching.matches.length,
    );
    await figures(
      "provider toggle → 'catalogChanged'",
      (i) => ops.post(buildPath(routes.providerUpdate, { providerId: 3 }), { active: i % 2 === 0 }),
      () => watching.catalog.length,
    );
  });

  it('sends a refused provider toggle to nobody', async () => {
    const console_ = await watcher((await demo.get<ListReply<Match>>(`${buildPath(routes.matches, { p: 1, s: 1 })}?limit=1`)).results[0]!.id);
    await changeStreamUp();
    const stale = ops.post(buildPath(routes.providerUpdate, { providerId: 2 }), { active: true, version: 999 });
    await expect(stale).rejects.toThrow('409');
    await expect(ops.post(buildPath(routes.providerUpdate, { providerId: 99 }), { active: true })).rejects.toThrow('404');
    await ops.post(buildPath(routes.providerUpdate, { providerId: 2 }), { active: true });
    await until(() => console_.catalog.length > 0, 'the accepted toggle', 3_000);
    expect(console_.catalog.map((c) => c.id)).toEqual([2]);
  });
});
