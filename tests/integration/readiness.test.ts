import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distBuilt, runDist, startDist, waitForStatus, type DistProcess } from '../support/dist';
import { acquirePostgres } from '../support/postgres';
import { freePort } from '../support/processes';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * /healthz is liveness (the process answers), /readyz readiness: 503 while a dependency the
 * process needs is unreachable, 200 again when it is back. Dependencies are cut with TCP proxies.
 */
if (!distBuilt()) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');
const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[readiness suite skipped] ${postgres.skip}`);
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn("[readiness suite: the relay's Redis check skipped] TEST_REDIS_URL is not set");

describe.skipIf('skip' in postgres)('readiness', () => {
  const running: DistProcess[] = [];
  const proxies: TcpProxy[] = [];
  let database: TcpProxy;
  let redis: TcpProxy | null = null;
  let apiPort = 0;
  let relayPort = 0;
  let api: DistProcess;

  beforeAll(async () => {
    const target = new URL('skip' in postgres ? 'postgres://x' : postgres.url);
    database = await tcpProxy(target.hostname, Number(target.port || 5432));
    proxies.push(database);
    const proxied = new URL(target);
    proxied.port = String(database.port);
    const env = { NODE_ENV: 'production', DATABASE_URL: proxied.toString() };
    expect((await runDist('migrate', env)).code).toBe(0);
    apiPort = await freePort();
    api = startDist('api', { ...env, UPSTREAM_PORT: String(apiPort) });
    running.push(api);
    await waitForStatus(`http://127.0.0.1:${apiPort}/readyz`, api);
    relayPort = await freePort();
    const relayEnv: Record<string, string> = {
      NODE_ENV: 'production',
      PORT: String(relayPort),
      HOST: '127.0.0.1',
      UPSTREAM_URL: `http://127.0.0.1:${apiPort}`,
    };
    if (redisUrl) {
      const target = new URL(redisUrl);
      redis = await tcpProxy(target.hostname, Number(target.port || 6379));
      proxies.push(redis);
      relayEnv.REDIS_URL = `redis://127.0.0.1:${redis.port}`;
      relayEnv.REDIS_PREFIX = `ready-${relayPort}:`;
    }
    const relay = startDist('relay', relayEnv);
    running.push(relay);
    await waitForStatus(`http://127.0.0.1:${relayPort}/readyz`, relay);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await Promise.all(proxies.map((p) => p.close()));
    if (!('skip' in postgres)) await postgres.release();
  });

  const status = async (port: number, path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const eventually = async (port: number, path: string, expected: number) => {
    await expect.poll(async () => (await status(port, path)).status, { timeout: 15_000, interval: 200 }).toBe(expected);
    return status(port, path);
  };

  it('the API and the relay are not ready while the database is away, and are again when it is back', async () => {
    database.cut();
    expect((await eventually(apiPort, '/readyz', 503)).body).toEqual({ status: 'not ready', checks: { database: 'down' } });
    expect((await eventually(relayPort, '/readyz', 503)).body).toMatchObject({ checks: { upstream: 'down' } });
    // Liveness stays: the processes answer.
    expect((await status(apiPort, '/healthz')).status).toBe(200);
    expect((await status(relayPort, '/healthz')).status).toBe(200);
    database.restore();
    expect((await eventually(apiPort, '/readyz', 200)).body).toEqual({ status: 'ready', checks: { database: 'ok' } });
    await eventually(relayPort, '/readyz', 200);
  }, 60_000);

  it('the relay is not ready while its upstream is away', async () => {
    await api.stop();
    expect((await eventually(relayPort, '/readyz', 503)).body).toMatchObject({ checks: { upstream: 'down' } });
    expect((await status(relayPort, '/healthz')).status).toBe(200);
    const target = new URL('skip' in postgres ? 'postgres://x' : postgres.url);
    target.port = String(database.port);
    api = startDist('api', { NODE_ENV: 'production', DATABASE_URL: target.toString(), UPSTREAM_PORT: String(apiPort) });
    running.push(api);
    await eventually(relayPort, '/readyz', 200);
  }, 120_000);

  it.skipIf(!redisUrl)(
    'the relay is not ready while its Redis is away',
    async () => {
      redis!.cut();
      expect((await eventually(relayPort, '/readyz', 503)).body).toMatchObject({ checks: { redis: 'down' } });
      redis!.restore();
      expect((await eventually(relayPort, '/readyz', 200)).body).toMatchObject({ checks: { upstream: 'ok', redis: 'ok' } });
    },
    60_000,
  );
});
