import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { hashPassword } from '@odds/upstream/testing';
import { distBuilt, runDist, startDist, waitForStatus, type DistProcess } from '../support/dist';
import { acquirePostgres } from '../support/postgres';
import { freePort } from '../support/processes';
import { acquireRabbit } from '../support/rabbitmq';

/**
 * Production mode, run as a deployment runs it: the built files (`node dist/…`) with NODE_ENV=production
 * and nothing but their own variables. Needs `npm run build` (npm test builds first).
 */
if (!distBuilt()) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');

describe('production mode without a database', () => {
  it('refuses embedded PGlite unless ALLOW_EMBEDDED_DB=1, naming DATABASE_URL', async () => {
    for (const name of ['api', 'migrate', 'operator'] as const) {
      const { code, output } = await runDist(name, { NODE_ENV: 'production' }, name === 'operator' ? ['list'] : []);
      expect(code, output).not.toBe(0);
      expect(output).toContain('DATABASE_URL');
      expect(output).toContain('ALLOW_EMBEDDED_DB=1');
    }
  });

  it('a relay refuses the demo password as its service account', async () => {
    const { code, output } = await runDist('relay', { NODE_ENV: 'production', PORT: '0', RELAY_EMAIL: 'relay@example.com', RELAY_PASSWORD: 'demo' });
    expect(code).toBe(78);
    expect(output).toContain('relay: cannot start: RELAY_PASSWORD is the known demo password');
  });

  it('a misspelt or malformed variable stops a process with one line naming it', async () => {
    const typo = await runDist('api', { NODE_ENV: 'production', METRIC_TOKEN: 'x', ENGINE_SHARDS: 'eight' });
    expect(typo.code).toBe(78);
    expect(typo.output).toContain('api: cannot start: METRIC_TOKEN is not a setting of the console (did you mean METRICS_TOKEN?)');
    expect(typo.output).toContain("api: cannot start: ENGINE_SHARDS must be a whole number from 1 to 256, got 'eight'");
    expect(typo.output).not.toContain('    at ');
  });

  it('refuses SEED_DEMO in production', async () => {
    const { code, output } = await runDist('api', { NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1', PGLITE_DIR: 'memory://', SEED_DEMO: 'on' });
    expect(code).not.toBe(0);
    expect(output).toContain('SEED_DEMO');
  });
});

const postgres = await acquirePostgres();
const rabbit = 'skip' in postgres ? { skip: 'no Postgres' } : await acquireRabbit();
if ('skip' in postgres) console.warn(`[production suite skipped] ${postgres.skip}`);
if ('skip' in rabbit) console.warn(`[production suite: engine workers skipped] ${rabbit.skip}`);

describe.skipIf('skip' in postgres)('production mode on Postgres', () => {
  const running: DistProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    if (!('skip' in postgres)) await postgres.release();
  });
  const url = 'skip' in postgres ? '' : postgres.url;
  const base = { NODE_ENV: 'production', DATABASE_URL: url };

  it('a server refuses a database whose schema is behind, and says to run the migrate step', async () => {
    const { code, output } = await runDist('api', { ...base, UPSTREAM_PORT: String(await freePort()) });
    expect(code).not.toBe(0);
    expect(output).toContain('schema is behind');
    expect(output).toContain('dist/migrate.js');
  });

  it('three migrate jobs at once: exactly one applies, the others wait and succeed', async () => {
    const jobs = await Promise.all([1, 2, 3].map(() => runDist('migrate', base)));
    for (const job of jobs) expect(job.code, job.output).toBe(0);
    expect(jobs.filter((job) => /applied \d+ migration/.test(job.output))).toHaveLength(1);
    expect(jobs.filter((job) => job.output.includes('nothing to apply'))).toHaveLength(2);
    // Idempotent: once more, nothing to do.
    expect((await runDist('migrate', base)).output).toContain('nothing to apply');
  }, 120_000);

  it('4 API processes and 2 engine workers started at once after the migrate job: none crashes, none seeds', async () => {
    const apis = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const port = await freePort();
        return { port, process: startDist('api', { ...base, UPSTREAM_PORT: String(port) }) };
      }),
    );
    running.push(...apis.map((a) => a.process));
    const workers =
      'skip' in rabbit
        ? []
        : await Promise.all(
            [0, 1].map(async (index) => {
              const port = await freePort();
              return {
                port,
                process: startDist('worker', {
                  ...base,
                  AMQP_URL: rabbit.url,
                  AMQP_PREFIX: `prod-${randomBytes(4).toString('hex')}`,
                  ENGINE_WORKERS: '2',
                  ENGINE_WORKER_INDEX: String(index),
                  ENGINE_PORT: String(port),
                }),
              };
            }),
          );
    running.push(...workers.map((w) => w.process));
    await Promise.all([
      ...apis.map((a) => waitForStatus(`http://127.0.0.1:${a.port}/healthz`, a.process)),
      ...workers.map((w) => waitForStatus(`http://127.0.0.1:${w.port}/healthz`, w.process)),
    ]);
    for (const p of [...apis, ...workers]) expect(p.process.child.exitCode).toBeNull();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const counts = await client.query(
      'select (select count(*) from users)::int as users, (select count(*) from providers)::int as providers, (select count(*) from matches)::int as matches',
    );
    await client.end();
    expect(counts.rows[0]).toEqual({ users: 0, providers: 0, matches: 0 });
    // The demo login does not exist.
    const login = await fetch(`http://127.0.0.1:${apis[0]!.port}/api/1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo' }),
    });
    expect(login.status).toBe(400);
  }, 240_000);

  it('refuses to start while a demo account signs in with the demo password', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('insert into users (email, name, password_hash, role) values ($1, $2, $3, $4)', [
      'demo@example.com',
      'Demo Operator',
      await hashPassword('demo'),
      'admin',
    ]);
    await client.end();
    const port = String(await freePort());
    const refused = await runDist('api', { ...base, UPSTREAM_PORT: port });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('demo@example.com signs in with the known demo password');
    // The way out the message names. Disabling is refused (it is the only admin); a reset voids the
    // demo password and prints a one-time link instead (no terminal to ask a password on).
    const disable = await runDist('operator', base, ['disable', '--email', 'demo@example.com']);
    expect(disable.output).toContain('at least one active admin');
    const reset = await runDist('operator', { ...base, PUBLIC_URL: 'https://odds.example.com' }, ['reset-password', '--email', 'demo@example.com']);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toMatch(/https:\/\/odds\.example\.com\/set-password#token=[A-Za-z0-9_-]{43}/);
    const api = startDist('api', { ...base, UPSTREAM_PORT: port });
    running.push(api);
    await waitForStatus(`http://127.0.0.1:${port}/healthz`, api);
  }, 120_000);
});
