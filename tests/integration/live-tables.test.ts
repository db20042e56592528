/**
 * A match's tables on the live path are told what moved and read only that: an edit's change notice
 * names its record (`entity_id`), and the relay reads that record alone (`?ids=`), a deleted one
 * being a remove; the consoles end with the tables a whole read answers. A relay in front of a real
 * upstream (PGlite) whose requests are recorded; safety checks are far apart, so only notices drive
 * the reads.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type ListReply, type Market, type RouteDef } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

let upstream: TestUpstream;
let upstreamUrl: string;
let token: string;
let relayToken: string;
let relay: RunningRelay;
let socket: LiveSocket;
let view: LiveView;
let matchId: number;
let marketId: number;
const hits: string[] = [];

async function call(route: RouteDef, params: Record<string, number>, body?: unknown, query = '') {
  const response = await fetch(`${upstreamUrl}${buildPath(route, params)}${query}`, {
    method: route.method,
    headers: { authorization: `Token ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route.path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  upstream = await createTestUpstream();
  upstream.app.addHook('onRequest', async (request) => {
    if (String(request.headers.authorization ?? '') === `Token ${relayToken}`) hits.push(request.url);
  });
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  token = await upstream.login();
  const matches = (await call(routes.matches, { p: 1, s: 1 }, undefined, '?timeframe=FUTURE&order_by=start&limit=5')).results as { id: number }[];
  matchId = matches[3]!.id;
  const markets = (await call(routes.markets, { p: 1, s: 1 }, undefined, '?limit=100')).results as Market[];
  marketId = markets.find((m) => m.name === 'Both Teams to Score')!.id;
  relay = await startRelay(upstreamUrl, { changeStream: true, safetyPollMs: 600_000, catchUpMs: 100 });
  relayToken = await upstream.login();
  socket = await connectLive(relay.url, relayToken);
  view = new LiveView(socket, matchId);
  expect(await view.watch()).toEqual({ ok: true });
  await until(() => relay.relay.hub.isStreaming, 'the change stream');
  await until(() => view.seq('thresholds') !== undefined && view.seq('stats') !== undefined, 'the first snapshots');
}, 60_000);

afterAll(async () => {
  socket?.close();
  await relay?.close();
  await upstream?.close();
});

/** The relay's reads of a table since `from`, without the history's. */
const readsOf = (from: number, path: string) => hits.slice(from).filter((url) => url.split('?')[0] === path);

describe('match tables read by id', () => {
  it('reads only the threshold set an edit names, and removes the one a delete names without more', async () => {
    const path = buildPath(routes.matchThresholds, { matchId });
    let from = hits.length;
    const set = (await call(
      routes.matchThresholdsSave,
      { matchId },
      { type: 'VALUE', market_id: marketId, thresholds: { yes: { value: 1850 } }, replace: true },
    )) as {
      id: number;
      version: number;
    };
    await until(() => view.records('thresholds').some((r) => r.id === set.id && r.version === set.version), 'the set on the console');
    expect(readsOf(from, path)).toEqual([`${path}?ids=${set.id}`]);
    from = hits.length;
    await call(routes.matchThresholdsDelete, { matchId }, undefined, `?thresholds_id=${set.id}`);
    await until(() => !view.records('thresholds').some((r) => r.id === set.id), 'the set removed on the console');
    expect(readsOf(from, path)).toEqual([`${path}?ids=${set.id}`]);
    const whole = (await call(routes.matchThresholds, { matchId })) as unknown as ListReply<{ id: number }>;
    expect(view.records('thresholds').map((r) => r.id)).toEqual(whole.results.map((r) => r.id).sort((a, b) => a - b));
  });

  it('reads the stat events of a batch save by their ids, in one read', async () => {
    const path = buildPath(routes.matchStatEvents, { matchId });
    const from = hits.length;
    const saved = (
      await call(
        routes.statEventsSave,
        {},
        {
          events: [
            { match_id: matchId, type: 6, period: 1, game_time: 12 },
            { match_id: matchId, type: 6, period: 1, game_time: 30 },
          ],
        },
      )
    ).results as { id: number }[];
    await until(() => saved.every((event) => view.records('stats').some((r) => r.id === event.id)), 'both events on the console');
    const reads = readsOf(from, path);
    expect(reads.every((url) => url.includes('?ids='))).toBe(true);
    expect(reads.flatMap((url) => decodeURIComponent(url.split('ids=')[1]!).split(',').map(Number)).sort()).toEqual(saved.map((e) => e.id).sort());
  });
});
