/**
 * The upstream of the relay benchmark, in its own process (so its database work does not share a
 * thread with the clients being measured), seeded, on a loopback port: on a fresh database of the
 * Postgres server at TEST_DATABASE_URL when one is given (as a deployment would run it), else on
 * in-memory PGlite. It counts the requests it receives by path and answers `{type: 'hits'}` over
 * IPC with the counts.
 */
import type { AddressInfo } from 'node:net';
import { createTestUpstream, offers } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = process.env.TEST_DATABASE_URL ? await acquirePostgres() : null;
const databaseUrl = postgres && 'url' in postgres ? postgres.url : undefined;
const upstream = await createTestUpstream(databaseUrl ? { databaseUrl } : {});
const close = async () => {
  await upstream.close();
  if (postgres && 'release' in postgres) await postgres.release();
};
const hits = new Map<string, number>();
upstream.app.addHook('onRequest', async (request) => {
  const path = request.url.split('?')[0]!;
  hits.set(path, (hits.get(path) ?? 0) + 1);
});
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;

// The bench that started this process is gone: go too.
process.on('disconnect', () => void close().finally(() => process.exit(0)));
/**
 * An offer written straight into the offers table and announced on the change stream, as the
 * engine does after an ingest, minus its evaluation: for the fan-out phase, whose subject is the
 * relay, at a rate this upstream could not evaluate on a shared two-core machine.
 */
let written = 0;
async function writeOffer(matchId: number): Promise<void> {
  const n = ++written;
  const odds = [
    { label: 'home', line: null, odds: 2000 + (n % 50) * 10 },
    { label: 'draw', line: null, odds: 3300 },
    { label: 'away', line: null, odds: 3800 - (n % 50) * 10 },
  ];
  const [row] = await upstream.database.db
    .insert(offers)
    .values({
      matchId,
      marketId: 1,
      sourceId: `bench-${process.pid}-${n}`,
      outcomeMap: { home: odds[0]!.odds, draw: 3300, away: odds[2]!.odds },
      odds,
      score: 'H0-A0',
      matchTime: n,
      status: 'SKIPPED',
    })
    .returning({ id: offers.id });
  upstream.app.engine.bus.publish({ match_id: matchId, topics: ['feed', 'offers'], offer_ids: [row!.id] });
}

process.on('message', (message: { type: string; matchId?: number; id?: number }) => {
  if (message.type === 'hits') process.send!({ type: 'hits', hits: Object.fromEntries(hits) });
  if (message.type === 'offer') void writeOffer(message.matchId!).then(() => process.send!({ type: 'written', id: message.id }));
  if (message.type === 'stop') void close().then(() => process.exit(0));
});
process.send!({ type: 'ready', url, token: await upstream.login(), database: upstream.database.kind });
