/**
 * The upstream's CPU per offer (`npm run bench -- offer-cost`), and what each read lever takes off
 * it. The upstream (embedded engine on PGlite) runs in a process of its own; this process is the
 * feed and the relay's reads. OFFER_COST_MATCHES matches (20) each get an odds_change per round
 * (saturday-feed.ts: ~5 offers), OFFER_COST_ROUNDS rounds (30) per phase:
 * - ingest only: what the engine's ingest costs (the floor: a notice that carries what changed
 *   would leave only this, plus rendering the offers once);
 * - the recovery's reads: after each ingest call, the relay's two per-match reads of that match
 *   (feed and offers, `after_id` the greatest id it holds), what a relay reads past a gap in a
 *   match's publications, and what every notice cost before notices carried the offers;
 * - the relay's path: a real relay (in this process) watching every match (one socket.io console
 *   each), applying the publications the upstream's change notices carry, as it does in service
 *   (it reads only past a gap). Rounds every OFFER_COST_ROUND_MS (500): "aligned", every match's
 *   ingest call at the round's start (a burst); "spread", the calls spread evenly over the round
 *   (as unaligned feeds are). Measured until the consoles hold every offer; the relay's reads
 *   counted by its metrics.
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
/** OFFER_COST_PHASES=ingest: only the ingest phase (measuring the engine's ingest alone). */
const INGEST_ONLY = process.env.OFFER_COST_PHASES === 'ingest';
/**
 * OFFER_COST_BASELINE: the root of another checkout of this repository (e.g. `git archive <commit>
 * infra/upstream | tar -x -C $D`, with `$D/node_modules` a link to this one's): its upstream runs
 * beside this tree's, and the ingest phase alternates between the two, so the ratio is measured on
 * the same machine load.
 */
const BASELINE = process.env.OFFER_COST_BASELINE;

interface Upstream {
  name: string;
  child: ReturnType<typeof fork>;
  url: string;
  token: string;
  headers: Record<string, string>;
  matchIds: number[];
  feeds: ReturnType<typeof generatedFeed>[];
  cursor: Map<number, number>;
}

