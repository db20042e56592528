/**
 * Live engine on embedded PGlite (on disk in a temporary folder, as `npm start` keeps it): offers ingested and evaluated per second with 50
 * threshold sets on the match and 200 contacts in its audience, and the latency from an offer
 * that fires to its deliveries being recorded (committed), p50 and p99. Targets: ≥ 2,000 offers/s,
 * p99 ≤ 50 ms. Prints a table; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FeedMessage, RelativeThreshold } from '@odds/protocol';
import { buildUpstream } from '@odds/upstream';
import { contacts, Engine, ensureDemoUser, leagues, markets, matchContents, matches, openDatabase, seedDemoData, thresholdSets } from '@odds/upstream/testing';

const OFFERS = 6000;
const BATCH = 100;
const LATENCY_SAMPLES = 200;

/** Deterministic pseudo-random numbers (mulberry32), so every run sees the same prices. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const folder = mkdtempSync(join(tmpdir(), 'odds-engine-bench-'));
const database = await openDatabase(folder);
await seedDemoData(database.db);
await ensureDemoUser(database.db, 'demo@example.com', 'demo', false);
const { db } = database;

// The match: a Classics fixture the seeders left alone; its provider's three feed markets.
const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
const fixtures = await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start));
const matchIds = fixtures.slice(6, 11).map((m) => m.id);
const feedMarkets = (await db.select().from(markets).where(eq(markets.providerId, 1)))
  .filter((m) => (m.typeId === 1 && m.line === null) || (m.typeId === 2 && m.line === 2500) || m.typeId === 10)
  .sort((a, b) => a.typeId - b.typeId);
const outcomes: Record<number, string[]> = { 1: ['home', 'draw', 'away'], 2: ['over', 'under'], 10: ['yes', 'no'] };
const labels: Record<string, string> = { home: '1', draw: 'X', away: '2', over: 'Over', under: 'Under', yes: 'Yes', no: 'No' };

// 200 contacts (the seeded ones switched off): push, all subscribed, a quarter rate-limited.
await db.update(contacts).set({ active: false });
const contactRows = await db
  .insert(contacts)
  .values(
    Array.from({ length: 200 }, (_, i) => ({
      providerId: 1,
      sportId: 1,
      channelId: 1,
      name: `Bench contact ${i + 1}`,
      languages: i % 5 === 0 ? ['en', 'da'] : ['en'],
      segment: String(i + 1),
      subAll: true,
      rateLimited: i % 4 === 0,
      rateLimitMinutes: i % 4 === 0 ? 2 : null,
      limiter: i % 4 === 0 ? { max_match_push: 20, market_push_p1: 5 } : {},
    })),
  )
  .returning({ id: contacts.id });

// 50 threshold sets, the same on every match (so scenarios differ only by their prices), of the
// three kinds, over the three markets; a few for one contact.
const rand = random(42);
const relative = (basis: RelativeThreshold['time_basis'], direction: RelativeThreshold['direction']): RelativeThreshold => ({
  direction,
  metric: 'PERCENT',
  value: 8 + Math.round(rand() * 10),
  time_amount: 2 + Math.round(rand() * 5),
  time_unit: 'MINUTES',
  time_basis: basis,
});
const setSpecs = Array.from({ length: 50 }, (_, i) => {
  const market = feedMarkets[i % 3]!;
  const keys = outcomes[market.typeId]!;
  const key = keys[i % keys.length]!;
  const type = (['VALUE', 'RANGE', 'RELATIVE'] as const)[i % 3]!;
  const value = 1800 + Math.round(rand() * 2500);
  const thresholds =
    type === 'VALUE'
      ? { [key]: { value } }
      : type === 'RANGE'
        ? { [key]: { from: value, to: value + 400 } }
        : { [key]: relative((['REAL', 'GAME', 'START'] as const)[i % 3], i % 2 ? 'RISE' : 'DROP') };
  return { marketId: market.id, type, thresholds, contactId: i % 10 === 9 ? contactRows[i]!.id : null };
});
for (const matchId of matchIds) {
  await db.insert(thresholdSets).values(setSpecs.map((spec) => ({ matchId, ...spec })));
  await db.insert(matchContents).values(
    feedMarkets.flatMap((market) =>
      ['en', 'da'].map((language) => ({
        matchId,
        marketId: market.id,
        channelId: 1,
        language,
        nodeId: 'INPLAY',
        parts: {
          title: [{ content: '{{home.name}} v {{away.name}}' }],
          content: [{ content: "Now {{odds.home}} / {{odds.draw}} / {{odds.away}} at {{match.minute}}'" }],
          cta: [],
          image: [],
        },
      })),
    ),
  );
}
// The markets' own bounds would hold most firings back; the bench measures the engine, so it lifts them.
for (const market of feedMarkets)
  await db
    .update(markets)
    .set({ meta: { max_threshold: null, pass_threshold: 1 } })
    .where(eq(markets.id, market.id));

/**
 * A random walk of prices (each step up to ±volatility/2), three markets per clock second; the
 * same every run and for every match, so the engine and the HTTP route see the same load.
 */
