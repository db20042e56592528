import { startProcess } from '@odds/ops';
import { recordUof, readUofRecording, replayUof } from './recording';

/**
 * `npm run uof:record -- --out file.jsonl [--keys '#']` until Ctrl-C, and
 * `npm run uof:replay -- file.jsonl [--speed N]`, on UOF_AMQP_URL and UOF_EXCHANGE (docs/feeds-uof.md).
 */
const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const env = startProcess('feed-tools');
const amqpUrl = env.UOF_AMQP_URL;
const exchange = env.UOF_EXCHANGE;
if (!amqpUrl) {
  console.error('UOF_AMQP_URL is not set');
  process.exit(2);
}
if (command === 'record') {
  const out = option('out');
  if (!out) {
    console.error('usage: uof:record -- --out <file.jsonl> [--keys <k1,k2>]');
    process.exit(2);
  }
  const stop = new Promise((resolve) => process.once('SIGINT', resolve));
  const count = await recordUof({ amqpUrl, exchange, bindingKeys: (option('keys') ?? '#').split(','), out, stop });
  console.log(`recorded ${count} UOF messages to ${out}`);
} else if (command === 'replay') {
  const file = args.find((a) => !a.startsWith('--') && a !== option('speed'));
  if (!file) {
    console.error('usage: uof:replay -- <file.jsonl> [--speed N]');
    process.exit(2);
  }
  const speed = Number(option('speed') ?? 1);
  if (!Number.isFinite(speed) || speed < 0) {
    console.error(`--speed must be 0 or more, got '${option('speed')}'`);
    process.exit(2);
  }
  const count = await replayUof({ amqpUrl, exchange, messages: readUofRecording(file), speed });
  console.log(`replayed ${count} UOF messages into ${exchange}`);
} else {
  console.error('usage: recording-cli.ts record|replay …');
  process.exit(2);
}
