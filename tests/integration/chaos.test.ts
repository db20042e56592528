import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type DeliveriesReply, type FeedEvent, type ListReply, type Offer } from '@odds/protocol';
import { io as connect } from 'socket.io-client';
import { ConsoleProcess } from '../support/console-process';
import { LiveView, until, type LiveSocket } from '../support/live-client';
import { DEMO } from '../support/stack';

/**
 * Chaos: the console as `npm start` runs it (supervisor, upstream on PGlite on disk, relay, the demo
 * feed replaying), real processes. A socket client watches the live match while the upstream is
 * killed, then the relay. Afterwards the client's offers and deliveries equal REST, and REST
 * answered 503 (never another 5xx) while the upstream was away.
 */
let console_: ConsoleProcess;
let dataDir: string;
let url: string;
let token: string;
let matchId: number;
let socket: LiveSocket;

const api = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Token ${token}` }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
};
const healthy = async () => {
  try {
    const health = (await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).json()) as { upstream: { status: string } };
    return health.upstream.status === 'ok';
  } catch {
    return false;
  }
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'odds-chaos-'));
  console_ = await ConsoleProcess.start({ dataDir, feedSpeed: 30 });
  url = console_.url;
  matchId = await console_.liveMatch(170_000);
  const login = await fetch(`${url}/api/1/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  token = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  socket?.close();
  await console_?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('chaos: parts of the console killed while a client watches', () => {
  it('loses nothing and answers 503, never 500, while a part is down', async () => {
    // A console's socket: it reconnects by itself, for as long as it takes.
    socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: true, reconnectionDelayMax: 2_000, forceNew: true });
    await new Promise((resolve) => socket.once('hello', resolve));
    const view = new LiveView(socket, matchId);
    expect((await view.watch()).ok).toBe(true);
    await until(() => view.records('offers').length >= 3, 'offers to reach the client', 60_000);

    // REST through the relay all along: what an operator's console gets.
    const statuses: (number | 'no answer')[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        try {
          statuses.push(
            (await fetch(`${url}/api/1/1/1/matches?limit=1`, { headers: { authorization: `Token ${token}` }, signal: AbortSignal.timeout(15_000) })).status,
          );
        } catch {
          statuses.push('no answer'); // the relay itself is down: nothing listens
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();

    const offersBefore = view.records('offers').length;
    process.kill(console_.pidOf('upstream'), 'SIGKILL');
    await until(() => statuses.includes(503), 'REST to answer 503 while the upstream is down', 20_000);
    await until(() => console_.starts('upstream') === 2, 'the supervisor to restart the upstream', 30_000);
    await until(healthy, 'the upstream to answer again', 120_000);
    await until(() => view.records('offers').length > offersBefore || view.snapshots.length > 3, 'the feed to flow again', 60_000);

    const offersMid = view.records('offers').length;
    process.kill(console_.pidOf('relay'), 'SIGKILL');
    await until(() => statuses.at(-1) === 'no answer', 'the relay to be gone', 10_000);
    await until(() => console_.starts('relay') === 2, 'the supervisor to restart the relay', 30_000);
    await until(healthy, 'the relay to answer again', 60_000);
    await until(() => socket.connected, 'the client to reconnect', 30_000);
    await until(() => view.records('offers').length !== offersMid, 'new offers after the relay restart', 60_000);
    probing = false;
    await probe;

    // The client's view equals REST (one read may race a new offer: compare until they agree).
    let last = '';
    const agree = until(
      async () => {
        const feed = await api<ListReply<FeedEvent>>(buildPath(routes.matchFeed, { matchId }) + buildQuery({ limit: 1000 }));
        const markets = [...new Set([...feed.results.map((e) => e.market_id), ...view.records('offers').map((o) => o.market_id as number)])];
        const offers = (
          await Promise.all(markets.map((marketId) => api<ListReply<Offer>>(buildPath(routes.matchOffers, { matchId }) + buildQuery({ market_id: marketId }))))
        )
          .flatMap((reply) => reply.results.map((offer) => offer.id))
          .sort((a, b) => a - b);
        const deliveries = (await api<DeliveriesReply>(buildPath(routes.matchDeliveries, { matchId }) + buildQuery({ limit: 1000 }))).deliveries
          .map((d) => d.id)
          .sort((a, b) => a - b);
        const seen = { offers: view.records('offers').map((o) => o.id), deliveries: view.records('deliveries').map((d) => d.id) };
        last = JSON.stringify({
          rest: { offers: offers.length, deliveries: deliveries.length },
          client: { offers: seen.offers.length, deliveries: seen.deliveries.length },
        });
        return JSON.stringify(seen) === JSON.stringify({ offers, deliveries });
      },
      "the client's offers and deliveries to equal REST",
      30_000,
    );
    await agree.catch((error: Error) => {
      throw new Error(`${error.message}: ${last}`);
    });

    const counts: Record<string, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    console.log(
      `[chaos] REST through the relay during the run: ${JSON.stringify(counts)}; client holds ${view.records('offers').length} offers, ${view.records('deliveries').length} deliveries`,
    );
    const fiveHundreds = statuses.filter((s) => typeof s === 'number' && s >= 500);
    // 503 while the upstream was away; a call cut by the kill itself may say 502; never 500.
    expect(fiveHundreds).toContain(503);
    expect(fiveHundreds.filter((s) => s !== 503 && s !== 502)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    // The supervisor said what it did.
    expect(console_.output).toMatch(/\[supervisor\] upstream stopped \(SIGKILL\) after [\d.]+ s; restart #1 in 1\.0 s/);
    expect(console_.output).toMatch(/\[supervisor\] relay stopped \(SIGKILL\) after [\d.]+ s; restart #1 in 1\.0 s/);
  }, 400_000);
});