function offers(matchId: number, count: number, start: number, volatility: number): FeedMessage[] {
  const rand = random(7);
  const prices = new Map<string, number>();
  const out: FeedMessage[] = [];
  for (let i = 0; i < count; i += 1) {
    const market = feedMarkets[i % 3]!;
    const clock = Math.floor(i / 3) % 5400;
    out.push({
      type: 'offer',
      source_id: `bench-${matchId}-${start + i}`,
      sent_at: new Date(Date.UTC(2031, 5, 1, 18) + (start + i) * 333).toISOString(),
      market_id: market.id,
      match_time: clock,
      prematch: false,
      score: 'H0-A0',
      period: clock < 2700 ? 1 : 2,
      outcomes: outcomes[market.typeId]!.map((key) => {
        const id = `${market.id}:${key}`;
        const next = Math.min(8000, Math.max(1100, Math.round((prices.get(id) ?? 2500) * (1 + (rand() - 0.5) * volatility))));
        prices.set(id, next);
        return { label: labels[key]!, line: market.line, odds: next };
      }),
    });
  }
  return out;
}

/** CPU seconds of this process (PGlite runs in it): what a phase costs on an uncontended core. */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const rows: [string, string][] = [];

// 1. Throughput through the engine, batches of 100 (what a replay at speed 0 or a busy feed sends):
// prices that do not move (every set evaluated on every offer, nothing fires after the first
// offers), a feed-like load (prices moving ±0.5 % an offer: about 1 offer in 50 fires, as in the demo
// feeds), then a firing-heavy one (±3 %: about 1 in 10 fires, each to up to 200 contacts).
for (const [label, matchId, volatility] of [
  ['evaluation only', matchIds[4]!, 0],
  ['feed-like', matchIds[0]!, 0.01],
  ['firing-heavy', matchIds[3]!, 0.06],
] as const) {
  const engine = new Engine(db, { dispatch: false });
  const messages = offers(matchId, OFFERS, 0, volatility);
  await engine.ingest(matchId, messages.slice(0, BATCH)); // warm the caches
  const totals = { firings: 0, deliveries: 0, suppressions: 0 };
  const started = performance.now();
  const cpu = cpuSeconds();
  for (let i = BATCH; i < messages.length; i += BATCH) {
    const reply = await engine.ingest(matchId, messages.slice(i, i + BATCH));
    totals.firings += reply.firings;
    totals.deliveries += reply.deliveries;
    totals.suppressions += reply.suppressions;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = cpuSeconds() - cpu;
  const count = messages.length - BATCH;
  rows.push([`engine, batches of ${BATCH}, ${label}: offers/s (per CPU-second)`, `${(count / seconds).toFixed(0)} (${(count / used).toFixed(0)})`]);
  rows.push([
    `  firing offers / deliveries / suppressions (of ${count})`,
    `${((100 * totals.firings) / count).toFixed(1)} % / ${totals.deliveries} / ${totals.suppressions}`,
  ]);
  rows.push(['  deliveries recorded/s (per CPU-second)', `${(totals.deliveries / seconds).toFixed(0)} (${(totals.deliveries / used).toFixed(0)})`]);
}

// 2. The same through the HTTP ingest route (JSON, validation, auth), batches of 100.
{
  const app = await buildUpstream({ database });
  const token = (await app.inject({ method: 'POST', url: '/api/1/authenticate', payload: { email: 'demo@example.com', password: 'demo' } })).json<{
    token: string;
  }>().token;
  const messages = offers(matchIds[1]!, OFFERS, 0, 0.01);
  const post = (batch: FeedMessage[]) =>
    app.inject({
      method: 'POST',
      url: `/api/1/engine/match/${matchIds[1]}/ingest`,
      headers: { authorization: `Token ${token}` },
      payload: { messages: batch },
    });
  await post(messages.slice(0, BATCH));
  let delivered = 0;
  const started = performance.now();
  const cpu = cpuSeconds();
  for (let i = BATCH; i < messages.length; i += BATCH) {
    const reply = await post(messages.slice(i, i + BATCH));
    if (reply.statusCode !== 200) throw new Error(reply.body);
    delivered += reply.json<{ deliveries: number }>().deliveries;
  }
  const count = messages.length - BATCH;
  rows.push([
    `HTTP ingest route, batches of ${BATCH}, feed-like: offers/s (per CPU-second)`,
    `${(count / ((performance.now() - started) / 1000)).toFixed(0)} (${(count / (cpuSeconds() - cpu)).toFixed(0)})`,
  ]);
  rows.push(["  deliveries (the same load as the engine's feed-like row)", String(delivered)]);
  await app.close();
}

// 3. One offer per call, and the latency of those that fire: from the call to their deliveries committed.
{
  const engine = new Engine(db, { dispatch: false });
  const messages = offers(matchIds[2]!, 3000, 0, 0.06);
  await engine.ingest(matchIds[2]!, messages.slice(0, 3));
  const latencies: number[] = [];
  const cpuCosts: number[] = [];
  let single = 0;
  const started = performance.now();
  const cpu = cpuSeconds();
  for (let i = 3; i < messages.length && latencies.length < LATENCY_SAMPLES; i += 1) {
    const t = performance.now();
    const c = cpuSeconds();
    const reply = await engine.ingest(matchIds[2]!, [messages[i]!]);
    single += 1;
    if (reply.deliveries > 0) {
      latencies.push(performance.now() - t);
      cpuCosts.push((cpuSeconds() - c) * 1000);
    }
  }
  rows.push([
    'engine, one offer per call, firing-heavy: offers/s (per CPU-second)',
    `${(single / ((performance.now() - started) / 1000)).toFixed(0)} (${(single / (cpuSeconds() - cpu)).toFixed(0)})`,
  ]);
  rows.push([`trigger → deliveries recorded, p50 (${latencies.length} firing offers, ≤ 200 contacts each)`, `${pct(latencies, 50).toFixed(1)} ms`]);
  rows.push(['trigger → deliveries recorded, p99', `${pct(latencies, 99).toFixed(1)} ms`]);
  rows.push(['  CPU time of a firing offer, p50 / p99', `${pct(cpuCosts, 50).toFixed(1)} / ${pct(cpuCosts, 99).toFixed(1)} ms`]);
}

await database.close();
rmSync(folder, { recursive: true, force: true });
const width = Math.max(...rows.map(([k]) => k.length));
console.log(`\nLive engine on PGlite: 50 threshold sets, 200 contacts, ${OFFERS} offers (3 markets). Targets: ≥ 2,000 offers/s, p99 ≤ 50 ms.\n`);
const valueWidth = Math.max(10, ...rows.map(([, v]) => v.length));
console.log(`| ${'measure'.padEnd(width)} | ${'value'.padEnd(valueWidth)} |`);
console.log(`|${'-'.repeat(width + 2)}|${'-'.repeat(valueWidth + 2)}|`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v.padStart(valueWidth)} |`);
console.log('\nWall-clock figures on a shared machine move with its load; the per-CPU-second ones estimate an uncontended core.');
console.log(
  `(load average while measuring: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, on ${(await import('node:os')).cpus().length} cores)`,
);
