import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FeedMessage } from '@odds/protocol';
import {
  addTournament,
  buildCatalog,
  buildStandIn,
  DEFAULT_RATES,
  openDatabase,
  providers,
  sports,
  SyncWorker,
  uofApiCall,
  type Catalog,
  type Database,
  type SyncSettings,
  type UofApiCall,
} from '@odds/upstream/testing';
import { acquirePostgres } from './postgres';

/**
 * The catalog sync's suites (tests/integration/catalog-sync*.test.ts): an empty migrated database
 * (PGlite, and Postgres when TEST_DATABASE_URL or a container runtime is there) with the sports and
 * one provider per scenario, and the UOF stand-in on a real port serving a catalog the test may change.
 */
const TOKEN = 'catalog-sync-token';
export const WORLD_CUP = 'sr:tournament:16';
const ADMIN = { id: null, name: 'Test Admin' };

export interface SyncBench {
  database: Database;
  catalog: Catalog;
  base: string;
  /** What the fake ingest was given (match states of cancelled fixtures). */
  ingested: { matchId: number; messages: FeedMessage[] }[];
  /** A provider with the World Cup opted in. */
  provider(name: string): Promise<number>;
  /** A worker reading `days` from `startDate`; `call` wraps the stand-in's API (a crash, a fault). */
  worker(startDate: string, days: number, options?: { call?: (inner: UofApiCall) => UofApiCall; leaseS?: number; owner?: string }): SyncWorker;
  close(): Promise<void>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function databases(): Promise<{ name: string; url: string | null; release?: () => Promise<void> }[]> {
  const postgres = await acquirePostgres();
  if ('skip' in postgres) {
    console.warn(`[catalog sync on Postgres skipped] ${postgres.skip}`);
    return [{ name: 'PGlite', url: null }];
  }
  return [
    { name: 'PGlite', url: null },
    { name: 'Postgres', url: postgres.url, release: postgres.release },
  ];
}

export async function syncBench(url: string | null, options: { now: number; fault?: Parameters<typeof buildStandIn>[0]['fault'] }): Promise<SyncBench> {
  const database = await openDatabase(url ?? 'memory://');
  const { db } = database;
  const none = { max_sub_node: 0, sub_node_increment: 1, sub_nodes: [], max_leaf_node: 0, leaf_node_increment: 1, leaf_nodes: [] };
  await db
    .insert(sports)
    .values([
      { id: 1, name: 'Football', periods: 2, scores: { max_score: 8, increment: 1, ...none } },
      { id: 4, name: 'Basketball', periods: 4, scores: { max_score: 150, increment: 10, ...none } },
    ])
    .onConflictDoNothing();
  const catalog = buildCatalog();
  const standIn = await buildStandIn({ tokens: [TOKEN], now: () => options.now, snapshots: null, catalog, ...(options.fault && { fault: options.fault }) });
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
  const ingested: SyncBench['ingested'] = [];
  const workers: SyncWorker[] = [];
  const fast = Object.fromEntries(Object.keys(DEFAULT_RATES).map((k) => [k, 6000])) as SyncSettings['ratesPerMinute'];
  return {
    database,
    catalog,
    base,
    ingested,
    async provider(name) {
      const [row] = await db
        .insert(providers)
        .values({ name, meta: { languages: ['en'] } })
        .returning({ id: providers.id });
      await db.execute(sql`insert into provider_sports (provider_id, sport_id) values (${row!.id}, 1)`);
      await addTournament(db, row!.id, WORLD_CUP, ADMIN);
      return row!.id;
    },
    worker(startDate, days, { call, leaseS = 30, owner } = {}) {
      const settings: SyncSettings = {
        apiUrl: base,
        token: TOKEN,
        horizonDays: days,
        startDate,
        scheduleEveryS: 86_400,
        liveEveryS: 300,
        ratesPerMinute: fast,
        leaseS,
      };
      const inner = uofApiCall(base, TOKEN);
      const worker = new SyncWorker({
        db,
        settings,
        log: { info: () => {}, warn: () => {} },
        ingest: {
          ingest: async (matchId, messages) => {
            ingested.push({ matchId, messages });
            return { accepted: messages.length, duplicates: 0, stale: 0, offers: 0, events: messages.length, firings: 0, deliveries: 0 } as never;
          },
        },
        call: call ? call(inner) : inner,
        firstBackoffMs: 5,
        maxAttempts: 3,
        tickMs: 20,
        ...(owner && { owner }),
      });
      workers.push(worker);
      return worker;
    },
    async close() {
      for (const worker of workers) await worker.kill();
      await standIn.app.close();
      await database.close();
    },
  };
}

/** Renames a competitor wherever the stand-in's catalog has it (the vendor renamed a team). */
export function renameCompetitor(catalog: Catalog, id: string, name: string, abbreviation?: string): void {
  for (const event of catalog.events)
    for (const side of ['home', 'away'] as const) if (event[side].id === id) event[side] = { ...event[side], name, ...(abbreviation && { abbreviation }) };
}

/** The provider's synced rows, counted (duplicates would show here). */
export async function counts(database: Database, providerId: number) {
  const [row] = rowsOf<{ leagues: number; seasons: number; teams: number; matches: number; links: number }>(
    await database.db.execute(sql`select
      (select count(*)::int from leagues where provider_id = ${providerId}) as leagues,
      (select count(*)::int from seasons s join leagues l on l.id = s.league_id where l.provider_id = ${providerId}) as seasons,
      (select count(*)::int from teams where provider_id = ${providerId}) as teams,
      (select count(*)::int from matches where provider_id = ${providerId}) as matches,
      (select count(*)::int from uof_links k join matches m on m.id = k.match_id where m.provider_id = ${providerId}) as links`),
  );
  return row!;
}
