/**
 * The catalog sync from the UOF Sports API (docs/catalog.md) against the stand-in, on PGlite and on
 * Postgres: a few days' schedules make leagues, seasons, teams and matches linked to their events;
 * a second sync changes nothing; a fixture moved, cancelled, a team renamed with and without an
 * operator's override.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leagues, matches, readSyncStatus, requestSync, saveShortName, seasons, teams, uofLinks, uofSyncRuns } from '@odds/upstream/testing';
import { counts, databases, renameCompetitor, syncBench, WORLD_CUP, type SyncBench } from '../support/catalog-sync';

const ADMIN = { id: null, name: 'Test Admin' };
// The stand-in's clock: the first quarter-final (Croatia–Brazil) is in play.
const NOW = Date.parse('2022-12-09T16:00:00Z');

describe.each(await databases())('the catalog sync on $name', ({ url, release }) => {
  let bench: SyncBench;
  let provider: number;
  const db = () => bench.database.db;
  const lastRun = async () => (await db().select().from(uofSyncRuns).where(eq(uofSyncRuns.providerId, provider)).orderBy(sql`id desc`).limit(1))[0]!;
  const teamNamed = async (name: string) =>
    (
      await db()
        .select()
        .from(teams)
        .where(and(eq(teams.providerId, provider), eq(teams.name, name)))
    )[0]!;
  const matchOf = async (event: string) => (await db().select().from(matches).where(eq(matches.syncRef, event)))[0]!;
  // One worker holds the provider (another would wait for its lease): every sync of these tests is its.
  let worker: ReturnType<SyncBench['worker']>;
  const syncNow = async () => {
    await requestSync(db(), { horizonDays: 3 } as never, provider, ADMIN);
    await worker.tick();
    return lastRun();
  };

  beforeAll(async () => {
    bench = await syncBench(url, { now: NOW });
    provider = await bench.provider('UOF Sportsbook');
    worker = bench.worker('2022-12-09', 3);
  });
  afterAll(async () => {
    await bench?.close();
    await release?.();
  });

  it('syncs the quarter-finals: one league with its season, eight teams, four matches linked to their events', async () => {
    await worker.tick();
    const run = await lastRun();
    expect(run).toMatchObject({ kind: 'schedule', status: 'done', steps: expect.any(Array), done: 4, created: 14, updated: 0, skipped: 0, errors: [] });
    expect(await counts(bench.database, provider)).toEqual({ leagues: 1, seasons: 1, teams: 8, matches: 4, links: 4 });
    const [league] = await db().select().from(leagues).where(eq(leagues.providerId, provider));
    expect(league).toMatchObject({
      name: 'World Cup',
      path: 'International / World Cup',
      uniqueId: WORLD_CUP,
      eventSync: true,
      syncSource: 'uof',
      syncRef: WORLD_CUP,
    });
    const [season] = await db().select().from(seasons).where(eq(seasons.leagueId, league!.id));
    expect(season).toMatchObject({ name: 'World Cup 2022', syncRef: 'sr:season:2022', startsOn: '2022-11-20', endsOn: '2022-12-18' });
    const croatia = await teamNamed('Croatia');
    expect(croatia).toMatchObject({ shortName: 'CRO', country: 'Croatia', teamKey: 'sr:competitor:7009', syncRef: 'sr:competitor:7009', overrides: [] });
    const qf = await matchOf('sr:match:2022057');
    expect(qf).toMatchObject({
      name: 'Croatia - Brazil',
      start: new Date('2022-12-09T15:00:00Z'),
      eventId: 'sr:match:2022057',
      round: 'Quarterfinals',
      leagueId: league!.id,
      seasonId: season!.id,
      homeTeamId: croatia.id,
    });
    expect(qf.ground).toMatch(/^Education City Stadium/);
    const [link] = await db().select().from(uofLinks).where(eq(uofLinks.matchId, qf.id));
    expect(link).toMatchObject({ event: 'sr:match:2022057', updatedBy: 'UOF sync' });
    // The run lists each row as the console has it (the panel links to it).
    expect(run.changes).toEqual(
      expect.arrayContaining([
        { entity: 'league', ref: WORLD_CUP, action: 'create', fields: ['name', 'path', 'unique_id', 'event_sync'], id: league!.id, name: 'World Cup' },
        { entity: 'team', ref: 'sr:competitor:7009', action: 'create', fields: ['name', 'short_name', 'country'], id: croatia.id, name: 'Croatia' },
        { entity: 'match', ref: 'sr:match:2022057', action: 'create', fields: expect.any(Array), id: qf.id, name: 'Croatia - Brazil' },
        { entity: 'link', ref: 'sr:match:2022057', action: 'create', fields: ['uof_event'], id: qf.id, name: 'Croatia - Brazil' },
      ]),
    );
    const audited = await db().select().from(auditLog).where(eq(auditLog.actorName, 'UOF sync'));
    expect(
      audited
        .filter((a) => a.action === 'create')
        .map((a) => a.entity)
        .sort(),
    ).toEqual([...Array(4).fill('match'), ...Array(8).fill('team')]);
    // The live schedule is due next: the match in play is as synced.
    await worker.tick();
    expect(await lastRun()).toMatchObject({ kind: 'live', status: 'done', created: 0, updated: 0 });
  });

  it('a second sync changes nothing (no write, no history, no notice); Sync now asked twice is one request', async () => {
    const before = await db().select({ id: matches.id, lastModified: matches.lastModified }).from(matches).where(eq(matches.providerId, provider));
    const audits = (await db().select().from(auditLog)).length;
    const first = await requestSync(db(), { horizonDays: 3 } as never, provider, ADMIN);
    const again = await requestSync(db(), { horizonDays: 3 } as never, provider, { id: null, name: 'Other Admin' });
    expect(first.already_requested).toBe(false);
    expect(again).toEqual({ ...first, already_requested: true });
    await worker.tick();
    const run = await lastRun();
    expect(run).toMatchObject({ kind: 'manual', status: 'done', requestedBy: 'Test Admin', created: 0, updated: 0, changes: [] });
    expect(run.unchanged).toBeGreaterThanOrEqual(4 * 5);
    expect(await db().select({ id: matches.id, lastModified: matches.lastModified }).from(matches).where(eq(matches.providerId, provider))).toEqual(before);
    expect((await db().select().from(auditLog)).length).toBe(audits);
    const status = await readSyncStatus(db(), { horizonDays: 3, scheduleEveryS: 86_400, liveEveryS: 300 } as never, provider);
    expect(status).toMatchObject({ available: true, requested_at: null, tournaments: [{ tournament: WORLD_CUP }] });
    expect(status.runs[0]).toMatchObject({ kind: 'manual', created: 0, updated: 0 });
  });

  it('moves a fixture the vendor moved, audited as the sync', async () => {
    const event = bench.catalog.byEvent.get('sr:match:2022057')!;
    event.start = new Date('2022-12-09T17:30:00Z');
    const run = await syncNow();
    expect(run).toMatchObject({
      status: 'done',
      created: 0,
      updated: 1,
      changes: [{ entity: 'match', ref: 'sr:match:2022057', action: 'update', fields: ['start'] }],
    });
    const qf = await matchOf('sr:match:2022057');
    expect(qf.start).toEqual(new Date('2022-12-09T17:30:00Z'));
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'match'), eq(auditLog.entityId, qf.id), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({ actorName: 'UOF sync', before: expect.objectContaining({ start: expect.stringMatching(/15:00:00/) }) });
  });

  it('gives a cancelled fixture its match state through the ingest', async () => {
    bench.catalog.byEvent.get('sr:match:2022058')!.status = 'cancelled';
    await syncNow();
    const qf = await matchOf('sr:match:2022058');
    const states = bench.ingested.filter((i) => i.matchId === qf.id).flatMap((i) => i.messages);
    expect(states).toEqual([
      expect.objectContaining({ kind: 'match_state', state: 'CANCELLED', source_id: 'uof-sync:sr:match:2022058:match_state:CANCELLED' }),
    ]);
  });

  it('renames a team the vendor renamed, and its matches', async () => {
    renameCompetitor(bench.catalog, 'sr:competitor:7009', 'Croatia HNS', 'HRV');
    const before = await teamNamed('Croatia');
    const run = await syncNow();
    expect(run.changes).toEqual(
      expect.arrayContaining([
        { entity: 'team', ref: 'sr:competitor:7009', action: 'update', fields: ['name', 'short_name', 'country'], id: before.id, name: 'Croatia HNS' },
        { entity: 'match', ref: 'sr:match:2022057', action: 'update', fields: ['name'], id: expect.any(Number), name: 'Croatia HNS - Brazil' },
      ]),
    );
    const after = await teamNamed('Croatia HNS');
    expect(after).toMatchObject({ id: before.id, shortName: 'HRV', version: before.version + 1 });
    expect((await matchOf('sr:match:2022057')).name).toBe('Croatia HNS - Brazil');
  });

  it('keeps what an operator changed by hand: a name and a short name stay, the rest follows the vendor', async () => {
    const brazil = await teamNamed('Brazil');
    await db()
      .update(teams)
      .set({ overrides: ['name'] })
      .where(eq(teams.id, brazil.id));
    const netherlands = await teamNamed('Netherlands');
    await saveShortName(db(), netherlands.id, 'Oranje');
    expect((await teamNamed('Netherlands')).overrides).toEqual(['short_name']);
    renameCompetitor(bench.catalog, 'sr:competitor:7004', 'Brasil', 'BRZ');
    renameCompetitor(bench.catalog, 'sr:competitor:7022', 'Holland', 'HOL');
    await syncNow();
    expect(await teamNamed('Brazil')).toMatchObject({ id: brazil.id, shortName: 'BRZ', overrides: ['name'] });
    expect(await teamNamed('Holland')).toMatchObject({ id: netherlands.id, shortName: 'Oranje', overrides: ['short_name'] });
    expect((await matchOf('sr:match:2022057')).name).toBe('Croatia HNS - Brazil');
    expect((await matchOf('sr:match:2022058')).name).toBe('Holland - Argentina');
  });

  it('skips, with the reason, every event of a tournament a provider did not opt in', async () => {
    const other = await bench.provider('No Tournaments');
    await db().execute(sql`delete from uof_sync_tournaments where provider_id = ${other}`);
    await requestSync(db(), { horizonDays: 1 } as never, other, ADMIN);
    await bench.worker('2022-12-10', 1).tick();
    const [run] = await db().select().from(uofSyncRuns).where(eq(uofSyncRuns.providerId, other));
    expect(run).toMatchObject({ status: 'done', created: 0, skipped: 2 });
    expect(run!.skips).toEqual({ 'tournament sr:tournament:16 (World Cup) is not opted in': { count: 2, refs: ['sr:match:2022059', 'sr:match:2022060'] } });
    expect(await counts(bench.database, other)).toMatchObject({ matches: 0, teams: 0 });
  });
});
