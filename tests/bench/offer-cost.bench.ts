/**
 * The upstream's CPU per offer (`npm run bench -- offer-cost`), and what each read lever takes off
 * it. The upstream (embedded engine on PGlite) runs in a process of its own; this process is the
 * feed and the relay's reads. OFFER_COST_MATCHES matches (20) each get an odds_change per round
 * (saturday-feed.ts: ~5 offers), OFFER_COST_ROUNDS rounds (30) per phase:
 * - ingest only: what the engine's ingest costs (the floor: a notice that carries what changed
 *   would leave only this, plus rendering the offers once);
 * - today's reads: after each ingest call, the relay's two incremental reads of that match (feed
 *   and offers, `after_id` the greatest id it holds);
 * - one cross-match read: after a burst (an ingest call of every match), one `GET /api/1/live/offers`
 *   naming every match with its cursor (one read serves both topics: it carries the raw message).
 * - the relay's path: a real relay (in this process) watching every match (one socket.io console
 *   each), reading on the upstream's change notices as it does in service, once with a read per
 *   match and topic (CROSS_MATCH_WINDOW_MS 0) and once with its cross-match read (the default
 *   window). Rounds every OFFER_COST_ROUND_MS (500): "aligned", every match's ingest call at the
 *   round's start (a burst); "spread", the calls spread evenly over the round (as unaligned feeds
 *   are). Measured until the consoles hold every offer; the relay's reads counted by its metrics.
 *   OFFER_COST_RELAY=off leaves these phases out.
 * Prints CPU-ms per offer of the upstream process for each, and the load average.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { connectLive, LiveView, startRelay, until, type LiveSocket } from '../support/live-client';
import type { FeedMarket } from './saturday-data';
import { cpuMs } from './relay-figures';
import { generatedFeed } from './saturday-feed';

const ROUNDS = Number(process.env.OFFER_COST_ROUNDS ?? 30);
const ROUND_MS = Number(process.env.OFFER_COST_ROUND_MS ?? 500);
const WITH_RELAY = process.env.OFFER_COST_RELAY !== 'off';
const child = fork(fileURLToPath(new URL('./offer-cost-upstream.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
const { url, token, matchIds, markets } = await new Promise<{ url: string; token: string; matchIds: number[]; markets: FeedMarket[] }>((resolve) =>
  child.once('message', resolve as never),
);
const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const feeds = matchIds.map((id) => generatedFeed(id, markets, `cost${Date.now()}`));
const cursor = new Map(matchIds.map((id) => [id, 0]));
let clock = Date.now();

async function ingest(k: number, messages: object[]): Promise<number> {
  if (!messages.length) return 0;
  const response = await fetch(`${url}/api/1/engine/match/${matchIds[k]}/ingest`, { method: 'POST', headers, body: JSON.stringify({ messages }) });
  if (!response.ok) throw new Error(`ingest ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return messages.filter((m) => (m as { type: string }).type === 'offer').length;
}

async function read(path: string): Promise<{ id: number; match_id: number }[]> {
  const response = await fetch(`${url}${path}`, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { results: { id: number; match_id: number }[] }).results;
}

/** The relay's two reads of a match today, from the greatest offer id it holds. */
async function perMatchReads(matchId: number): Promise<void> {
  const after = cursor.get(matchId)!;
  const [feed, offers] = await Promise.all([
    read(`/api/1/match/${matchId}/feed?limit=200${after ? `&after_id=${after}` : ''}`),
    read(`/api/1/offers/${matchId}${after ? `?after_id=${after}` : ''}`),
  ]);
  for (const o of [...feed, ...offers]) cursor.set(matchId, Math.max(cursor.get(matchId)!, o.id));
}

async function crossMatchRead(): Promise<void> {
  const rows = await read(`/api/1/live/offers?after=${matchIds.map((id) => `${id}:${cursor.get(id)}`).join(',')}`);
  for (const o of rows) cursor.set(o.match_id, Math.max(cursor.get(o.match_id)!, o.id));
}

async function phase(name: string, afterIngest: ((matchId: number) => Promise<void>) | null, afterBurst: (() => Promise<void>) | null) {
  const before = cpuMs(child.pid!);
  const started = performance.now();
  let offers = 0;
  let reads = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    clock += 5_000;
    await Promise.all(
      feeds.map(async (feed, k) => {
        const stored = await ingest(k, feed.tick(clock));
        offers += stored;
        if (afterIngest) {
          await afterIngest(matchIds[k]!);
          reads += 2;
        }
      }),
    );
    if (afterBurst) {
      await afterBurst();
      reads += 1;
    }
  }
  const spent = cpuMs(child.pid!) - before;
  return {
    phase: name,
    offers,
    reads: reads,
    'upstream CPU ms/offer': (spent / offers).toFixed(2),
    'wall s': ((performance.now() - started) / 1000).toFixed(1),
    load: load(),
  };
}

