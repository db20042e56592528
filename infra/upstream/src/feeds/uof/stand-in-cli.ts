/**
 * `npm run uof:fake -- --token T [--port 8090] [--host 127.0.0.1] [--amqp URL] [--exchange unifiedfeed]
 * [--clock 2022-12-18T14:55:00Z] [--snapshot-delay-ms 500] [--alive]`
 *
 * A local stand-in of Sportradar's UOF API (stand-in/server.ts, docs/feeds-uof.md): point the
 * API's UOF_API_URL at it and give it the API's UOF_TOKEN. With an AMQP URL (the flag, else
 * UOF_AMQP_URL) a recovery request is answered by `snapshot_complete` on the exchange (the flag,
 * else UOF_EXCHANGE, else `unifiedfeed`). `--clock` starts its clock at that time (then it runs at
 * real speed), so a World Cup match is live on its live schedule while its recording replays.
 * `--alive` publishes `alive` of each active producer every 10 s, as the vendor does (without a
 * replay, which carries its own, the producers then come up).
 */
import { loggerOptions, startProcess } from '@odds/ops';
import { numberOption, parseArgs } from '../args';
import { buildStandIn } from './stand-in/server';
import { amqpSnapshots } from './stand-in/snapshots';

const USAGE =
  'usage: npm run uof:fake -- --token <token[,token…]> [--port 8090] [--host 127.0.0.1] [--amqp URL] [--exchange X] [--clock ISO time] [--snapshot-delay-ms N] [--alive]';
const env = startProcess('feed-tools');
const fail = (message: string): never => {
  console.error(`uof:fake: ${message}\n${USAGE}`);
  process.exit(2);
};
const args = (() => {
  try {
    return parseArgs(process.argv.slice(2), ['alive']);
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const tokens = (args.options.get('token') ?? '')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
if (!tokens.length) fail('give the access token(s) it accepts with --token (the API sends UOF_TOKEN)');
if (args.flags.has('alive') && !(args.options.get('amqp') ?? env.UOF_AMQP_URL)) fail('--alive needs an AMQP URL (--amqp or UOF_AMQP_URL)');
const port = numberOption(args, 'port', 8090);
const clockText = args.options.get('clock');
const clockStart = clockText === undefined ? null : Date.parse(clockText);
if (clockStart !== null && Number.isNaN(clockStart)) fail(`--clock must be a time such as 2022-12-18T14:55:00Z, got '${clockText}'`);
const startedAt = Date.now();
const now = clockStart === null ? Date.now : () => clockStart + (Date.now() - startedAt);
const amqpUrl = args.options.get('amqp') ?? env.UOF_AMQP_URL;
const exchange = args.options.get('exchange') ?? env.UOF_EXCHANGE;

const snapshots = amqpUrl ? amqpSnapshots(amqpUrl, exchange) : null;
// The vendor owns the exchange and the API only checks it: on a fresh broker it exists once this has declared it.
await snapshots
  ?.open?.()
  .catch((error: unknown) => fail(`cannot declare the exchange '${exchange}' on the broker of --amqp / UOF_AMQP_URL: ${(error as Error).message}`));
const { app } = await buildStandIn({
  tokens,
  now,
  snapshots,
  snapshotDelayMs: numberOption(args, 'snapshot-delay-ms', 500),
  aliveEveryMs: args.flags.has('alive') ? 10_000 : undefined,
  logger: loggerOptions('uof-stand-in', 'info', {}),
});
await app.listen({ port, host: args.options.get('host') ?? '127.0.0.1' });
app.log.info(
  { clock: new Date(now()).toISOString(), exchange: amqpUrl ? exchange : null },
  amqpUrl ? 'UOF stand-in: recoveries publish snapshot_complete' : 'UOF stand-in: no AMQP URL, recoveries publish nothing',
);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
