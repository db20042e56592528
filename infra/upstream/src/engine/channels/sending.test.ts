import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChangeBus, createTestUpstream, Dispatcher, jobsFor, type TestUpstream } from '../../testing';
import { auditLog, channelCredentials, contacts, deliverySends } from '../../db/schema';
import type { Db } from '../../db/client';
import { closeApnsSessions } from './apns';
import { answerByToken } from './fakes/apns-fake';
import { answerByPrefix } from './fakes/fcm-fake';
import { burstOf } from './pacing';
import { pendingDeliveries, pushContacts, resetPacing, sendingFixture, statusOf, type SendingFixture } from './sending-fixture';

let upstream: TestUpstream;
let db: Db;
let fx: SendingFixture;
const hex = (n: number) => n.toString(16).padStart(64, 'a');

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  fx = await sendingFixture(upstream.app, 'fcm=500,apns=20');
}, 120_000);
afterAll(async () => {
  closeApnsSessions();
  await fx?.close();
  await upstream?.close();
});
beforeEach(async () => {
  await resetPacing(db);
  fx.fcm.behaviour = answerByPrefix;
  fx.apns.behaviour = answerByToken;
});

const dispatcher = (sender: string, concurrency = 4) =>
  new Dispatcher(db, new ChangeBus(), null, {
    sender,
    concurrency,
    timeoutMs: 5000,
    channels: fx.settings,
    policy: { scheduleMs: [1000], deadlineMs: 600_000, jitter: 0 },
  });

async function sendAll(ids: number[], ...senders: Dispatcher[]): Promise<void> {
  const jobs = await jobsFor(db, ids, false);
  for (const [i, s] of senders.entries()) s.enqueue(jobs.filter((_, j) => j % senders.length === i));
  await Promise.all(senders.map((s) => s.drain()));
}

