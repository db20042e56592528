import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type AuditEntity, type ListReply, type Team } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';
import { getTeam } from '../catalog/teams';
import { conflictFor } from './versioned';

let upstream: TestUpstream;
let auth: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  auth = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

describe('the co-editing registry (app.coediting)', () => {
  it('shows every versioned entity of the app in a 409 as the API does, not as stored', () => {
    const versioned: AuditEntity[] = [
      'threshold_set',
      'match_content',
      'stat_event',
      'tracker',
      'contact',
      'content_item',
      'content_group',
      'market',
      'saved_threshold',
      'team',
      'provider',
      // The catalog made by hand (docs/catalog.md).
      'league',
      'season',
      'match',
      'market_type',
    ];
    // Saved templates answer their 409 with the stored row, as before.
    expect(Object.keys(upstream.app.coediting.presenters).sort()).toEqual(versioned.filter((e) => e !== 'saved_threshold').sort());
  });

  it('builds a conflict raised outside any route with the record as its route shows it', async () => {
    const team = (await upstream.app.inject({ url: buildPath(routes.teams, {}) + buildQuery({ limit: 1, order_by: 'id' }), headers: auth })).json<
      ListReply<Team>
    >().results[0]!;
    const conflict = await conflictFor(upstream.database.db, 'team', team.id, 'changed meanwhile');
    // As stored: snake_case columns of the teams table.
    expect(conflict.current).toHaveProperty('short_name');
    const body = await upstream.app.coediting.conflictBody(conflict);
    expect(body).toMatchObject({ statusCode: 409, code: 'CONFLICT', entity: 'team', message: 'changed meanwhile' });
    expect(body.current).toEqual(await getTeam(upstream.database.db, team.id));
  });

  it('answers a stale write with 409 and the record as the API shows it', async () => {
    const team = (await upstream.app.inject({ url: buildPath(routes.teams, {}) + buildQuery({ limit: 1, order_by: 'id' }), headers: auth })).json<
      ListReply<Team>
    >().results[0]!;
    const save = (value: string, version: number) =>
      upstream.app.inject({
        method: routes.teamShortNameSave.method,
        url: buildPath(routes.teamShortNameSave, { teamId: team.id }),
        headers: { ...auth, 'if-match': `"${version}"` },
        payload: { value },
      });
    expect((await save('NEW', team.version!)).statusCode).toBe(200);
    const stale = await save('OLD', team.version!);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(JSON.parse(JSON.stringify(await getTeam(upstream.database.db, team.id))));
  });
});
