/**
 * Vendor channels under load (docs/benchmarks.md "channels"): two engine workers (two Dispatchers
 * on one embedded PGlite, sharing its pace buckets) send deliveries to the local fakes of FCM,
 * Telegram and WhatsApp (simulations of their wire formats), each answering in 50 ms. Offers are
 * decided at a steady 20 a second per channel (PENDING rows committed, handed to the workers in
 * turn), each to a recipient of its own. Measured per channel: decision → vendor call (from the
 * delivery's commit to the fake receiving the call) p50 and p99, and sends per second. Then the
 * same while FCM answers every call 429 QUOTA_EXCEEDED for 30 s: the other channels' p99 must not
 * move (a channel in back-off never holds another's sends). Prints Node's version and the load
 * average; stops its fakes and workers on exit, SIGINT included. Asserts nothing.
 */
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ChangeBus,
  channelSettingsFrom,
  createTestUpstream,
  deliveries,
  Dispatcher,
  jobsFor,
  markets,
  matches,
  saveChannel,
  startFcmFake,
  startTelegramFake,
  startWhatsappFake,
  contacts,
} from '@odds/upstream/testing';

const ANSWER_MS = 50;
const RATE_PER_CHANNEL = 20;
const STEADY_S = Number(process.env.CHANNELS_BENCH_STEADY_S ?? 15);
const STORM_S = Number(process.env.CHANNELS_BENCH_STORM_S ?? 30);

const upstream = await createTestUpstream();
const { db } = upstream.database;
const [fcm, telegram, whatsapp] = await Promise.all([
  startFcmFake(),
  startTelegramFake({ behaviour: { latencyMs: ANSWER_MS } }),
  startWhatsappFake({ behaviour: { latencyMs: ANSWER_MS } }),
]);
fcm.latencyMs = ANSWER_MS;
const workers: Dispatcher[] = [];

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const worker of workers) worker.stop();
  await Promise.all([fcm.close(), telegram.close(), whatsapp.close()]);
  await upstream.close();
}
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

const settings = {
  ...channelSettingsFrom({ FCM_API_URL: fcm.url, FCM_TOKEN_URL: fcm.tokenUrl, TELEGRAM_API_URL: telegram.url, WHATSAPP_API_URL: whatsapp.url }),
  secretsKey: randomBytes(32).toString('base64'),
  simulateUnconfigured: false,
};
const admin = { user: { id: 1, name: 'Bench' }, request: { headers: {} } };
const save = (vendor: string, form: { settings: Record<string, string>; secrets: Record<string, string> }) =>
  saveChannel(upstream.app.writes, admin, 1, vendor, { vendor, ...form }, settings.secretsKey);
await save('fcm', { settings: { project_id: 'bench' }, secrets: { service_account: fcm.serviceAccount('bench') } });
await save('telegram', { settings: {}, secrets: { bot_token: telegram.behaviour.token } });
await save('whatsapp', {
  settings: { phone_number_id: whatsapp.behaviour.phoneNumberId, templates: '{"en": {"name": "odds_offer", "language": "en", "parameters": ["body"]}}' },
  secrets: { access_token: whatsapp.behaviour.accessToken },
});
const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.providerId, 1)).limit(1);
const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.providerId, 1)).limit(1);

for (const sender of ['bench-worker-a', 'bench-worker-b']) {
  const worker = new Dispatcher(db, new ChangeBus(), null, { sender, channels: settings, policy: { scheduleMs: [1000], deadlineMs: 600_000, jitter: 0.2 } });
  worker.start({ intervalMs: 200, sweepMs: 3_600_000 });
  workers.push(worker);
}

type Channel = 'fcm' | 'telegram' | 'whatsapp';
const CHANNEL_ID: Record<Channel, number> = { fcm: 1, telegram: 9, whatsapp: 7 };
/** Recipient → when its delivery was committed (each delivery has a recipient of its own). */
const decidedAt = new Map<string, { channel: Channel; atMs: number; phase: string }>();
let sequence = 0;

/** One decision: a contact and its PENDING delivery committed, then handed to a worker. */
async function decide(channel: Channel, phase: string): Promise<void> {
  sequence += 1;
  const recipient = channel === 'fcm' ? `bench-device-${sequence}` : channel === 'telegram' ? String(500_000 + sequence) : String(4_570_000_000 + sequence);
  const [contact] = await db
    .insert(contacts)
    .values({
      providerId: 1,
      sportId: 1,
      channelId: CHANNEL_ID[channel],
      name: `Bench ${sequence}`,
      ...(channel === 'whatsapp' ? { mobile: recipient } : { deviceId: recipient }),
    })
    .returning({ id: contacts.id });
  const [delivery] = await db
    .insert(deliveries)
    .values({
      matchId: match!.id,
      marketId: market!.id,
      contactId: contact!.id,
      channelId: CHANNEL_ID[channel],
      language: 'en',
      nodeId: 'H1-A0',
      status: 'PENDING',
      log: { subject: 'Goal!', body: `Home at 2.10 (${sequence})`, cta: null, content: null },
    })
    .returning({ id: deliveries.id });
  decidedAt.set(recipient, { channel, atMs: Date.now(), phase });
  workers[sequence % workers.length]!.enqueue(await jobsFor(db, [delivery!.id], false));
}

