/**
 * What a quiet watched match costs the upstream: requests per second and bytes per second of every
 * request the relay makes while nothing changes, with the change stream on (notices drive reads,
 * plus one safety check per match every SAFETY_POLL_MS) and off (a check every POLL_INTERVAL_MS), for 1 and 10 watched
 * matches. Real upstream (PGlite, seeded) and relay on loopback ports, socket.io clients watching.
 * Target: ≤ 0.1 req/s per quiet watched match with the stream on. `IDLE_SECONDS` sets the
 * measuring window of each phase (default 30 s: one safety period).
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildRelay } from '@odds/relay';
import { createTestUpstream } from '@odds/upstream/testing';
import { connectLive, LiveView, type LiveSocket } from '../support/live-client';

const SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const clientDir = fileURLToPath(new URL('../../client/dist', import.meta.url));

const upstream = await createTestUpstream();
// Every request the relay makes (the safety checks, every topic's reads, token and access checks),
// not only the feed, offers and deliveries: the change stream's one long request aside, and the
// relay's health probes (one a second per relay, not per match) counted apart. The safety check's
// in-process reads of the match tables (light-my-request) are counted apart too: no request, but CPU.
let requests = 0;
let bytes = 0;
let probes = 0;
let inProcess = 0;
upstream.app.addHook('onResponse', async (request, reply) => {
  const path = request.url.split('?')[0]!;
  if (request.headers['user-agent'] === 'lightMyRequest') inProcess += 1;
  else if (path === '/healthz' || path === '/readyz') probes += 1;
  else if (path !== '/api/1/changes') {
    requests += 1;
    bytes += Number(reply.getHeader('content-length') ?? 0);
  }
});
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
const token = await upstream.login();
const listed = await fetch(`${upstreamUrl}/api/1/1/1/matches?limit=10`, { headers: { authorization: `Token ${token}` } });
const matchIds = ((await listed.json()) as { results: { id: number }[] }).results.map((match) => match.id);
// The seeded 2022 final (528 offers, deliveries): a long match among the quiet ones.
const final = await fetch(`${upstreamUrl}/api/1/1/1/matches?q=Argentina - France&date=2022-12-18`, { headers: { authorization: `Token ${token}` } });
matchIds[0] = ((await final.json()) as { results: { id: number }[] }).results[0]!.id;

const rows: [string, string][] = [];

async function phase(changeStream: boolean, count: number): Promise<void> {
  const relay = await buildRelay({ upstreamUrl, clientDir, live: { changeStream } });
  await relay.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
  const sockets: LiveSocket[] = [];
  try {
    for (const matchId of matchIds.slice(0, count)) {
      const socket = await connectLive(url, token);
      sockets.push(socket);
      const ack = await new LiveView(socket, matchId).watch();
      if (!ack.ok) throw new Error(`watch ${matchId}: ${ack.error}`);
    }
    if (changeStream) {
      for (let i = 0; i < 100 && !relay.hub.isStreaming; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // first polls, catch-up after the stream connected
    const [r0, b0, p0, i0, t0] = [requests, bytes, probes, inProcess, performance.now()];
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1_000));
    const seconds = (performance.now() - t0) / 1000;
    const perMatch = (value: number) => value / seconds / count;
    rows.push([
      `stream ${changeStream ? 'on ' : 'off'}, ${String(count).padStart(2)} quiet watched match${count > 1 ? 'es' : ''}: per match req/s, bytes/s (total req/s)`,
      `${perMatch(requests - r0).toFixed(3)} req/s, ${perMatch(bytes - b0).toFixed(0)} B/s (${((requests - r0) / seconds).toFixed(2)} req/s; health probes ${((probes - p0) / seconds).toFixed(2)}/s; in-process table reads ${perMatch(inProcess - i0).toFixed(3)}/s per match)`,
    ]);
  } finally {
    for (const socket of sockets) socket.close();
    await relay.app.close();
  }
}

const phases = (process.env.IDLE_PHASES ?? 'on1,on10,off1,off10').split(',');
for (const name of phases) await phase(name.startsWith('on'), Number(name.replace(/^(on|off)/, '')));

console.log(
  `\nIdle upstream cost of quiet watched matches (${SECONDS} s windows, loopback; the first match is the long 2022 final). Target with the stream on: ≤ 0.1 req/s per match.\n`,
);
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
await upstream.close();
process.exit(0);