async function startUpstream(name: string, testing?: string): Promise<Upstream> {
  const child = fork(fileURLToPath(new URL('./offer-cost-upstream.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...(testing && { OFFER_COST_TESTING: testing }) },
  });
  const { url, token, matchIds, markets } = await new Promise<{ url: string; token: string; matchIds: number[]; markets: FeedMarket[] }>((resolve) =>
    child.once('message', resolve as never),
  );
  return {
    name,
    child,
    url,
    token,
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    matchIds,
    feeds: matchIds.map((id) => generatedFeed(id, markets, `cost${name}${Date.now()}`)),
    cursor: new Map(matchIds.map((id) => [id, 0])),
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
let clock = Date.now();

async function ingest(up: Upstream, k: number, messages: object[]): Promise<number> {
  if (!messages.length) return 0;
  const response = await fetch(`${up.url}/api/1/engine/match/${up.matchIds[k]}/ingest`, {
    method: 'POST',
    headers: up.headers,
    body: JSON.stringify({ messages }),
  });
  if (!response.ok) throw new Error(`ingest ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return messages.filter((m) => (m as { type: string }).type === 'offer').length;
}

async function read(up: Upstream, path: string): Promise<{ id: number; match_id: number }[]> {
  const response = await fetch(`${up.url}${path}`, { headers: up.headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { results: { id: number; match_id: number }[] }).results;
}

/** The relay's two per-match reads of a match (its recovery past a gap), from the greatest offer id it holds. */
async function perMatchReads(up: Upstream, matchId: number): Promise<void> {
  const after = up.cursor.get(matchId)!;
  const [feed, offers] = await Promise.all([
    read(up, `/api/1/match/${matchId}/feed?limit=200${after ? `&after_id=${after}` : ''}`),
    read(up, `/api/1/offers/${matchId}${after ? `?after_id=${after}` : ''}`),
  ]);
  for (const o of [...feed, ...offers]) up.cursor.set(matchId, Math.max(up.cursor.get(matchId)!, o.id));
}

async function phase(up: Upstream, name: string, afterIngest: ((up: Upstream, matchId: number) => Promise<void>) | null) {
  const before = cpuMs(up.child.pid!);
  const started = performance.now();
  let offers = 0;
  let reads = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    clock += 5_000;
    await Promise.all(
      up.feeds.map(async (feed, k) => {
        const stored = await ingest(up, k, feed.tick(clock));
        offers += stored;
        if (afterIngest) {
          await afterIngest(up, up.matchIds[k]!);
          reads += 2;
        }
      }),
    );
  }
  const spent = cpuMs(up.child.pid!) - before;
  return {
    upstream: up.name,
    phase: name,
    offers,
    reads: reads,
    'upstream CPU ms/offer': (spent / offers).toFixed(2),
    'wall s': ((performance.now() - started) / 1000).toFixed(1),
    load: load(),
  };
}

const upstreams: Upstream[] = [];

/** The relay's upstream requests so far, by topic (its relay_upstream_requests_total). */
async function relayReads(metrics: { upstreamRequests: { get(): Promise<{ values: { value: number; labels: Record<string, unknown> }[] }> } }) {
  const byTopic: Record<string, number> = {};
  for (const { value, labels } of (await metrics.upstreamRequests.get()).values) byTopic[String(labels.topic)] = (byTopic[String(labels.topic)] ?? 0) + value;
  return byTopic;
}

/** A relay watching every match (one console each) gets what the rounds ingest, on the change stream's publications. */
async function relayPhase(up: Upstream, name: string, spread: boolean) {
  const relay = await startRelay(up.url, { changeStream: true });
  const sockets: LiveSocket[] = [];
  try {
    const views: LiveView[] = [];
    for (const matchId of up.matchIds) {
      const socket = await connectLive(relay.url, up.token);
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
    const before = cpuMs(up.child.pid!);
    const started = performance.now();
    let offers = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      clock += 5_000;
      const roundStart = performance.now();
      const at = clock;
      await Promise.all(
        up.feeds.map(async (feed, k) => {
          if (spread) await new Promise((resolve) => setTimeout(resolve, (k * ROUND_MS) / up.feeds.length));
          offers += await ingest(up, k, feed.tick(at));
        }),
      );
      const rest = ROUND_MS - (performance.now() - roundStart);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    let delivered = true;
    await until(() => held() - heldBefore >= offers, 'every offer at the consoles', 60_000).catch(() => (delivered = false));
    const spent = cpuMs(up.child.pid!) - before;
    const wall = (performance.now() - started) / 1000;
    const readsAfter = await relayReads(relay.relay.metrics);
    const reads = (topic: string) => (readsAfter[topic] ?? 0) - (readsBefore[topic] ?? 0);
    return {
      phase: name,
      offers,
      reads: `${reads('feed')} feed, ${reads('offers')} offers, ${reads('check')} checks`,
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
  if (BASELINE) upstreams.push(await startUpstream('baseline', `${BASELINE}/infra/upstream/src/testing.ts`));
  upstreams.push(await startUpstream('this tree'));
  for (const up of upstreams) {
    // Kick-offs and first prices, and a warm-up round of each shape (compiled paths, caches).
    await Promise.all(up.feeds.map((feed, k) => ingest(up, k, feed.start(clock))));
    for (const id of up.matchIds) await perMatchReads(up, id);
  }
  const rows = [];
  for (let pass = 0; pass < 2; pass += 1) {
    for (const up of upstreams) rows.push(await phase(up, 'ingest only', null));
    if (INGEST_ONLY) continue;
    for (const up of upstreams) rows.push(await phase(up, 'ingest + the 2 per-match reads of a recovery, per ingest call', perMatchReads));
  }
  if (WITH_RELAY && !INGEST_ONLY) {
    const thisTree = upstreams.at(-1)!;
    for (let pass = 0; pass < 2; pass += 1) {
      for (const spread of [false, true]) {
        const shape = spread ? 'spread' : 'aligned';
        rows.push(await relayPhase(thisTree, `relay, ${shape}: publications`, spread));
      }
    }
  }
  console.log(
    `offer cost: ${upstreams[0]!.matchIds.length} matches × ${ROUNDS} rounds per phase (an odds_change per match per round${WITH_RELAY ? `; relay phases: a round every ${ROUND_MS} ms` : ''}), embedded upstream on in-memory PGlite in its own process; each phase twice`,
  );
  console.table(rows);
} finally {
  for (const up of upstreams) up.child.send({ type: 'stop' });
}
