import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, MATCH_TABLE_TOPICS, routes, type AuditEntry, type Market, type Match, type MatchTableTopic, type RouteDef } from '@odds/protocol';
import { OPS } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type RunningRelay } from '../support/live-client';
import { DEMO, startStack, type Stack, loginThrough } from '../support/stack';

/**
 * What one edit costs the upstream with 1, 10 and 100 consoles watching the match: the relay reads
 * the edited table once and the match's history once, and pushes both to every console (the saved
 * row, and its audit entry with who made it), which is all a console shows (client
 * renderFromPush.test.tsx: no request on a push). The relay polls only every minute here, so every
 * read counted is one a change notice caused.
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
  matchId = matches[3]!.id;
  const markets = (await call('demo', routes.markets, { p: 1, s: 1 }, undefined, '?limit=100')).results as Market[];
  marketId = markets.find((m) => m.name === 'Both Teams to Score')!.id;
});
afterAll(async () => {
  await relay.close();
  await stack.close();
});

async function watchers(count: number): Promise<LiveView[]> {
  const views = await Promise.all(
    Array.from({ length: count }, async () => {
      const view = new LiveView(await connectLive(relay.url, tokens.demo), matchId);
      await view.watch();
      return view;
    }),
  );
  await until(
    () => views.every((view) => [...Object.keys(MATCH_TABLE_TOPICS), 'history'].every((topic) => view.seq(topic as MatchTableTopic) !== undefined)),
    'every snapshot',
    60_000,
  );
  return views;
}

/** GETs the upstream answered since `since`, by what they read. */
function readsSince(since: number) {
  const gets = stack.upstreamHits.slice(since).filter((hit) => hit.method === 'GET');
  const table = buildPath(routes.matchThresholds, { matchId });
  return {
    thresholds: gets.filter((hit) => hit.url.split('?')[0] === table).length,
    history: gets.filter((hit) => hit.url.startsWith('/api/1/audit')).length,
    other: gets.filter((hit) => hit.url.split('?')[0] !== table && !hit.url.startsWith('/api/1/audit')).map((hit) => hit.url),
  };
}

describe('one edit, many consoles: the relay reads, the consoles are pushed what they show', () => {
  let home = 1500;
  for (const count of [1, 10, 100]) {
    it(`${count} watcher(s): one read of the table and one of the history, the saved set and its audit entry pushed to each`, async () => {
      const views = await watchers(count);
      // Edits before the measured one settle first (the previous test's, or the watch's first reads).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const since = stack.upstreamHits.length;
      home += 10;
      const saved = (await call(
        'ops',
        routes.matchThresholdsSave,
        { matchId },
        { type: 'VALUE', market_id: marketId, thresholds: { yes: { value: home } }, replace: true },
      )) as { id: number; version: number };
      const pushed = (view: LiveView) =>
        view.records('thresholds').some((r) => r.id === saved.id && r.version === saved.version) &&
        view
          .records('history')
          .some(
            (e) =>
              (e as unknown as AuditEntry).entity_id === saved.id &&
              (e as unknown as AuditEntry).version === saved.version &&
              (e as unknown as AuditEntry).actor.name === 'Ops Operator',
          );
      await until(() => views.every(pushed), `the set and its audit entry on all ${count} sockets`, 30_000);
      // Anything late (a second read the notice caused) would come now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const reads = readsSince(since);
      console.log(
        `upstream reads for one edit with ${count} watcher(s): thresholds ${reads.thresholds}, history ${reads.history}, other ${reads.other.length}`,
      );
      expect(reads).toEqual({ thresholds: 1, history: 1, other: [] });
      for (const view of views) view.socket.disconnect();
    }, 120_000);
  }
});