const phaseStart = new Map<string, number>();

/** Decides RATE_PER_CHANNEL offers a second on each channel for `seconds`, then waits (30 s at most) until every one not of `held` was called. */
async function offer(phase: string, seconds: number, held: Channel | null = null): Promise<void> {
  const started = Date.now();
  phaseStart.set(phase, started);
  for (let tick = 0; tick < seconds * RATE_PER_CHANNEL; tick += 1) {
    const due = started + (tick * 1000) / RATE_PER_CHANNEL;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    await Promise.all((['fcm', 'telegram', 'whatsapp'] as const).map((c) => decide(c, phase)));
  }
  // Let what is in flight land (a backed-off channel's sends stay deferred).
  const until = Date.now() + 30_000;
  const waiting = () => {
    const called = new Set(calls().map((c) => c.recipient));
    return [...decidedAt].some(([recipient, d]) => d.phase === phase && d.channel !== held && !called.has(recipient));
  };
  while (waiting() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Each vendor call as the fakes saw it: its recipient and when it arrived (for FCM during its storm: the calls it answered 429). */
function calls(): { recipient: string; atMs: number }[] {
  return [
    ...fcm.received.map((r) => ({ recipient: String(r.message.token), atMs: r.atMs })),
    ...telegram.received.filter((r) => r.json?.chat_id !== undefined).map((r) => ({ recipient: String(r.json!.chat_id), atMs: r.atMs })),
    ...whatsapp.received.filter((r) => r.json?.to !== undefined).map((r) => ({ recipient: String(r.json!.to), atMs: r.atMs })),
  ];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
};

function figures(phase: string, fcmAnswers429: boolean) {
  const first = new Map<string, number>();
  for (const call of calls()) if (!first.has(call.recipient)) first.set(call.recipient, call.atMs);
  return (['fcm', 'telegram', 'whatsapp'] as const).map((channel) => {
    const mine = [...decidedAt].filter(([, d]) => d.phase === phase && d.channel === channel);
    const latencies = mine.flatMap(([recipient, d]) => (first.has(recipient) ? [first.get(recipient)! - d.atMs] : []));
    const last = Math.max(...mine.flatMap(([recipient]) => (first.has(recipient) ? [first.get(recipient)!] : [])));
    const seconds = (last - phaseStart.get(phase)!) / 1000;
    // During the storm every FCM call is answered 429: calls, not sends.
    const refused = fcmAnswers429 && channel === 'fcm';
    return {
      phase,
      channel: refused ? 'fcm (429 storm)' : channel,
      decided: mine.length,
      called: latencies.length,
      'p50 ms': Math.round(percentile(latencies, 50)),
      'p99 ms': Math.round(percentile(latencies, 99)),
      'sends/s': !refused && latencies.length ? Number((latencies.length / seconds).toFixed(1)) : 0,
    };
  });
}

console.log(
  `Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (start)`,
);
await offer('warm-up', 2);
await offer('steady', STEADY_S);
const steady = figures('steady', false);
fcm.behaviour = () => ({ status: 429, errorCode: 'QUOTA_EXCEEDED', message: 'Quota exceeded.' });
const stormStarted = Date.now();
await offer('storm', STORM_S, 'fcm');
const storm = figures('storm', true);
const during = fcm.received.filter((r) => r.atMs >= stormStarted).length;
fcm.behaviour = () => null;

console.log(
  `Two workers (Dispatchers) on embedded PGlite sharing the pace buckets; fakes answer in ${ANSWER_MS} ms; ${RATE_PER_CHANNEL} offers/s decided per channel`,
);
console.table([...steady, ...storm]);
for (const channel of ['telegram', 'whatsapp']) {
  const before = steady.find((r) => r.channel === channel)!['p99 ms'];
  const after = storm.find((r) => r.channel === channel)!['p99 ms'];
  console.log(`${channel}: p99 ${before} ms steady, ${after} ms during FCM's 429 storm (${(((after - before) / before) * 100).toFixed(0)} %)`);
}
console.log(`FCM calls during the storm: ${during} (each 429 pauses the channel for every worker: 60 s)`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (end)`,
);
await stop();
