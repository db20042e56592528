/**
 * One process of the saturday bench's socket.io clients (the bench forks a few, so no single event
 * loop holds them all): lean consoles (raw-console.ts), each watching one match with the operator's
 * token, and walls, each one socket with a display token watching its matches (12). For every offer
 * delta it records change → client: milliseconds from the offer's created_at (the upstream's commit,
 * same machine clock) to its arrival here. Refused watches and failed connections are counted, not
 * fatal; a watch unanswered within SATURDAY_WATCH_TIMEOUT_S (300: a
 * console itself waits however long) counts as failed. Driven over IPC:
 *   {type: 'connect', url, token, matches: number[], walls: {token, matches}[]} → {type: 'connected',
 *     sockets, watching, refused, failed, errors, settledAt}: `connected` once every socket is watching
 *     (each of its watches acknowledged) or has failed or been refused; `watching` counts the sockets
 *     whose every watch was acknowledged, `settledAt` is when the last socket settled (ms since the epoch)
 *   {type: 'measure', from, until} → {type: 'measuring', open}: offers created in [from, until) are
 *     recorded; `open` counts the sockets still open as the window starts
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

const WATCH_TIMEOUT_MS = Number(process.env.SATURDAY_WATCH_TIMEOUT_S ?? 300) * 1000;
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

/** A watch's answer, or a failure of our own once it has waited WATCH_TIMEOUT_MS. */
function watchOf(socket: RawConsole, matchId: number): Promise<{ ok: boolean; timedOut?: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: false; timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, timedOut: true }), WATCH_TIMEOUT_MS);
  });
  return Promise.race([socket.emit('watch', { matchId }), timeout]).finally(() => clearTimeout(timer));
}

async function connect({ url, token, matches, walls }: Connect) {
  let watching = 0;
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
    let all = true;
    for (const matchId of watch) {
      const reply = await watchOf(socket, matchId);
      if (reply.ok) continue;
      all = false;
      if ('timedOut' in reply) {
        failed += 1;
        errors.add(`watch unanswered after ${WATCH_TIMEOUT_MS / 1000} s`);
      } else {
        refused += 1;
        errors.add(JSON.stringify(reply).slice(0, 200));
      }
    }
    if (all) watching += 1;
  };
  // All at once, as consoles opening on a Saturday afternoon do.
  await Promise.all([...matches.map((matchId) => open(token, [matchId])), ...walls.map((wall) => open(wall.token, wall.matches))]);
  return { sockets: matches.length + walls.length, watching, refused, failed, errors: [...errors], settledAt: Date.now() };
}

process.on('message', (message: Message) => {
  if (message.type === 'connect') {
    connect(message).then(
      (result) => process.send!({ type: 'connected', ...result }),
      (error: Error) => process.send!({ type: 'connected', sockets: 0, watching: 0, refused: 0, failed: -1, errors: [error.message], settledAt: Date.now() }),
    );
  } else if (message.type === 'measure') {
    ({ from, until } = message);
    process.send!({ type: 'measuring', open: sockets.filter((s) => s.open).length });
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
