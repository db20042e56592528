/**
 * Co-editing benchmark (`npm run bench -- coediting`, or `npx tsx tests/bench/coediting.bench.ts`):
 * an edit by one operator → visible in another operator's socket state. Prints one table, asserts
 * nothing. Upstream (in-memory PGlite, seeded) and relay run in this process on loopback ports,
 * the relay with the change stream and a 60 s poll interval (so only the change notice explains a
 * quick push). Operator A saves a threshold set 50 times through the relay's REST API, each
 * against the version it holds; the time runs from just before A sends the write to the moment B's
 * socket.io state holds that version. The write's own round trip is shown beside it.
 */
import { buildPath, routes, type ListReply, type Market, type Match } from '@odds/protocol';
import { OPS } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until } from '../support/live-client';
import { DEMO, startStack } from '../support/stack';

const EDITS = 50;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(0) : '-';
};

const stack = await startStack();
const relay = await startRelay(stack.upstreamUrl, { pollIntervalMs: 60_000 });
try {
  const login = async (credentials: { email: string; password: string }) => {
    const response = await fetch(`${relay.url}/api/1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    return ((await response.json()) as { token: string }).token;
  };
  const [tokenA, tokenB] = [await login(OPS), await login(DEMO)];
  const get = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${relay.url}${path}`, { headers: { authorization: `Token ${tokenA}` } })).json()) as T;
  const match = (await get<ListReply<Match>>(`${buildPath(routes.matches, { p: 1, s: 1 })}?timeframe=FUTURE&order_by=start&limit=1`)).results[0]!;
  const market = (await get<ListReply<Market>>(`${buildPath(routes.markets, { p: 1, s: 1 })}?limit=100`)).results.find(
    (m) => m.name === 'Both Teams to Score',
  )!;

  const viewB = new LiveView(await connectLive(relay.url, tokenB), match.id);
  await viewB.watch();
  await until(() => viewB.seq('thresholds') !== undefined, 'B holds the thresholds snapshot');

  const url = `${relay.url}${buildPath(routes.matchThresholdsSave, { matchId: match.id })}`;
  const save = async (value: number, version: number | null) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Token ${tokenA}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'VALUE', market_id: market.id, thresholds: { yes: { value } }, ...(version === null ? { replace: true } : { version }) }),
    });
    if (!response.ok) throw new Error(`save: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; version: number };
  };
  let set = await save(1500, null);
  await until(() => viewB.records('thresholds').some((r) => r.id === set.id && r.version === set.version), 'first edit seen');

  const visible: number[] = [];
  const writes: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const started = performance.now();
    set = await save(1500 + 10 * (i + 1), set.version);
    writes.push(performance.now() - started);
    const expected = set;
    await new Promise<void>((resolve, reject) => {
      const seen = () => viewB.records('thresholds').some((r) => r.id === expected.id && r.version === expected.version);
      const timeout = setTimeout(() => reject(new Error(`edit ${i} not seen by B in 10 s`)), 10_000);
      const check = () => {
        if (seen()) {
          clearTimeout(timeout);
          visible.push(performance.now() - started);
          viewB.socket.off('delta', check);
          resolve();
        }
      };
      viewB.socket.on('delta', check);
      check();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  viewB.socket.disconnect();

  const rows: [string, string, string][] = [
    [`edit by A → in B's socket state, p50 / p99 (${EDITS} edits)`, `${percentile(visible, 50)} / ${percentile(visible, 99)} ms`, 'p99 ≤ 250 ms'],
    [
      "A's write round trip (relay → upstream, versioned, audited), p50 / p99",
      `${percentile(writes, 50)} / ${percentile(writes, 99)} ms`,
      '(part of the above)',
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'measure'.padEnd(width)}  result                 target`);
  for (const [what, result, target] of rows) console.log(`${what.padEnd(width)}  ${result.padEnd(22)} ${target}`);
} finally {
  await relay.close();
  await stack.close();
}
