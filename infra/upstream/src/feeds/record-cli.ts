/**
 * `npm run feed:record -- --match <id> --out <file> [--upstream URL] [--email E --password P | --token T] [--once]`
 *
 * Records what an upstream publishes for a match into a recorded feed (JSON Lines): everything it
 * holds so far, then what arrives on its change stream, until the match ends or Ctrl+C. `--once`
 * writes what is there and stops. Markets are written by type and line, so the recording replays
 * into any upstream whose provider has those markets.
 */
import { createWriteStream } from 'node:fs';
import { startProcess } from '@odds/ops';
import { numberOption, parseArgs, targetOf } from './args';
import { UpstreamClient } from './client';
import { feedLine } from './jsonl';
import { recordFeed } from './record';

const env = startProcess('feed-tools');
const args = parseArgs(process.argv.slice(2), ['once']);
const out = args.options.get('out');
if (!args.options.has('match') || !out) {
  console.error('usage: npm run feed:record -- --match <id> --out <file.jsonl> [--upstream URL] [--email E --password P | --token T] [--once]');
  process.exit(2);
}
const matchId = numberOption(args, 'match', 0);
const client = await UpstreamClient.connect(targetOf(args, env));
const file = createWriteStream(out);
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
console.log(`recording match ${matchId} from ${client.base} into ${out}${args.flags.has('once') ? '' : ' (Ctrl+C stops)'}`);
let lastPrint = 0;
const count = await recordFeed({
  client,
  matchId,
  follow: !args.flags.has('once'),
  signal: controller.signal,
  write: (line) => file.write(feedLine(line)),
  onMessage: (n, message) => {
    if (Date.now() - lastPrint > 2000) {
      lastPrint = Date.now();
      console.log(`  ${n} messages, at +${Math.round(message.offset_ms / 1000)} s`);
    }
  },
});
await new Promise((resolve) => file.end(resolve));
console.log(`recorded ${count} messages into ${out}`);
