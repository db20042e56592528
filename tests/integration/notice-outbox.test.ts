/**
 * Change notices of committed writes cannot be lost (docs/live-path.md "Notices that cannot be
 * lost"): the API process (`infra/upstream/src/main.ts`, a real child process) commits a write
 * whose notice is held back by CHANGE_OUTBOX_DELAY_MS, is killed (SIGKILL) before it publishes,
 * and once started again publishes the notice from the outbox to the relay's own change-stream
 * subscriber (relay/src/live/polling/change-stream.ts), which resumed with its Last-Event-ID. On the
 * embedded PGlite (a data folder on disk) and on Postgres when one is available.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { routes, type ChangeNotice } from '@odds/protocol';
import { DEMO } from '@odds/upstream/testing';
import { ChangeStream, createRelayMetrics } from '@odds/relay/testing';
import { waitFor } from '../support/engine-cluster';
import { acquirePostgres } from '../support/postgres';
import { freePort, killOnExit } from '../support/processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[notice outbox on Postgres skipped] ${postgres.skip}`);
afterAll(async () => {
  if (!('skip' in postgres)) await postgres.release();
});

/** The API process on `port`, resolved once it answers /healthz. */
async function startApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = killOnExit(
    spawn(process.execPath, ['--import', 'tsx', 'infra/upstream/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        AMQP_URL: '',
        ...env,
        UPSTREAM_PORT: String(port),
        UPSTREAM_HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitFor(
    `the API process on port ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}:\n${output.join('')}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    180_000,
  );
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

const databases = [
  { name: 'embedded PGlite on disk', env: () => ({ PGLITE_DIR: join(mkdtempSync(join(tmpdir(), 'odds-outbox-')), 'pglite') }) },
  ...('skip' in postgres ? [] : [{ name: 'Postgres', env: () => ({ DATABASE_URL: postgres.url }) }]),
];

describe.each(databases)('a notice committed just before the API process is killed ($name)', ({ env }) => {
  it('reaches the change stream’s subscriber once the process is back', async () => {
    const database = env();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // First life: notices wait 10 minutes after their commit, so the kill lands between the two.
    let child = await startApi(port, { ...database, CHANGE_OUTBOX_DELAY_MS: '600000' });
    const token = (
      (await (
        await fetch(`${base}${routes.authenticate.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) })
      ).json()) as { token: string }
    ).token;
    const notices: ChangeNotice[] = [];
    let connects = 0;
    const stream = new ChangeStream({
      baseUrl: base,
      credentials: { kind: 'service account', token: async () => token, readsOperatorTables: () => true, rejected: () => {} },
      onNotice: (notice) => notices.push(notice),
      onConnected: () => {
        connects += 1;
      },
      metrics: createRelayMetrics(),
      log: pino({ level: 'silent' }),
    });
    try {
      stream.setActive(true);
      await waitFor('the change stream', async () => stream.connected, 30_000);
      const auth = { authorization: `Token ${token}`, 'content-type': 'application/json' };
      const [match] = ((await (await fetch(`${base}/api/1/1/1/matches?limit=1`, { headers: auth })).json()) as { results: { id: number }[] }).results;
      const saved = await fetch(`${base}${routes.statEventsSave.path}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ events: [{ match_id: match!.id, type: 6, period: 1, game_time: 33 }] }),
      });
      expect(saved.status).toBe(200);
      const [event] = ((await saved.json()) as { results: { id: number }[] }).results;
      const ours = () => notices.filter((n) => n.entity === 'stat_event' && n.entity_id === event!.id);
      // Committed, and not published: the delay holds it (an in-memory listener would still have it).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(ours()).toEqual([]);
      child.kill('SIGKILL');
      await exited(child);

      // Second life, on the same database and port: the outbox is published at start.
      child = await startApi(port, database);
      await waitFor('the notice after the restart', async () => ours().length > 0, 60_000);
      expect(ours()).toEqual([
        expect.objectContaining({
          match_id: match!.id,
          topics: ['stats', 'history'],
          entity: 'stat_event',
          entity_id: event!.id,
          actor: expect.objectContaining({ name: 'Demo Operator' }),
        }),
      ]);
      expect(connects).toBeGreaterThanOrEqual(2);
    } finally {
      await stream.close();
      child.kill('SIGTERM');
      await exited(child);
      if ('PGLITE_DIR' in database) rmSync(join(database.PGLITE_DIR, '..'), { recursive: true, force: true });
    }
  }, 400_000);
});
