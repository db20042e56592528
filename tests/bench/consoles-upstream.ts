/**
 * The upstream of the consoles bench, in its own process: seeded in-memory PGlite on a loopback
 * port, with the 2022 final made a long match (LONG_OFFERS more offers on its three markets across
 * the 90 minutes, and a delivery of its first contact for every third of them), as a busy match
 * of a live day looks. Sends `{url, token, matchId}` over IPC once ready; `{type: 'stop'}` ends it.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestUpstream, deliveries, offers } from '@odds/upstream/testing';

const LONG_OFFERS = Number(process.env.LONG_OFFERS ?? 2_500);
const upstream = await createTestUpstream();
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
const token = await upstream.login();
const found = await fetch(`${url}/api/1/1/1/matches?q=Argentina - France&date=2022-12-18`, { headers: { authorization: `Token ${token}` } });
const matchId = ((await found.json()) as { results: { id: number }[] }).results[0]!.id;

const { db } = upstream.database;
const [template] = await db.select().from(offers).where(eq(offers.matchId, matchId)).limit(1);
const [delivery] = await db.select().from(deliveries).where(eq(deliveries.matchId, matchId)).limit(1);
const markets = [...new Set((await db.select({ marketId: offers.marketId }).from(offers).where(eq(offers.matchId, matchId))).map((r) => r.marketId))];
const kickOff = template!.sentAt.getTime();
for (let start = 0; start < LONG_OFFERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, LONG_OFFERS - start) }, (_, j) => {
    const n = start + j;
    const matchTime = Math.floor((n / LONG_OFFERS) * 5_400);
    const home = 1_500 + (n % 97) * 20;
    const away = 4_000 - (n % 89) * 20;
    return {
      matchId,
      marketId: markets[n % markets.length]!,
      sourceId: `long-${n}`,
      outcomeMap: { home, draw: 3_300, away },
      odds: [
        { label: '1', line: null, odds: home },
        { label: 'X', line: null, odds: 3_300 },
        { label: '2', line: null, odds: away },
      ],
      score: `H${Math.floor(matchTime / 1_800)}-A${Math.floor(matchTime / 2_700)}`,
      matchTime,
      period: matchTime < 2_700 ? 1 : 2,
      status: n % 3 === 0 ? 'TRIGGERED' : 'SKIPPED',
      sentAt: new Date(kickOff + (n + 1) * 1_000),
    };
  });
  const rows = await db.insert(offers).values(batch).returning({ id: offers.id, status: offers.status, marketId: offers.marketId });
  const fired = rows.filter((row) => row.status === 'TRIGGERED');
  if (delivery && fired.length) {
    const { id: _id, ...rest } = delivery;
    await db.insert(deliveries).values(fired.map((row) => ({ ...rest, offerId: row.id, marketId: row.marketId, status: 'SENT' })));
  }
}

process.on('disconnect', () => void upstream.close().finally(() => process.exit(0)));
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void upstream.close().then(() => process.exit(0));
});
process.send!({ type: 'ready', url, token, matchId });