describe('push deliveries through the vendor adapters', () => {
  it('routes a registration token to FCM and a 64-hex token to APNs (both configured), and keeps the vendor’s message id', async () => {
    const ids = await pendingDeliveries(db, fx, await pushContacts(db, ['fcm-token-1', hex(1)]));
    await sendAll(ids, dispatcher('solo'));
    const [viaFcm, viaApns] = await statusOf(db, ids);
    expect(viaFcm).toMatchObject({ status: 'SENT', vendorId: expect.stringMatching(/^projects\/odds-test\/messages\//) });
    expect(viaApns).toMatchObject({ status: 'SENT', vendorId: expect.stringMatching(/^[0-9A-F-]{36}$/) });
    expect(fx.fcm.received.at(-1)!.message.token).toBe('fcm-token-1');
    expect(fx.apns.received.at(-1)!.token).toBe(hex(1));
  });

  it('a dead token deactivates its contact with the vendor’s reason, audited as the engine’s write', async () => {
    const [contactId] = await pushContacts(db, ['unregistered-device']);
    const ids = await pendingDeliveries(db, fx, [contactId!]);
    await sendAll(ids, dispatcher('solo'));
    expect((await statusOf(db, ids))[0]).toMatchObject({ status: 'FAILED', error: expect.stringContaining('UNREGISTERED') });
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId!));
    expect(contact).toMatchObject({ active: false, inactiveReason: expect.stringContaining('FCM UNREGISTERED') });
    const history = await db.select().from(auditLog).where(eq(auditLog.entityId, contactId!));
    expect(history.filter((h) => h.entity === 'contact')).toEqual([
      expect.objectContaining({ actorId: null, actorName: 'Engine', action: 'update', after: expect.objectContaining({ active: false }) }),
    ]);
  });

  it('refused credentials mark the channel failing with the error; the next send that goes marks it configured again', async () => {
    fx.fcm.behaviour = () => ({ status: 401, errorCode: 'THIRD_PARTY_AUTH_ERROR' });
    const first = await pendingDeliveries(db, fx, await pushContacts(db, ['fcm-token-2']));
    const sender = dispatcher('solo');
    await sendAll(first, sender);
    expect((await statusOf(db, first))[0]!.status).toBe('FAILED');
    const state = async () => (await db.select().from(channelCredentials).where(eq(channelCredentials.vendor, 'fcm')))[0]!;
    expect(await state()).toMatchObject({ state: 'failing', lastError: expect.stringContaining('THIRD_PARTY_AUTH_ERROR') });
    fx.fcm.behaviour = answerByPrefix;
    const second = await pendingDeliveries(db, fx, await pushContacts(db, ['fcm-token-3']));
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the sender reads credentials again after 5 s
    await sendAll(second, sender);
    expect(await state()).toMatchObject({ state: 'configured', lastError: null });
  }, 30_000);
});

describe('pacing shared by the workers', () => {
  it('two Dispatchers (two workers) together never send more than the bucket allows in any second', async () => {
    const count = 50;
    const ids = await pendingDeliveries(
      db,
      fx,
      await pushContacts(
        db,
        Array.from({ length: count }, (_, i) => hex(1000 + i)),
      ),
    );
    const [a, b] = [dispatcher('worker-a'), dispatcher('worker-b')];
    // Each worker's first send opens its credentials: made before the clock starts, so that what is
    // measured is the pace, not calls bunched behind a connection being opened.
    await sendAll(await pendingDeliveries(db, fx, await pushContacts(db, [hex(900), hex(901)])), a, b);
    await resetPacing(db);
    const before = fx.apns.received.length;
    const started = Date.now();
    a.start({ intervalMs: 100, sweepMs: 3_600_000 });
    b.start({ intervalMs: 100, sweepMs: 3_600_000 });
    await sendAll(ids, a, b);
    while ((await statusOf(db, ids)).some((d) => d.status === 'PENDING')) await new Promise((resolve) => setTimeout(resolve, 100));
    a.stop();
    b.stop();
    const times = fx.apns.received.slice(before).map((r) => r.atMs);
    expect(times).toHaveLength(count);
    const rate = 20;
    // The fake runs in this process: a busy event loop can hold a few paced calls and hand them to it
    // together, so each second may show up to 3 more than the bucket gave out; the total time says the pace held.
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(rate + burstOf(rate) + 3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(((count - burstOf(rate)) / rate) * 1000 - 100);
    expect((await statusOf(db, ids)).every((d) => d.status === 'SENT')).toBe(true);
  }, 60_000);

  it('one channel in a 429 storm backs off (one call per slot, retried after 60 s) while the other keeps its full pace', async () => {
    fx.fcm.behaviour = () => ({ status: 429, errorCode: 'QUOTA_EXCEEDED' });
    const stormIds = await pendingDeliveries(
      db,
      fx,
      await pushContacts(
        db,
        Array.from({ length: 30 }, (_, i) => `storm-${i}`),
      ),
    );
    const paceIds = await pendingDeliveries(
      db,
      fx,
      await pushContacts(
        db,
        Array.from({ length: 30 }, (_, i) => hex(5000 + i)),
      ),
    );
    const fcmBefore = fx.fcm.received.length;
    const apnsBefore = fx.apns.received.length;
    const started = Date.now();
    const sender = dispatcher('solo', 4);
    const jobs = await jobsFor(
      db,
      [...stormIds, ...paceIds].sort((x, y) => x - y),
      false,
    );
    sender.enqueue(jobs);
    await sender.drain();
    const seconds = (Date.now() - started) / 1000;
    // The paced channel: all sent, at its pace (20/s: 30 in about 1.4 s), not held up by the storm.
    expect((await statusOf(db, paceIds)).every((d) => d.status === 'SENT')).toBe(true);
    expect(fx.apns.received.length - apnsBefore).toBe(30);
    // Not held up by the storm (whose sends wait 60 s or more); generous for a loaded machine.
    expect(seconds).toBeLessThan(30);
    // The storm: only the calls in flight when the first 429 came; the rest wait in the database, due in 60 s or more.
    expect(fx.fcm.received.length - fcmBefore).toBeLessThanOrEqual(4);
    const storm = await db.select().from(deliverySends).where(inArray(deliverySends.deliveryId, stormIds));
    expect(storm).toHaveLength(30);
    for (const send of storm) expect(send.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(started + 59_000);
    expect((await statusOf(db, stormIds)).every((d) => d.status === 'PENDING')).toBe(true);
  }, 60_000);
});
