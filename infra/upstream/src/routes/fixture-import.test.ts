import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, FixtureImportReply, League, ListReply, Match, Season, Team } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let league: League;
let season: Season;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  league = (await post('/api/1/catalog/leagues', { provider_id: 1, sport_id: 1, name: 'Nordic Cup' })).json<League>();
  season = (await post(`/api/1/catalog/leagues/${league.id}/seasons`, { name: '2027', starts_on: '2027-03-01', ends_on: '2027-11-30' })).json<Season>();
  // One team the provider already has, under its short name in the file.
  await post('/api/1/catalog/teams', { provider_id: 1, sport_id: 1, name: 'Malmö FF', short_name: 'MFF' });
});
afterAll(() => upstream.close());

function post(url: string, payload: unknown, as = headers) {
  return upstream.app.inject({ method: 'POST', url, headers: as, payload: payload as object });
}
const importing = (csv: string, dryRun: boolean) => post(`/api/1/catalog/seasons/${season.id}/fixtures/import`, { csv, dry_run: dryRun });
const seasonMatches = async () =>
  (await upstream.app.inject({ method: 'GET', url: `/api/1/leagues/${league.id}/matches?limit=100&order_by=start`, headers })).json<ListReply<Match>>().results;

const FILE = [
  'date,time,time zone,home,away,league',
  '2027-04-05,19:00,Europe/Stockholm,MFF,Hammarby,Nordic Cup',
  '2027-04-06,18:30,Europe/Oslo,Rosenborg,Molde,nordic-cup',
  '2027-04-06,18:30,Europe/Oslo,Rosenborg,Molde,Nordic Cup',
  '05/04/2027,19:00,Europe/Stockholm,MFF,Molde,Nordic Cup',
  '2027-04-07,7pm,Europe/Stockholm,MFF,Molde,Nordic Cup',
  '2027-04-07,19:00,Mars/Olympus,MFF,Molde,Nordic Cup',
  '2027-03-28,02:30,Europe/Stockholm,MFF,Molde,Nordic Cup',
  '2027-04-08,19:00,UTC,,Molde,Nordic Cup',
  '2027-04-08,19:00,UTC,Molde,molde,Nordic Cup',
  '2027-04-08,19:00,UTC,MFF,Molde,Premier League',
  '2027-12-08,19:00,UTC,MFF,Molde,Nordic Cup',
  '2027-04-09,19:00,UTC,MFF,Molde',
  '"2027-04-10","20:45","UTC","Brøndby, IF","Malmö FF","Nordic Cup"',
].join('\n');

const REFUSED = [
  [4, 'the same fixture as line 3'],
  [5, 'date "05/04/2027" is not a date as YYYY-MM-DD'],
  [6, 'time "7pm" is not a time as HH:MM'],
  [7, 'time zone "Mars/Olympus" is not known (use an IANA name such as Europe/London, or UTC)'],
  [8, '2027-03-28 02:30 does not exist in Europe/Stockholm (the clocks go forward then)'],
  [9, 'the home team is missing'],
  [10, 'home and away are the same team (Molde)'],
  [11, `league "Premier League" is not this season's league (Nordic Cup)`],
  [12, '2027-12-08 is outside the season 2027 (2027-03-01 to 2027-11-30)'],
  [13, 'expected 6 columns (date, time, time zone, home, away, league), found 5'],
];

