import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import amqp from 'amqplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amqpSnapshots, buildStandIn, readUofRecording, replayUof } from '@odds/upstream/testing';
import { distBuilt, runDist, startDist, waitForStatus, type DistProcess } from '../support/dist';
import { acquirePostgres } from '../support/postgres';
import { freePort } from '../support/processes';
import { acquireRabbit } from '../support/rabbitmq';

/**
 * docs/deploying.md's "First run with the UOF stand-in", on the built app as a deployment runs it
 * (`node dist/…`, production mode, an empty Postgres): the migrate job, the first admin from the
 * operator command, a provider made in the API, the World Cup opted in, the sync creating the
 * league, teams and the two matches of 17–18 December 2022 linked to their UOF events, and the
 * final's recording played into RabbitMQ giving that match its odds. No SQL writes a row.
 */
if (!distBuilt()) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');

const RECORDING = fileURLToPath(new URL('../../infra/feeds/uof/argentina-france-2022-final.uof.jsonl', import.meta.url));
const TOKEN = 'first-run-token';
const ADMIN = { email: 'lead@example.com', password: 'a long first password' };

const postgres = await acquirePostgres();
const rabbit = 'skip' in postgres ? { skip: 'no Postgres' } : await acquireRabbit();
const skip = 'skip' in postgres ? postgres.skip : 'skip' in rabbit ? rabbit.skip : null;
if (skip) console.warn(`[first run skipped] ${skip}`);

describe.skipIf(skip !== null)('the first run of a deployment, from an empty database to live odds on a synced match', () => {
  const exchange = `first-run-${randomBytes(4).toString('hex')}`;
  const databaseUrl = 'skip' in postgres ? '' : postgres.url;
  const amqpUrl = 'url' in rabbit ? rabbit.url : '';
  let standIn: Awaited<ReturnType<typeof buildStandIn>>;
  let api: DistProcess;
  let base: string;
  let token: string;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Token ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const select = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s; last: ${JSON.stringify(value)} ${api.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  beforeAll(async () => {
    // 1. The vendor's API, five minutes before the final; it declares the vendor's exchange.
    const snapshots = amqpSnapshots(amqpUrl, exchange);
    await snapshots.open?.();
    standIn = await buildStandIn({ tokens: [TOKEN], now: () => Date.parse('2022-12-18T14:55:00Z'), snapshots, snapshotDelayMs: 100 });
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    const standInUrl = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
    // 2. The migrate job and the first admin, then the API reading the stand-in.
    const env = { NODE_ENV: 'production', DATABASE_URL: databaseUrl };
    const migrate = await runDist('migrate', env);
    expect(migrate.code, migrate.output).toBe(0);
    const added = await runDist('operator', env, ['add', '--email', ADMIN.email, '--name', 'Team Lead', '--admin', '--password', ADMIN.password]);
    expect(added.code, added.output).toBe(0);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = startDist('api', {
      ...env,
      UPSTREAM_PORT: String(port),
      UOF_API_URL: standInUrl,
      UOF_TOKEN: TOKEN,
      UOF_AMQP_URL: amqpUrl,
      UOF_EXCHANGE: exchange,
      UOF_MAX_DELAY_S: '0',
      UOF_SYNC_START_DATE: '2022-12-17',
      UOF_SYNC_HORIZON_DAYS: '2',
      LOG_LEVEL: process.env.FIRST_RUN_LOG ?? 'warn',
    });
    await waitForStatus(`${base}/healthz`, api);
    const login = await fetch(`${base}/api/1/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await standIn?.app.close();
    if ('url' in rabbit) {
      const connection = await amqp.connect(rabbit.url);
      const channel = await connection.createChannel();
      await channel.deleteExchange(exchange).catch(() => undefined);
      await connection.close();
    }
    if (!('skip' in postgres)) await postgres.release();
  }, 60_000);

  it('syncs the opted-in tournament: a league with its season, four teams and two matches linked to their UOF events', async () => {
    // 3. No provider yet; the admin makes the one the sync fills in.
    const provider = await call<{ id: number }>('POST', '/api/1/catalog/providers', { name: 'Staging Sportsbook', languages: ['en'], sport_ids: [1] });
    // 4. The World Cup opted in: the horizon was never read, so the first run starts at once.
    await call('PUT', `/api/1/catalog-sync/${provider.id}/tournaments/sr:tournament:16`);
    const linked = await until(
      () =>
        select<{ event: string; home: string; away: string }>(
          `select l.event, h.name as home, a.name as away from matches m
             join uof_links l on l.match_id = m.id join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id
            where m.provider_id = $1 order by l.event`,
          [provider.id],
        ),
      (rows) => rows.length === 2,
      'the sync to create and link two matches',
    );
    expect(linked).toEqual([
      { event: 'sr:match:2022063', home: expect.any(String), away: expect.any(String) },
      { event: 'sr:match:2022064', home: 'Argentina', away: 'France' },
    ]);
    const leagues = await select<{ name: string; seasons: number; synced: boolean }>(
      `select l.name, (select count(*)::int from seasons s where s.league_id = l.id) as seasons, l.sync_source is not null as synced from leagues l where l.provider_id = $1`,
      [provider.id],
    );
    expect(leagues).toEqual([{ name: 'World Cup', seasons: 1, synced: true }]);
    expect((await select<{ n: number }>('select count(*)::int as n from teams where provider_id = $1', [provider.id]))[0]!.n).toBe(4);
  }, 90_000);

  it('gives the synced final its odds when its recording plays into the feed, with no hand linking', async () => {
    const [{ id: finalId }] = (await select<{ id: number }>(`select match_id as id from uof_links where event = 'sr:match:2022064'`)) as [{ id: number }];
    const messages = readUofRecording(RECORDING);
    // The producers start down: their first alive makes the adapter ask the stand-in for a recovery,
    // whose snapshot_complete brings them up; then the match as fast as it goes.
    const firstOdds = messages.findIndex((m) => m.routing_key.includes('odds_change'));
    await replayUof({ amqpUrl, exchange, messages: messages.slice(0, firstOdds), speed: 0 });
    await until(
      () => select<{ state: string }>('select state from uof_producers order by id'),
      (rows) => rows.length > 0 && rows.every((p) => p.state === 'up'),
      'the producers to recover',
    );
    await replayUof({ amqpUrl, exchange, messages: messages.slice(firstOdds), speed: 0 });
    const { results } = await until(
      () => call<{ results: { market: { name: string } }[] }>('GET', `/api/1/offers/${finalId}?limit=1000`),
      (page) => page.results.length >= 500,
      'the final to get its odds',
    );
    // Its standard markets, made with the provider, priced from the feed.
    const priced = new Set(results.map((o) => o.market.name));
    expect(priced).toContain('Match Result');
    expect(priced).toContain('Over/Under 2.5 Goals');
  }, 120_000);
});
