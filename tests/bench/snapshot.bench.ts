/**
 * Opening a long match: bytes on the wire per console for its first snapshots (the big ones packed:
 * deflated once by the relay, relay/src/live/transport/packing.ts), and the time for N consoles (default 200,
 * `SNAPSHOT_CONSOLES`) opening it at once until each holds every topic. Real upstream (PGlite,
 * seeded; the 2022 final, the longest seeded match) and relay on loopback ports. The relay,
 * upstream and clients share this process, so the RSS printed is of all three.
 */
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { LIVE_TOPICS } from '@odds/protocol';
import { buildRelay } from '@odds/relay';
import { createTestUpstream } from '@odds/upstream/testing';
import { MANY_CLIENTS_ADMISSION } from '../support/admission';
import { connectLive, LiveView, until, type LiveSocket } from '../support/live-client';

const CONSOLES = Number(process.env.SNAPSHOT_CONSOLES ?? 200);
const clientDir = fileURLToPath(new URL('../../client/dist', import.meta.url));
const upstream = await createTestUpstream();
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
const token = await upstream.login();
const found = await fetch(`${upstreamUrl}/api/1/1/1/matches?q=Argentina - France&date=2022-12-18`, { headers: { authorization: `Token ${token}` } });
const matchId = ((await found.json()) as { results: { id: number }[] }).results[0]!.id;
const rows: [string, string][] = [];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function open(consoles: number): Promise<void> {
  const relay = await buildRelay({ upstreamUrl, clientDir, live: { admission: MANY_CLIENTS_ADMISSION } });
  const connections = new Set<Socket>();
  relay.app.server.on('connection', (socket: Socket) => connections.add(socket));
  await relay.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
  // Prime the match's live state with one watcher, so every console below gets the same snapshot.
  const first = await connectLive(url, token);
  await new LiveView(first, matchId).watch();
  const sockets: LiveSocket[] = [first];
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const written = () => [...connections].reduce((sum, socket) => sum + socket.bytesWritten, 0);
  try {
    // Connect first (in batches: the handshakes are not what is measured), then all open the match at once.
    for (let i = 0; i < consoles; i += 25) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, consoles - i) }, () => connectLive(url, token)))));
    }
    const before = written();
    const started = performance.now();
    const views = await Promise.all(
      sockets.slice(1).map(async (socket) => {
        const view = new LiveView(socket, matchId);
        const ack = await view.watch();
        if (!ack.ok) throw new Error(`watch: ${ack.error}`);
        return view;
      }),
    );
    await until(() => views.every((view) => LIVE_TOPICS.every((topic) => view.seq(topic) !== undefined)), 'every console to hold every topic', 120_000);
    const seconds = (performance.now() - started) / 1000;
    const records = LIVE_TOPICS.map((topic) => `${topic} ${views[0]!.records(topic).length}`).join(', ');
    rows.push([
      `${String(consoles).padStart(3)} consoles open the final (${records}): bytes per console, all open in, peak RSS`,
      `${((written() - before) / consoles / 1024).toFixed(0)} KB, ${seconds.toFixed(1)} s, ${mb(peak)}`,
    ]);
  } finally {
    clearInterval(sampler);
    for (const socket of sockets) socket.close();
    await relay.app.close();
  }
}

console.log('\nFirst snapshots of a long match over socket.io (loopback; relay, upstream and clients in one process):\n');
for (const consoles of [1, CONSOLES]) {
  try {
    await open(consoles);
  } catch (error) {
    rows.push([`${String(consoles).padStart(3)} consoles`, `failed: ${(error as Error).message}`]);
  }
  console.log(`  ${rows.at(-1)![0]}  ${rows.at(-1)![1]}`);
}
await upstream.close();
process.exit(0);
