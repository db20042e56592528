/**
 * One process of the saturday bench's socket.io clients (the bench forks a few, so no single event
 * loop holds them all): lean consoles (raw-console.ts), each watching one match with the operator's
 * token, and walls, each one socket with a display token watching its matches (12). For every offer
 * delta it records change → client: milliseconds from the offer's created_at (the upstream's commit,
 * same machine clock) to its arrival here. Refused watches and failed connections are counted, not
 * fatal. Driven over IPC:
 *   {type: 'connect', url, token, matches: number[], walls: {token, matches}[]} → {type: 'connected', refused, failed, errors}
 *   {type: 'measure', from, until} → offers created in [from, until) are recorded
 *   {type: 'report'} → {type: 'report', latencies, deltas, offers (ids), resyncs, cpuMs}
 *   {type: 'stop'} → closes every socket and exits.
 */
import type { DeltaPayload } from '@odds/protocol';
import { RawConsole } from './raw-console';

interface Connect {
  type: 'connect';
  url: string;
  token: string;
  matches: number[];
  walls: { token: string; matches: number[] }[];
}
type Message = Connect | { type: 'measure'; from: number; until: number } | { type: 'report' } | { type: 'stop' };

const sockets: RawConsole[] = [];
const latencies: number[] = [];
const offers = new Set<number>();
let deltas = 0;
let from = Number.MAX_SAFE_INTEGER;
let until = Number.MAX_SAFE_INTEGER;

function record(delta: DeltaPayload): void {
  const now = Date.now();
  if (now >= from && now < until) deltas += 1;
  if (delta.topic !== 'offers') return;
  for (const offer of delta.upserts) {
    const createdAt = Date.parse(String((offer as { created_at?: string }).created_at));
    if (createdAt >= from && createdAt < until) {
      latencies.push(now - createdAt);
      offers.add(offer.id);
    }
  }
}

async function connect({ url, token, matches, walls }: Connect) {
  let refused = 0;
  let failed = 0;
  const errors = new Set<string>();
  const open = async (socketToken: string, watch: number[]) => {
    const socket = new RawConsole(url, socketToken, true, record);
    try {
      await socket.connect();
    } catch (error) {
      failed += 1;
      errors.add((error as Error).message.slice(0, 200));
      return;
    }
    sockets.push(socket);
    // A wall's panels each hold a watch on one socket; a console watches its one match.
    for (const matchId of watch) {
      const reply = await socket.emit('watch', { matchId });
      if (!reply.ok) {
        refused += 1;
        errors.add(JSON.stringify(reply).slice(0, 200));
      }
    }
  };
  // All at once, as consoles opening on a Saturday afternoon do.
  await Promise.all([...matches.map((matchId) => open(token, [matchId])), ...walls.map((wall) => open(wall.token, wall.matches))]);
  return { refused, failed, errors: [...errors] };
}

process.on('message', (message: Message) => {
  if (message.type === 'connect') {
    connect(message).then(
      (result) => process.send!({ type: 'connected', ...result }),
      (error: Error) => process.send!({ type: 'connected', refused: 0, failed: -1, errors: [error.message] }),
    );
  } else if (message.type === 'measure') {
    ({ from, until } = message);
  } else if (message.type === 'report') {
    const cpu = process.cpuUsage();
    process.send!({
      type: 'report',
      latencies,
      deltas,
      offers: [...offers],
      resyncs: sockets.reduce((n, s) => n + s.resyncs, 0),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
