/**
 * What the compliance checks cost (docs/benchmarks.md "compliance"): the real engine on embedded
 * PGlite fires a threshold set for 20 person contacts (push, consent given, a jurisdiction with
 * quiet hours and a daily cap that do not refuse), each sent to the local FCM fake (a simulation
 * of its wire format, answering in 5 ms). The provider's blocks source is the local Fast Track
 * fake answering in 20 ms, cached as configured (COMPLIANCE_BLOCKS_CACHE_MS, 60 s). Measured per
 * send after a first firing that fills the caches (its slowest send is printed apart): decision →
 * vendor call (from the firing offer's ingest to the fake receiving the call), p50 and p99, twice
 * with the checks on and twice with them off, in turns (the gate not asked: a bench-only
 * switch, no setting turns the checks off), each on a fresh database. Prints Node's version and
 * the load average. Asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import {
  channelSettingsFrom,
  classicsFixture,
  complianceSettingsFrom,
  craftContacts,
  createTestUpstream,
  Engine,
  firingMatch,
  jurisdictionRules,
  matches,
  resultOfferAt,
  saveChannel,
  startFastTrackFake,
  startFcmFake,
  connectSource,
} from '@odds/upstream/testing';

const CONTACTS = Number(process.env.COMPLIANCE_BENCH_CONTACTS ?? 20);
const FIRINGS = Number(process.env.COMPLIANCE_BENCH_FIRINGS ?? 50);
const VENDOR_MS = 5;
const SOURCE_MS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
};

async function run(checks: boolean): Promise<{ latencies: number[]; cold: number[]; sent: number; expected: number; sourceCalls: number }> {
  const upstream = await createTestUpstream();
  const { db } = upstream.database;
  const [fcm, source] = await Promise.all([startFcmFake(), startFastTrackFake()]);
  fcm.latencyMs = VENDOR_MS;
  source.mode = 'slow';
  source.slowMs = SOURCE_MS;
  const secretsKey = randomBytes(32).toString('base64');
  const channels = {
    ...channelSettingsFrom({ FCM_API_URL: fcm.url, FCM_TOKEN_URL: fcm.tokenUrl }),
    secretsKey,
    simulateUnconfigured: false,
    compliance: complianceSettingsFrom({}, secretsKey, false),
  };
  const admin = { user: { id: 1, name: 'Bench' }, request: { headers: {} } };
  await saveChannel(
    upstream.app.writes,
    admin,
    1,
    'fcm',
    { vendor: 'fcm', settings: { project_id: 'bench' }, secrets: { service_account: fcm.serviceAccount('bench') } },
    secretsKey,
  );
  const matchId = await classicsFixture(db, 6);
  await firingMatch(db, matchId);
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  await craftContacts(
    db,
    matchId,
    Array.from({ length: CONTACTS }, (_, i) => ({ name: `bench-${i}`, deviceId: `bench-device-${i}`, ref: `NS-${100_000 + i}` })),
  );
  // Quiet hours twelve hours away from now in London, and a cap no one reaches: every check runs, none refuses.
  const hour = (new Date().getUTCHours() + 12) % 24;
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  await db.insert(jurisdictionRules).values({ jurisdiction: 'GB', quietHours: { start: at(hour), end: at(hour + 1) }, dailyCap: 100_000 });
  await connectSource(db, match!.providerId, source, channels);
  const engine = new Engine(db, { dispatch: true, sending: { channels } });
  // Checks off: the gate is not asked (decide then checks nothing): for this measurement only.
  if (!checks) engine.compliance.prepare = (async () => undefined) as unknown as typeof engine.compliance.prepare;
  const t0 = Date.now() - (2 * FIRINGS + 2) * 60_000;
  const latencies: number[] = [];
  let cold: number[] = [];
  let expected = 0;
  // Firing 0 warms the blocks source's cache (and the engine's match state): reported apart.
  for (let firing = 0; firing <= FIRINGS; firing += 1) {
    // An even minute fires (home 2.00), the odd one after re-arms (1.20).
    const before = fcm.received.length;
    const started = Date.now();
    await engine.ingest(matchId, [resultOfferAt(t0, `fire-${firing}`, 2 * firing, 2000)] as never);
    const until = Date.now() + 10_000;
    while (fcm.received.length - before < CONTACTS && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
    const taken = fcm.received.slice(before).map((call) => call.atMs - started);
    if (firing === 0) cold = taken;
    else {
      expected += CONTACTS;
      latencies.push(...taken);
    }
    await engine.ingest(matchId, [resultOfferAt(t0, `rearm-${firing}`, 2 * firing + 1, 1200)] as never);
  }
  const sourceCalls = source.received.length;
  await engine.close();
  await Promise.all([fcm.close(), source.close()]);
  await upstream.close();
  return { latencies, cold, sent: latencies.length, expected, sourceCalls };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`Node ${process.version}, load average ${load()} (start)`);
console.log(`${CONTACTS} person contacts, ${FIRINGS} firings; FCM fake answers in ${VENDOR_MS} ms, the blocks source in ${SOURCE_MS} ms (cached 60 s)`);
const rows: { checks: string; 'first firing max ms': number; sent: string; 'blocks source calls': number; 'p50 ms': number; 'p99 ms': number }[] = [];
for (const checks of [false, true, false, true]) {
  const { latencies, cold, sent, expected, sourceCalls } = await run(checks);
  rows.push({
    checks: checks ? 'on' : 'off',
    'first firing max ms': Math.max(...cold),
    sent: `${sent} of ${expected}`,
    'blocks source calls': sourceCalls,
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
  });
}
console.table(rows);
const p99 = (mode: string) => rows.filter((r) => r.checks === mode).map((r) => r['p99 ms']);
const [off, on] = [Math.min(...p99('off')), Math.min(...p99('on'))];
console.log(`decision → send p99: ${off} ms with the checks off, ${on} ms on (${(((on - off) / off) * 100).toFixed(0)} %, best of two runs each)`);
console.log(`load average ${load()} (end)`);
