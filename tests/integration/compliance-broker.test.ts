/**
 * Every compliance rule (docs/compliance.md) through engine workers on a broker: the crafted
 * contacts, jurisdiction rules, suppression list and blocks source of the embedded suite
 * (infra/upstream/src/engine/compliance/engine-fixture.ts, compliance.test.ts) on Postgres, the
 * feed published to RabbitMQ and decided by two `npm run engine` processes, which ask the Fast
 * Track fake over loopback and send through provider 1's FCM credentials to the FCM fake. Each
 * firing must give each contact what it gives embedded; the daily cap holds across two matches
 * (on shards either worker may own); with the source answering 500, slow, in a wrong shape or not
 * listening at all, person contacts are suppressed (fail closed) and only the segment goes; what
 * was refused never reaches the vendor.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPPED,
  complianceChannels,
  createTestUpstream,
  deliveries,
  FeedPublisher,
  FIRST_FIRING,
  matches,
  offerAt,
  outcomesOf,
  rulesFixture,
  sendingFixture,
  sentTo,
  SOURCE_FAILING,
  sourceState,
  sportsbookCustomers,
  startFastTrackFake,
  type Db,
  type FastTrackFake,
  type RulesFixture,
  type TestUpstream,
} from '@odds/upstream/testing';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('compliance broker suite');

const SHARDS = 4;
/** The workers' blocks cache (COMPLIANCE_BLOCKS_CACHE_MS): a change of the source is seen after it. */
const CACHE_MS = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skip !== null)('compliance checks through engine workers on RabbitMQ', () => {
  let upstream: TestUpstream;
  let db: Db;
  let fake: FastTrackFake;
  let fx: Awaited<ReturnType<typeof sendingFixture>>;
  let rules: RulesFixture;
  let publisher: FeedPublisher;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    db = upstream.database.db;
    fake = await startFastTrackFake();
    // Provider 1's FCM saved through the real route's code: the workers send what they do not refuse.
    fx = await sendingFixture(upstream.app);
    // The source's key sealed, and the listed reference hashed, under the key the workers are given.
    rules = await rulesFixture(db, fake, complianceChannels({}, fx.settings.secretsKey!));
    const prefix = `test-${Math.random().toString(36).slice(2, 8)}`;
    const env = {
      DATABASE_URL: postgres.url,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: prefix,
      ENGINE_SHARDS: String(SHARDS),
      ENGINE_WORKERS: '2',
      ENGINE_STANDBY_DELAY_MS: '500',
      DELIVERY_POLL_MS: '200',
      CHANNEL_SECRETS_KEY: fx.settings.secretsKey!,
      FCM_API_URL: fx.fcm.url,
      FCM_TOKEN_URL: fx.fcm.tokenUrl,
      COMPLIANCE_BLOCKS_TIMEOUT_MS: '3000',
      COMPLIANCE_BLOCKS_CACHE_MS: String(CACHE_MS),
    };
    for (const index of [0, 1]) workers.push(await startWorker({ ...env, ENGINE_WORKER_INDEX: String(index) }));
    publisher = await FeedPublisher.connect(rabbit.url, SHARDS, { prefix });
  }, 300_000);

  afterAll(async () => {
    await publisher?.close();
    await Promise.all(workers.map((w) => w.stop()));
    await fake?.close();
    await fx?.close();
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  /**
   * Publishes a firing of a match (home 2.00 at an even `minute`, after the re-arm at 1.20 the
   * minute before) and waits until a worker stored its outcome for every crafted contact.
   */
  async function fire(matchId: number, minute: number): Promise<Map<string, string>> {
    const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
    const tag = `m${matchId}-`;
    await publisher.publish({ providerId: match!.providerId, sportId: match!.sportId, matchId }, [
      offerAt(`${tag}${minute - 1}`, minute - 1),
      offerAt(`${tag}${minute}`, minute),
    ]);
    const decided = () => outcomesOf(db, rules.ids, matchId, `${tag}${minute}`);
    await waitFor(
      `the firing at minute ${minute} of match ${matchId} decided for every contact`,
      async () => (await decided()).size === rules.ids.size,
      60_000,
    );
    return decided();
  }

  it('refuses each kind of recipient with its reason, and sends to the rest, as the embedded engine does', async () => {
    const got = await fire(rules.matchA, 2);
    for (const [name, outcome] of Object.entries(FIRST_FIRING)) expect(got.get(name), name).toMatch(outcome);
  });

  it('caps a recipient per local calendar day across two matches', async () => {
    expect((await fire(rules.matchA, 4)).get('ok')).toMatch(/^SENT/);
    const got = await fire(rules.matchB, 6);
    for (const [name, outcome] of Object.entries(CAPPED)) expect(got.get(name), name).toMatch(outcome);
  });

  it('fails closed: a source answering 500, slow, in a wrong shape or down suppresses person contacts, never sends', async () => {
    let minute = 6;
    const failing = async (expected: RegExp) => {
      await pause(CACHE_MS + 200);
      minute += 2;
      const got = await fire(rules.matchA, minute);
      expect(got.get('ontario'), `minute ${minute}`).toMatch(expected);
      // The segment is not a person: it still goes.
      expect(sentTo(got), `minute ${minute}`).toEqual(['segment']);
      const source = await sourceState(db, rules.providerId);
      expect(source.state).toBe('unavailable');
      expect(got.get('ontario')).toContain(source.lastError);
    };
    fake.slowMs = 6_000;
    for (const mode of ['error', 'slow', 'bad-shape'] as const) {
      fake.mode = mode;
      await failing(SOURCE_FAILING[mode]);
    }
    // Down: nothing listens on the source's address.
    const port = Number(new URL(fake.url).port);
    await fake.close();
    await failing(/^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the blocks source could not be reached/);
    fake = await startFastTrackFake(fake.apiKey, port);
    sportsbookCustomers(fake);
    await pause(CACHE_MS + 200);
    expect((await fire(rules.matchA, minute + 2)).get('ontario')).toMatch(/^SENT/);
    expect((await sourceState(db, rules.providerId)).state).toBe('ok');
  });

  it('what the workers decided to send reached the vendor; nothing they refused did', async () => {
    const sends = () =>
      db
        .select()
        .from(deliveries)
        .where(inArray(deliveries.matchId, [rules.matchA, rules.matchB]));
    await waitFor('every delivery sent', async () => (await sends()).every((d) => d.status === 'SENT'), 60_000);
    const names = new Map([...rules.ids].map(([name, id]) => [id, name]));
    const sentNames = new Set((await sends()).map((d) => names.get(d.contactId)));
    expect([...sentNames].sort()).toEqual(['ok', 'ontario', 'segment']);
    const reached = new Set(fx.fcm.received.map((r) => r.message.token ?? `topic ${r.message.topic}`));
    expect([...reached].sort()).toEqual(['device-ok', 'device-ontario', 'topic 1']);
    // Ontario: the two firings before the cap, the second match's, and the one after the source came back.
    expect(fx.fcm.received.filter((r) => r.message.token === 'device-ontario')).toHaveLength(4);
  });
});
