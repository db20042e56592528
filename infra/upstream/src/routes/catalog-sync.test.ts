import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type CatalogSyncRequest, type CatalogSyncStatus } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';
import { DEFAULT_RATES, type SyncSettings } from '../feeds/uof/sync/settings';

const SETTINGS: SyncSettings = {
  apiUrl: 'http://127.0.0.1:9',
  token: null,
  horizonDays: 7,
  startDate: null,
  scheduleEveryS: 86_400,
  liveEveryS: 300,
  ratesPerMinute: DEFAULT_RATES,
  leaseS: 60,
};

/** The Catalog sync panel's routes: any operator reads, admins opt tournaments in and out and ask for a sync (once). */
describe('catalog sync routes', () => {
  let upstream: TestUpstream;
  let off: TestUpstream;
  let admin: Record<string, string>;
  let operator: Record<string, string>;
  const path = (p: string, values: Record<string, string | number>) =>
    Object.entries(values).reduce((out, [k, v]) => out.replace(`:${k}`, encodeURIComponent(String(v))), p);
  const status = (headers: Record<string, string>, app = upstream) =>
    app.app.inject({ method: 'GET', url: path(routes.catalogSync.path, { providerId: 1 }), headers });

  beforeAll(async () => {
    // One after the other: two apps starting at once on a busy machine time out their plugins.
    upstream = await createTestUpstream({ catalogSync: SETTINGS });
    off = await createTestUpstream();
    admin = { authorization: `Token ${await upstream.login()}` };
    operator = { authorization: `Token ${await upstream.login(OPS)}` };
  });
  afterAll(async () => {
    await upstream?.close();
    await off?.close();
  });

  it('shows the settings, no tournament and no run at first; says why when the sync is off', async () => {
    expect((await status(operator)).json<CatalogSyncStatus>()).toMatchObject({
      available: true,
      reason: null,
      settings: { horizon_days: 7, schedule_every_s: 86_400, live_every_s: 300 },
      provider_id: 1,
      tournaments: [],
      owner: null,
      runs: [],
    });
    const offHeaders = { authorization: `Token ${await off.login()}` };
    expect((await status(offHeaders, off)).json<CatalogSyncStatus>()).toMatchObject({ available: false, reason: expect.stringContaining('UOF_API_URL') });
    expect((await upstream.app.inject({ method: 'GET', url: '/api/1/catalog-sync/1' })).statusCode).toBe(401);
    expect((await upstream.app.inject({ method: 'GET', url: '/api/1/catalog-sync/999', headers: admin })).statusCode).toBe(404);
  });

  it('opts a tournament in and out (admins only; a malformed urn is a 400)', async () => {
    const put = (headers: Record<string, string>, tournament: string) =>
      upstream.app.inject({ method: 'PUT', url: path(routes.catalogSyncTournamentAdd.path, { providerId: 1, tournament }), headers });
    expect((await put(operator, 'sr:tournament:16')).statusCode).toBe(403);
    expect((await put(admin, 'sr:match:16')).statusCode).toBe(400);
    const added = await put(admin, 'sr:tournament:16');
    expect(added.json()).toMatchObject({ tournament: 'sr:tournament:16', added_by: 'Demo Operator' });
    expect((await put(admin, 'sr:tournament:16')).json()).toEqual(added.json());
    expect((await status(operator)).json<CatalogSyncStatus>().tournaments.map((t) => t.tournament)).toEqual(['sr:tournament:16']);
    const remove = (tournament: string) =>
      upstream.app.inject({ method: 'DELETE', url: path(routes.catalogSyncTournamentRemove.path, { providerId: 1, tournament }), headers: admin });
    expect((await remove('sr:tournament:16')).statusCode).toBe(200);
    expect((await remove('sr:tournament:16')).statusCode).toBe(404);
  });

  it('asks for one sync however often Sync now is pressed, by two admins at once too; refused when the sync is off', async () => {
    const now = (headers: Record<string, string>, app = upstream) =>
      app.app.inject({ method: 'POST', url: path(routes.catalogSyncNow.path, { providerId: 1 }), headers });
    expect((await now(operator)).statusCode).toBe(403);
    const replies = (await Promise.all([now(admin), now(admin), now(admin)])).map((r) => r.json<CatalogSyncRequest>());
    expect(replies.filter((r) => !r.already_requested)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.requested_at)).size).toBe(1);
    expect((await status(operator)).json<CatalogSyncStatus>()).toMatchObject({ requested_at: replies[0]!.requested_at, requested_by: 'Demo Operator' });
    const offHeaders = { authorization: `Token ${await off.login()}` };
    const refused = await now(offHeaders, off);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('UOF_API_URL');
  });
});
