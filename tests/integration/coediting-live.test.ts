import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, MATCH_TABLE_TOPICS, routes, type ListReply, type Market, type Match, type MatchTableTopic, type RouteDef } from '@odds/protocol';
import { OPS } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type RunningRelay } from '../support/live-client';
import { DEMO, startStack, type Stack, loginThrough } from '../support/stack';

/**
 * The match's editable tables over the live path: an edit by one operator reaches another
 * operator's socket through the change stream (the relay polls only every minute here, so only a
 * notice can explain a quick push), and a watcher that comes back after missing edits ends with
 * the same tables as a fresh load.
 */

let stack: Stack;
let relay: RunningRelay;
const tokens = { demo: '', ops: '' };
let matchId: number;
let marketId: number;

async function call(who: 'demo' | 'ops', route: RouteDef, params: Record<string, number>, body?: unknown, query = '') {
  const response = await fetch(`${relay.url}${buildPath(route, params)}${query}`, {
    method: route.method,
    headers: { authorization: `Token ${tokens[who]}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route.path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  stack = await startStack();
  relay = await startRelay(stack.upstreamUrl, { pollIntervalMs: 60_000, graceMs: 1_000 });
  tokens.demo = await loginThrough(relay.url, DEMO);
  tokens.ops = await loginThrough(relay.url, OPS);
  const matches = (await call('demo', routes.matches, { p: 1, s: 1 }, undefined, '?timeframe=FUTURE&order_by=start&limit=5')).results as Match[];
  matchId = matches[2]!.id;
  const markets = (await call('demo', routes.markets, { p: 1, s: 1 }, undefined, '?limit=100')).results as Market[];
  marketId = markets.find((m) => m.name === 'Both Teams to Score')!.id;
});
afterAll(async () => {
  await relay.close();
  await stack.close();
});

async function watcher(token: string): Promise<LiveView> {
  const view = new LiveView(await connectLive(relay.url, token), matchId);
  await view.watch();
  await until(() => Object.keys(MATCH_TABLE_TOPICS).every((topic) => view.seq(topic as MatchTableTopic) !== undefined), 'table snapshots');
  return view;
}

const freshTables = async () =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(MATCH_TABLE_TOPICS).map(async ([topic, route]) => [
        topic,
        ((await call('demo', routes[route], { matchId })) as unknown as ListReply<{ id: number }>).results.sort((a, b) => a.id - b.id),
      ]),
    ),
  ) as Record<MatchTableTopic, { id: number }[]>;

describe('match tables are live for every operator', () => {
  it("pushes one operator's threshold set, content and stat event to another's socket, through the change stream", async () => {
    const other = await watcher(tokens.demo);
    const set = (await call(
      'ops',
      routes.matchThresholdsSave,
      { matchId },
      { type: 'VALUE', market_id: marketId, thresholds: { yes: { value: 1850 } }, replace: true },
    )) as { id: number; version: number };
    await until(() => other.records('thresholds').some((r) => r.id === set.id && r.version === set.version), 'the set on the other socket', 3_000);
    const content = (await call(
      'ops',
      routes.matchContentSave,
      { matchId },
      {
        market_id: marketId,
        channel_id: 1,
        language: 'en',
        node_id: 'PRE',
        hold: true,
        content: { title: [{ content: 'Live co-editing' }], content: [], cta: [], image: [] },
      },
    )) as { id: number };
    await until(() => other.records('content').some((r) => r.id === content.id && r.hold === true), 'the content (held) on the other socket', 3_000);
    const [event] = (await call('ops', routes.statEventsSave, {}, { events: [{ match_id: matchId, type: 6, period: 1, game_time: 12, tags: ['live'] }] }))
      .results as { id: number }[];
    await until(() => other.records('stats').some((r) => r.id === event!.id), 'the stat event on the other socket', 3_000);
    // A delete is a remove.
    await call('ops', routes.matchContentDelete, { matchContentId: content.id });
    await until(() => !other.records('content').some((r) => r.id === content.id), 'the content removed on the other socket', 3_000);
    other.socket.disconnect();
  });

  it('brings a watcher that missed edits while away to the same tables as a fresh load', async () => {
    const away = await watcher(tokens.demo);
    const heldSeq = away.seq('thresholds')!;
    away.socket.disconnect();
    // Edits while it is away: a set replaced, content added, a stat event added.
    await call('ops', routes.matchThresholdsSave, { matchId }, { type: 'VALUE', market_id: marketId, thresholds: { yes: { value: 1950 } }, replace: true });
    await call(
      'ops',
      routes.matchContentSave,
      { matchId },
      {
        market_id: marketId,
        channel_id: 1,
        language: 'da',
        node_id: 'PRE',
        content: { title: [{ content: 'Mens du var væk' }], content: [], cta: [], image: [] },
      },
    );
    await call('ops', routes.statEventsSave, {}, { events: [{ match_id: matchId, type: 6, period: 2, game_time: 70 }] });
    // Another watcher keeps the match polled meanwhile, so the relay has the edits as deltas.
    const present = await watcher(tokens.ops);
    const expected = await freshTables();
    await until(() => present.records('stats').length === expected.stats.length, 'the present watcher up to date', 3_000);
    away.socket.connect();
    await until(
      () => (Object.keys(MATCH_TABLE_TOPICS) as MatchTableTopic[]).every((topic) => JSON.stringify(away.records(topic)) === JSON.stringify(expected[topic])),
      'the returning watcher up to date',
      5_000,
    );
    expect(away.resyncs).toBeGreaterThan(0);
    expect(away.seq('thresholds')).toBeGreaterThan(heldSeq);
    for (const topic of Object.keys(MATCH_TABLE_TOPICS) as MatchTableTopic[]) expect(away.records(topic), topic).toEqual(expected[topic]);
    away.socket.disconnect();
    present.socket.disconnect();
  });
});