/** The relay's upstream requests so far, by topic (its relay_upstream_requests_total). */
async function relayReads(metrics: { upstreamRequests: { get(): Promise<{ values: { value: number; labels: Record<string, unknown> }[] }> } }) {
  const byTopic: Record<string, number> = {};
  for (const { value, labels } of (await metrics.upstreamRequests.get()).values) byTopic[String(labels.topic)] = (byTopic[String(labels.topic)] ?? 0) + value;
  return byTopic;
}

/**
 * A relay watching every match (one console each) reads what the rounds ingest, on the change
 * stream's notices: per match and topic (`windowMs` 0) or with its cross-match read.
 */
async function relayPhase(name: string, windowMs: number, spread: boolean) {
  const relay = await startRelay(url, { changeStream: true, ...(windowMs >= 0 && { crossMatchWindowMs: windowMs }) });
  const sockets: LiveSocket[] = [];
  try {
    const views: LiveView[] = [];
    for (const matchId of matchIds) {
      const socket = await connectLive(relay.url, token);
      sockets.push(socket);
      const view = new LiveView(socket, matchId);
      await view.watch();
      views.push(view);
    }
    await until(() => relay.relay.hub.isStreaming, 'the change stream', 30_000);
    // The first snapshots and the catch-up checks after connecting are not the phase's.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const held = () => views.reduce((sum, view) => sum + view.records('offers').length, 0);
    const heldBefore = held();
    const readsBefore = await relayReads(relay.relay.metrics);
    const before = cpuMs(child.pid!);
    const started = performance.now();
    let offers = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      clock += 5_000;
      const roundStart = performance.now();
      const at = clock;
      await Promise.all(
        feeds.map(async (feed, k) => {
          if (spread) await new Promise((resolve) => setTimeout(resolve, (k * ROUND_MS) / feeds.length));
          offers += await ingest(k, feed.tick(at));
        }),
      );
      const rest = ROUND_MS - (performance.now() - roundStart);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    let delivered = true;
    await until(() => held() - heldBefore >= offers, 'every offer at the consoles', 60_000).catch(() => (delivered = false));
    const spent = cpuMs(child.pid!) - before;
    const wall = (performance.now() - started) / 1000;
    const readsAfter = await relayReads(relay.relay.metrics);
    const reads = (topic: string) => (readsAfter[topic] ?? 0) - (readsBefore[topic] ?? 0);
    return {
      phase: name,
      offers,
      reads: `${reads('cross-match')} cross-match, ${reads('feed')} feed, ${reads('offers')} offers, ${reads('check')} checks`,
      'upstream CPU ms/offer': (spent / offers).toFixed(2),
      'wall s': `${wall.toFixed(1)}${delivered ? '' : ' (not every offer reached the consoles)'}`,
      load: load(),
    };
  } finally {
    for (const socket of sockets) socket.close();
    await relay.close();
  }
}

try {
  // Kick-offs and first prices, and a warm-up round of each shape (compiled paths, caches).
  await Promise.all(feeds.map((feed, k) => ingest(k, feed.start(clock))));
  for (const id of matchIds) await perMatchReads(id);
  await crossMatchRead();
  const rows = [];
  for (let pass = 0; pass < 2; pass += 1) {
    rows.push(await phase('ingest only', null, null));
    rows.push(await phase("ingest + today's 2 reads per ingest call", perMatchReads, null));
    rows.push(await phase('ingest + 1 cross-match read per burst', null, crossMatchRead));
  }
  if (WITH_RELAY) {
    for (let pass = 0; pass < 2; pass += 1) {
      for (const spread of [false, true]) {
        const shape = spread ? 'spread' : 'aligned';
        rows.push(await relayPhase(`relay, ${shape}: a read per match and topic`, 0, spread));
        rows.push(await relayPhase(`relay, ${shape}: cross-match read`, -1, spread));
      }
    }
  }
  console.log(
    `offer cost: ${matchIds.length} matches × ${ROUNDS} rounds per phase (an odds_change per match per round${WITH_RELAY ? `; relay phases: a round every ${ROUND_MS} ms` : ''}), embedded upstream on in-memory PGlite in its own process; each phase twice`,
  );
  console.table(rows);
} finally {
  child.send({ type: 'stop' });
}
