/**
 * One process of bench C's clients (relay.bench.ts forks several, so no single event loop holds
 * all 2,000): lean consoles (raw-console.ts: engine.io/socket.io over a bare `ws` WebSocket with
 * the per-message deflate a browser negotiates, applying snapshots and deltas by seq), each
 * watching one room. For every offer delta it records when it arrived, as milliseconds after the
 * offer's created_at (the upstream's commit, same machine clock), and when each delta reached
 * this process's first and last client of its room. Driven over IPC:
 *   {type: 'connect', url, token, rooms: number[], count, first} → {type: 'connected'}
 *   {type: 'measure', from}   → from then on, offers created at or after `from` are recorded
 *   {type: 'report'}          → {type: 'report', latencies, spreads: [key, first, last][], cpuMs}
 *   {type: 'stop'}            → closes every socket and exits.
 */
import type { DeltaPayload } from '@odds/protocol';
import { RawConsole } from './raw-console';

interface Connect {
  type: 'connect';
  url: string;
  token: string;
  rooms: number[];
  count: number;
  first: number;
}
type Message = Connect | { type: 'measure'; from: number } | { type: 'report' } | { type: 'stop' };

const consoles: RawConsole[] = [];
const latencies: number[] = [];
const spread = new Map<string, { first: number; last: number }>();
let from = Number.MAX_SAFE_INTEGER;

function record(delta: DeltaPayload): void {
  if (delta.topic !== 'offers') return;
  const now = Date.now();
  const key = `${delta.matchId}:${delta.seq}`;
  const seen = spread.get(key);
  if (seen) seen.last = Math.max(seen.last, now);
  else {
    spread.set(key, { first: now, last: now });
  }
  for (const offer of delta.upserts) {
    const createdAt = Date.parse(String((offer as { created_at?: string }).created_at));
    if (createdAt >= from) latencies.push(now - createdAt);
  }
}

async function connect({ url, token, rooms, count, first }: Connect): Promise<void> {
  const batch = 100;
  for (let i = 0; i < count; i += batch) {
    const made = Array.from({ length: Math.min(batch, count - i) }, () => new RawConsole(url, token, true, record));
    await Promise.all(made.map((console_) => console_.connect()));
    consoles.push(...made);
  }
  const replies = await Promise.all(consoles.map((console_, i) => console_.watch(rooms[(first + i) % rooms.length]!)));
  const refused = replies.filter((reply) => !reply.ok);
  if (refused.length) throw new Error(`${refused.length} watches refused: ${JSON.stringify(refused[0])}`);
}

process.on('message', (message: Message) => {
  if (message.type === 'connect') {
    connect(message).then(
      () => process.send!({ type: 'connected' }),
      (error: Error) => process.send!({ type: 'failed', error: error.message }),
    );
  } else if (message.type === 'measure') {
    from = message.from;
  } else if (message.type === 'report') {
    const cpu = process.cpuUsage();
    process.send!({
      type: 'report',
      latencies,
      spreads: [...spread].map(([key, { first, last }]) => [key, first, last]),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else {
    for (const console_ of consoles) console_.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
