import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * A database outage (connections refused or cut, PGlite closed) is a 503 the console retries with
 * the same Idempotency-Key, never a 500: and the retry after the database is back saves once.
 * Postgres is cut with a TCP proxy in front of the shared test server.
 */
const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[database-outage suite skipped] ${postgres.skip}`);

describe.skipIf('skip' in postgres)('a save while Postgres is away', () => {
  let upstream: TestUpstream;
  let proxy: TcpProxy;
  let token: string;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    const target = new URL(postgres.url);
    proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(target);
    proxied.port = String(proxy.port);
    upstream = await createTestUpstream({ databaseUrl: proxied.toString() });
    token = await upstream.login();
  }, 120_000);
  afterAll(async () => {
    proxy?.restore();
    await upstream?.close();
    await proxy?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  const save = (name: string, key: string) =>
    upstream.app.inject({
      method: 'POST',
      url: '/api/1/contact',
      headers: { authorization: `Token ${token}`, 'idempotency-key': key },
      payload: { name, device_id: 'outage-device' },
    });
  const count = async (name: string) => {
    const reply = await upstream.app.inject({ method: 'GET', url: '/api/1/contacts?limit=1000', headers: { authorization: `Token ${token}` } });
    return reply.json<{ items: { name: string }[] }>().items.filter((c) => c.name === name).length;
  };

  it('answers 503 with a retry hint and the message the console shows, for writes and reads', async () => {
    proxy.cut();
    const refused = await save('Outage contact A', 'outage-a');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toEqual({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      error: 'Service Unavailable',
      message: 'The back-office database cannot be reached right now; try again in a moment.',
    });
    const read = await upstream.app.inject({ method: 'GET', url: '/api/1/contacts', headers: { authorization: `Token ${token}` } });
    expect(read.statusCode).toBe(503);
    proxy.restore();
  });

  it('the retry with the same key after the outage saves the contact once, and a repeat replays it', async () => {
    const name = 'Outage contact B';
    proxy.cut();
    expect((await save(name, 'outage-b')).statusCode).toBe(503);
    proxy.restore();
    // The failed attempt's claim could not be freed while the database was away: the retry must
    // still run for real (not wait on it as "in progress"), once.
    const retried = await save(name, 'outage-b');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    const repeated = await save(name, 'outage-b');
    expect(repeated.headers['idempotency-replayed']).toBe('true');
    expect(await count(name)).toBe(1);
  });

  it('an outage in the middle of a save (after its key was claimed) does not hold the retry as "in progress"', async () => {
    const name = 'Outage contact mid';
    proxy.cutWhenSent('insert into "contacts"');
    const cutShort = await save(name, 'outage-mid');
    expect(cutShort.statusCode).toBe(503);
    proxy.restore();
    // The claim could not be freed while the database was away: the retry runs for real, at once.
    const started = Date.now();
    const retried = await save(name, 'outage-mid');
    expect(retried.statusCode).toBe(200);
    // Not the 10 s wait of a key still "in progress".
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(await count(name)).toBe(1);
  });

  it('connections the server ends (pg_terminate_backend) are replaced: the next save succeeds', async () => {
    const { Client } = (await import('pg')).default;
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const database = new URL((postgres as { url: string }).url).pathname.slice(1);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    await admin.end();
    const outcomes = await Promise.all(['c1', 'c2', 'c3'].map((key) => save(`Outage contact ${key}`, `outage-${key}`)));
    // Each is either saved or refused as an outage (a connection ended mid-query), never a 500.
    for (const reply of outcomes) expect([200, 503]).toContain(reply.statusCode);
    for (const [index, key] of ['c1', 'c2', 'c3'].entries()) {
      if (outcomes[index]!.statusCode === 503) expect((await save(`Outage contact ${key}`, `outage-${key}`)).statusCode).toBe(200);
      expect(await count(`Outage contact ${key}`)).toBe(1);
    }
  });
});

describe('a save after the embedded database closed', () => {
  it('is a 503, not a 500', async () => {
    const upstream = await createTestUpstream();
    const token = await upstream.login();
    await upstream.database.close();
    const reply = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/contact',
      headers: { authorization: `Token ${token}` },
      payload: { name: 'After close', device_id: 'closed-device' },
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    await upstream.app.close();
  });
});
