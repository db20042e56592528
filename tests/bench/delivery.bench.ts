/**
 * Webhook sends per second on embedded PGlite (on disk, as `npm start` keeps it): deliveries
 * recorded PENDING for a webhook contact are sent by the engine's Dispatcher (claim committed
 * before each call, result after) to a receiver on loopback that answers in 50 ms, then to one
 * that also fails 10 % of its calls (503), whose deliveries are retried on a 1 s schedule until
 * sent. Prints sends/s (deliveries SENT over the wall time until the last one), calls/s, and for
 * the failing receiver the retries; at the default concurrency (4 calls at once) and at 16.
 * Asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  ChangeBus,
  contacts,
  deliveries,
  deliverySends,
  Dispatcher,
  jobsFor,
  loopbackWebhooks,
  leagues,
  markets,
  matches,
  openDatabase,
  seedDemoData,
} from '@odds/upstream/testing';

const ANSWER_MS = 50;

const folder = mkdtempSync(join(tmpdir(), 'odds-delivery-bench-'));
const database = await openDatabase(folder);
await seedDemoData(database.db);
const { db } = database;

let failShare = 0;
let calls = 0;
const receiver = createServer((request, response) => {
  calls += 1;
  request.resume().on('end', () => {
    setTimeout(() => {
      if (Math.random() < failShare) response.writeHead(503).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }, ANSWER_MS);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
const [match] = await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start)).limit(1);
const [market] = await db.select().from(markets).where(eq(markets.providerId, 1)).limit(1);
const [contact] = await db
  .insert(contacts)
  .values({ providerId: 1, sportId: 1, name: 'Bench webhook', channelId: 6, languages: ['en'], deviceId: url })
  .returning({ id: contacts.id });

async function pending(count: number): Promise<number[]> {
  const rows = await db
    .insert(deliveries)
    .values(
      Array.from({ length: count }, (_, i) => ({
        matchId: match!.id,
        marketId: market!.id,
        contactId: contact!.id,
        channelId: 6,
        language: 'en',
        nodeId: 'INPLAY',
        status: 'PENDING',
        log: { subject: `Bench ${i}`, body: 'Home win pays 2.50.', cta: null, content: null },
      })),
    )
    .returning({ id: deliveries.id });
  return rows.map((r) => r.id);
}

interface Row {
  receiver: string;
  concurrency: number;
  deliveries: number;
  seconds: number;
  sendsPerS: number;
  callsPerS: number;
  retries: number;
  load: string;
}
const results: Row[] = [];

async function run(receiverName: string, share: number, concurrency: number, count: number): Promise<void> {
  failShare = share;
  calls = 0;
  const ids = await pending(count);
  const dispatcher = new Dispatcher(db, new ChangeBus(), null, {
    concurrency,
    timeoutMs: 5000,
    policy: { scheduleMs: [1000], deadlineMs: 600_000, jitter: 0.2 },
    webhooks: loopbackWebhooks(),
  });
  const jobs = await jobsFor(db, ids, false);
  const started = performance.now();
  dispatcher.start({ intervalMs: 100, sweepMs: 3_600_000 });
  dispatcher.enqueue(jobs);
  while (dispatcher.counts.sent < count) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  dispatcher.stop();
  await dispatcher.drain();
  const sent = await db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.id, ids));
  await db.delete(deliverySends).where(inArray(deliverySends.deliveryId, ids));
  await db.delete(deliveries).where(inArray(deliveries.id, ids));
  results.push({
    receiver: receiverName,
    concurrency,
    deliveries: sent.length,
    seconds: Number(seconds.toFixed(2)),
    sendsPerS: Math.round(count / seconds),
    callsPerS: Math.round(calls / seconds),
    retries: dispatcher.counts.retriesPlanned,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  });
}

await run('50 ms', 0, 4, 400);
await run('50 ms, 10 % 503', 0.1, 4, 400);
await run('50 ms', 0, 16, 1600);
await run('50 ms, 10 % 503', 0.1, 16, 1600);

console.log('Webhook sends on PGlite (claim before, result after each call); retries on a 1 s schedule');
console.table(results);
receiver.close();
await database.close();
rmSync(folder, { recursive: true, force: true });