describe('POST /api/1/catalog/seasons/:seasonId/fixtures/import (fixtureImport)', () => {
  it('dry run: says line by line what it would create or refuse (line number and reason), and writes nothing', async () => {
    const reply = await importing(FILE, true);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<FixtureImportReply>();
    expect(body).toMatchObject({ dry_run: true, created: { matches: 3, teams: 4 }, matched: 0, refused: REFUSED.length });
    expect(body.lines.filter((l) => l.outcome === 'refuse').map((l) => [l.line, l.reason])).toEqual(REFUSED);
    const created = body.lines.filter((l) => l.outcome === 'create');
    expect(created.map((l) => [l.line, l.start, l.home?.name, l.home?.team_id === null, l.away?.name])).toEqual([
      // Stockholm is UTC+2 in April; the known team is named as the provider names it.
      [2, '2027-04-05T17:00:00.000Z', 'Malmö FF', false, 'Hammarby'],
      [3, '2027-04-06T16:30:00.000Z', 'Rosenborg', true, 'Molde'],
      [14, '2027-04-10T20:45:00.000Z', 'Brøndby, IF', true, 'Malmö FF'],
    ]);
    expect(await seasonMatches()).toEqual([]);
  });

  it('imports the lines that can be, in one transaction with history; a re-import matches them and creates nothing', async () => {
    const body = (await importing(FILE, false)).json<FixtureImportReply>();
    expect(body).toMatchObject({ dry_run: false, created: { matches: 3, teams: 4 }, refused: REFUSED.length });
    const made = await seasonMatches();
    expect(made.map((m) => [m.name, m.start, m.season_id])).toEqual([
      ['Malmö FF - Hammarby', '2027-04-05T17:00:00.000Z', season.id],
      ['Rosenborg - Molde', '2027-04-06T16:30:00.000Z', season.id],
      ['Brøndby, IF - Malmö FF', '2027-04-10T20:45:00.000Z', season.id],
    ]);
    expect(body.lines.filter((l) => l.outcome === 'create').map((l) => l.match_id)).toEqual(made.map((m) => m.id));
    const audit = (await upstream.app.inject({ method: 'GET', url: `/api/1/audit?entity=match&entity_id=${made[0]!.id}`, headers })).json<
      ListReply<AuditEntry>
    >();
    expect(audit.results.map((e) => [e.action, e.actor.name])).toEqual([['create', 'Demo Operator']]);
    const hammarby = (await upstream.app.inject({ method: 'GET', url: '/api/1/teams?q=Hammarby', headers })).json<ListReply<Team>>().results;
    expect(hammarby.map((t) => t.name)).toEqual(['Hammarby']);

    const again = (await importing(FILE, false)).json<FixtureImportReply>();
    expect(again).toMatchObject({ created: { matches: 0, teams: 0 }, matched: 3, refused: REFUSED.length });
    expect(again.lines.filter((l) => l.outcome === 'match').map((l) => l.match_id)).toEqual(made.map((m) => m.id));
    expect(await seasonMatches()).toHaveLength(3);
  });

  it('two imports of one new file at once create its matches once (the season is locked)', async () => {
    const file = '2027-05-01,15:00,UTC,Hammarby,Rosenborg,Nordic Cup\n2027-05-02,15:00,UTC,Kalmar FF,Molde,Nordic Cup\n';
    const replies = await Promise.all([importing(file, false), importing(file, false)]);
    const bodies = replies.map((r) => r.json<FixtureImportReply>());
    expect(bodies.map((b) => b.created.matches).sort()).toEqual([0, 2]);
    expect(bodies.map((b) => b.matched).sort()).toEqual([0, 2]);
    expect((await seasonMatches()).filter((m) => m.start.startsWith('2027-05'))).toHaveLength(2);
  });

  it('refuses a file that is not CSV, an unknown season and a non-admin, writing nothing', async () => {
    const broken = await importing('2027-05-01,15:00,UTC,"Hammarby,Rosenborg,Nordic Cup\n', true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file is not valid CSV \(line \d\): Quote Not Closed/);
    const ghost = await post('/api/1/catalog/seasons/999999/fixtures/import', { csv: 'x', dry_run: true });
    expect([ghost.statusCode, ghost.json().message]).toEqual([404, 'Season 999999 not found']);
    const operator = { authorization: `Token ${await upstream.login(OPS)}` };
    const refused = await post(`/api/1/catalog/seasons/${season.id}/fixtures/import`, { csv: FILE, dry_run: false }, operator);
    expect(refused.statusCode).toBe(403);
    const empty = await importing('', true);
    expect(empty.statusCode).toBe(400);
  });
});
