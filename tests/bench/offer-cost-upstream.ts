/**
 * The upstream of the offer-cost bench in its own process (so its CPU is its own): seeded
 * in-memory PGlite with the saturday bench's markets and matches (saturday-data.ts), on a loopback
 * port (with OFFER_COST_TESTING, the upstream of another checkout: see offer-cost.bench.ts). Sends `{url, token, matchIds, markets}` over IPC once ready; `{type: 'stop'}` ends it.
 */
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { prepareSaturday } from './saturday-data';

// OFFER_COST_TESTING names another checkout's infra/upstream/src/testing.ts (the bench's baseline).
const testing: typeof import('@odds/upstream/testing') = process.env.OFFER_COST_TESTING
  ? await import(pathToFileURL(process.env.OFFER_COST_TESTING).href)
  : await import('@odds/upstream/testing');
const upstream = await testing.createTestUpstream();
const { matchIds, markets } = await prepareSaturday(upstream.database.db, Number(process.env.OFFER_COST_MATCHES ?? 20));
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
const token = await upstream.login();
process.on('disconnect', () => void upstream.close().finally(() => process.exit(0)));
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void upstream.close().then(() => process.exit(0));
});
process.send!({ type: 'ready', url, token, matchIds, markets });
