import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { distBuilt, runDist, startDist, waitForStatus, type DistProcess } from '../support/dist';
import { connectLive } from '../support/live-client';
import { acquirePostgres } from '../support/postgres';
import { freePort } from '../support/processes';

/**
 * The operator command against a deployment-shaped stack: migrate, the API and a relay from dist/
 * in production mode on Postgres. Disabling an operator ends their sessions, and the relay closes
 * their live connections as soon as the change stream tells it (Postgres NOTIFY from the command).
 */
if (!distBuilt()) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');
const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[operator command suite skipped] ${postgres.skip}`);

describe.skipIf('skip' in postgres)('operator command', () => {
  const url = 'skip' in postgres ? '' : postgres.url;
  const base = { NODE_ENV: 'production', DATABASE_URL: url };
  const running: DistProcess[] = [];
  let relayUrl = '';

  beforeAll(async () => {
    const migrated = await runDist('migrate', base);
    expect(migrated.code, migrated.output).toBe(0);
    const [apiPort, relayPort] = [await freePort(), await freePort()];
    const api = startDist('api', { ...base, UPSTREAM_PORT: String(apiPort) });
    running.push(api);
    await waitForStatus(`http://127.0.0.1:${apiPort}/healthz`, api);
    const relay = startDist('relay', { NODE_ENV: 'production', PORT: String(relayPort), HOST: '127.0.0.1', UPSTREAM_URL: `http://127.0.0.1:${apiPort}` });
    running.push(relay);
    relayUrl = `http://127.0.0.1:${relayPort}`;
    await waitForStatus(`${relayUrl}/healthz`, relay);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    if (!('skip' in postgres)) await postgres.release();
  });

  const signIn = async (email: string, password: string) =>
    fetch(`${relayUrl}/api/1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  const operator = (...args: string[]) => runDist('operator', base, args);

  it('adds the first admin, who signs in through the relay', async () => {
    const added = await operator('add', '--email', 'lead@example.com', '--name', 'Team Lead', '--admin', '--password', 'the lead password');
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain('added Team Lead <lead@example.com> (admin, active)');
    expect((await signIn('lead@example.com', 'the lead password')).status).toBe(200);
    const short = await operator('add', '--email', 'x@example.com', '--name', 'X', '--password', 'short');
    expect(short.code).toBe(1);
    expect(short.output).toContain('at least 12 characters');
  }, 60_000);

  it("disable ends the operator's live connections within a second and refuses their sign-in; enable lets them back", async () => {
    expect((await operator('add', '--email', 'ana@example.com', '--name', 'Ana', '--password', 'ana password 1')).code).toBe(0);
    const { token } = (await (await signIn('ana@example.com', 'ana password 1')).json()) as { token: string };
    const socket = await connectLive(relayUrl, token);
    const gone = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(performance.now())));
    const disabled = await operator('disable', '--email', 'ana@example.com');
    const done = performance.now();
    expect(disabled.code, disabled.output).toBe(0);
    expect(disabled.output).toContain('1 session(s) ended');
    const closedAt = await Promise.race([gone, new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 5_000))]);
    const afterMs = closedAt - done;
    console.log(`[operator command] socket closed ${afterMs.toFixed(0)} ms after the disable command returned`);
    expect(afterMs).toBeLessThanOrEqual(1_000);
    expect((await fetch(`${relayUrl}/api/1/session`, { headers: { authorization: `Token ${token}` } })).status).toBe(401);
    expect((await (await signIn('ana@example.com', 'ana password 1')).json()).message).toBe('Invalid email or password');
    expect((await operator('enable', '--email', 'ana@example.com')).code).toBe(0);
    expect((await signIn('ana@example.com', 'ana password 1')).status).toBe(200);
  }, 90_000);

  it('reset-password without a terminal voids the password and prints a one-time link', async () => {
    const reset = await operator('reset-password', '--email', 'ana@example.com');
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toMatch(/\/set-password#token=[A-Za-z0-9_-]{43}/);
    expect((await signIn('ana@example.com', 'ana password 1')).status).toBe(400);
    const set = await operator('reset-password', '--email', 'ana@example.com', '--password', 'ana password 2');
    expect(set.code, set.output).toBe(0);
    expect((await signIn('ana@example.com', 'ana password 2')).status).toBe(200);
  }, 60_000);

  it('lists the operators and writes every change to the audit log as "system"', async () => {
    const list = await operator('list');
    expect(list.output).toMatch(/lead@example\.com\s+Team Lead\s+yes\s+active/);
    expect(list.output).toMatch(/ana@example\.com\s+Ana\s+active/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ actor_id: number | null; actor_name: string; action: string; after: Record<string, unknown> }>(
      "select actor_id, actor_name, action, after from audit_log where entity = 'account' order by id",
    );
    await client.end();
    expect(rows.every((row) => row.actor_id === null && row.actor_name === 'system')).toBe(true);
    expect(rows.map((row) => [row.action, row.after.email, row.after.status, row.after.event ?? null])).toEqual([
      ['create', 'lead@example.com', 'active', null],
      ['create', 'ana@example.com', 'active', null],
      ['update', 'ana@example.com', 'disabled', null],
      ['update', 'ana@example.com', 'active', null],
      ['update', 'ana@example.com', 'active', 'password reset link issued'],
      ['update', 'ana@example.com', 'active', 'password set'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('scrypt');
  });
});
