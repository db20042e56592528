/**
 * `npm run feed:replay -- <file> [--speed N] [--upstream URL] [--match <id> | --league <name>]
 *   [--email E --password P | --token T] [--loop] [--quiet] [--batch N]`
 *
 * Replays a recorded feed (JSON Lines) into an upstream's ingest call: speed 1 real time, 10 ten
 * times faster, 0 as fast as possible (default 0). The match is `--match`, else the fixture of
 * `--league` with the recording's teams, else the match with the recording's event id. `--loop`
 * replays for ever, clearing the match's feed before each pass and dating each pass from its
 * start, so the match stays live (what `npm start` runs); a failed call, or a start mid-pass,
 * carries the pass on where it was (replay-loop.ts). Prints progress (`--quiet`: only each
 * pass's start and end); Ctrl+C stops.
 */
import { formatGameClock, routes, type DeadLettersReply, type Match } from '@odds/protocol';
import { startProcess } from '@odds/ops';
import { numberOption, parseArgs, targetOf } from './args';
import { UpstreamClient } from './client';
import { readFeedFile } from './jsonl';
import { replayFeed, type ReplayProgress } from './replay';
import { replayLoop } from './replay-loop';
import { resolveMatch } from './resolve-match';

const env = startProcess('feed-tools');
const args = parseArgs(process.argv.slice(2), ['loop', 'quiet']);
const file = args.positional[0];
if (!file) {
  console.error(
    'usage: npm run feed:replay -- <file.jsonl> [--speed N] [--upstream URL] [--match <id> | --league <name>] [--email E --password P | --token T] [--loop]',
  );
  process.exit(2);
}
const speed = numberOption(args, 'speed', 0);
const feed = readFeedFile(file);
const client = await UpstreamClient.connect(targetOf(args, env));
const match: Match = await resolveMatch(client, feed.header, {
  matchId: args.options.has('match') ? numberOption(args, 'match', 0) : undefined,
  league: args.options.get('league'),
});
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

// On a broker (AMQP_URL) the ingest call only publishes: what the engine workers make of the
// messages is not in its reply (they report on /metrics, the match page shows it live).
const { mode } = await client.call<DeadLettersReply>('GET', `${routes.deadLetters.path}?limit=1`).catch(() => ({ mode: 'embedded' as const }));
const line = (p: ReplayProgress) => {
  const t = p.totals;
  const clock = p.matchTime === null ? 'PRE' : formatGameClock(p.matchTime);
  if (mode === 'broker') return `[${clock} ${p.score}] ${p.sent}/${p.total} messages published to the broker (the engine workers ingest them)`;
  return `[${clock} ${p.score}] ${p.sent}/${p.total} messages · offers ${t.offers} · events ${t.events} · firings ${t.firings} · deliveries ${t.deliveries} · suppressions ${t.suppressions}${t.duplicates ? ` · duplicates ${t.duplicates}` : ''}`;
};
let lastPrint = 0;
const onProgress = (p: ReplayProgress) => {
  const now = Date.now();
  if (args.flags.has('quiet')) return;
  if (speed === 0 || now - lastPrint >= 5000 || p.sent === p.total) {
    lastPrint = now;
    console.log(`replay ${feed.header.name} → match ${match.id}: ${line(p)}`);
  }
};

console.log(
  `replaying ${feed.header.name} (${feed.messages.length} messages) into match ${match.id} ${match.name} at ${client.base}, speed ${speed === 0 ? 'max' : `${speed}x`}${args.flags.has('loop') ? ', looping' : ''}`,
);
const batchSize = numberOption(args, 'batch', 200);
if (args.flags.has('loop')) {
  await replayLoop({ client, matchId: match.id, feed, speed, signal: controller.signal, onProgress, batchSize, log: (text) => console.log(text) });
} else {
  const done = await replayFeed({
    client,
    matchId: match.id,
    feed,
    speed,
    signal: controller.signal,
    onProgress,
    batchSize,
    onRetry: (error, waitMs) => console.error(`${error.message}; sending again in ${(waitMs / 1000).toFixed(1)} s`),
  });
  console.log(`done: ${line(done)}`);
}
